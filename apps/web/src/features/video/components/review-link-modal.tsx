import { CheckCircleFilled, CopyOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import { formatDate } from '../../../lib/format-date';
import { copyWithNotice } from '../../../lib/clipboard';
import './approvals.css';
import './post-detail.css';
import './review-parts.css';

/** An approval asked for: whom, and the review link made with it (shown once: only its hash is kept). */
export interface ApprovalRequest {
  url: string;
  expires_at: string;
  merchant: string;
}

/**
 * After "Ask for approval": the merchant has already been told (notification and mail) and answers
 * in the app; the link stays on offer, with its copy button, for sending some other way.
 */
export function ReviewLinkModal({ link, onClose }: { link: ApprovalRequest | null; onClose: () => void }) {
  const { t } = useTranslation('video');
  const copy = () => (link ? copyWithNotice(link.url, t('review_link.copied')) : Promise.resolve());
  return (
    <Modal
      open={link !== null}
      title={t('review_link.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="review-link-done">
          {t('review_link.done')}
        </Button>
      }
      zIndex={DIALOG_Z_INDEX}
      className="nc-modal"
      data-testid="review-link-modal"
    >
      {link && (
        <>
          <p className="video-review-link__sent" role="status" data-testid="review-link-sent">
            <CheckCircleFilled className="video-review-link__sent-icon" />
            <span>{t('review_link.sent', { merchant: link.merchant })}</span>
          </p>
          <p className="video-muted">{t('review_link.body', { date: formatDate(link.expires_at) })}</p>
          <Space.Compact className="video-review-link">
            <Input value={link.url} readOnly aria-label={t('review_link.link')} data-testid="review-link-url" onFocus={(event) => event.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="review-link-copy">
              {t('review_link.copy')}
            </Button>
          </Space.Compact>
        </>
      )}
    </Modal>
  );
}
