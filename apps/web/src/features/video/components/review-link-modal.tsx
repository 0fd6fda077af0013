import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import { formatDate } from '../../../lib/format-date';
import { copyWithNotice } from '../../../lib/clipboard';

/** The review link, shown once (only its hash is kept), with a copy button. */
export function ReviewLinkModal({ link, onClose }: { link: { url: string; expires_at: string } | null; onClose: () => void }) {
  const { t } = useTranslation('video');
  const copy = () => (link ? copyWithNotice(link.url, t('review_link.copied')) : Promise.resolve());
  return (
    <Modal open={link !== null} title={t('review_link.title')} onCancel={onClose} footer={null} zIndex={DIALOG_Z_INDEX} className="nc-modal" data-testid="review-link-modal">
      {link && (
        <>
          <p>{t('review_link.body', { date: formatDate(link.expires_at) })}</p>
          <Space.Compact className="video-review-link">
            <Input value={link.url} readOnly aria-label={t('review_link.title')} data-testid="review-link-url" onFocus={(event) => event.target.select()} />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="review-link-copy">
              {t('review_link.copy')}
            </Button>
          </Space.Compact>
        </>
      )}
    </Modal>
  );
}
