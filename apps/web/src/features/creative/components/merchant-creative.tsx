import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { useRenders } from '../api/list-renders';
import { isActive } from '../lib/renders';
import { useLiveRenders } from '../lib/use-live-renders';
import { BriefForm } from './brief-form';
import { DraftPreview } from './draft-preview';
import { RenderCard } from './render-card';
import '../pages/creative.css';

/** The latest few: the dashboard is not the place to page through every draft. */
const RECENT = 6;

/**
 * The merchant's side of the production line, on its dashboard: the videos its studio is making
 * for it (being made, or done and waiting for the studio's word, approved or turned down) to
 * watch, and its creative brief to keep up to date. It decides nothing here: its say on a post
 * is the approval panel above.
 */
export function MerchantCreative({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation('creative');
  const [briefOpen, setBriefOpen] = useState(false);
  return (
    <Card className="cr-card cr-mine" title={t('mine.title')} data-testid="merchant-creative">
      <p className="cr-muted">{t('mine.subtitle')}</p>
      <RecentDrafts onEditBrief={() => setBriefOpen(true)} />
      <Collapse
        className="cr-mine__brief"
        activeKey={briefOpen ? ['brief'] : []}
        onChange={(keys) => setBriefOpen(keys.includes('brief'))}
        items={[
          {
            key: 'brief',
            label: <span data-testid="merchant-brief-toggle">{t('mine.brief')}</span>,
            children: <BriefForm merchantId={merchantId} editable listable own />,
          },
        ]}
      />
    </Card>
  );
}

function RecentDrafts({ onEditBrief }: { onEditBrief: () => void }) {
  const { t } = useTranslation('creative');
  const renders = useRenders({ page: 1, page_size: RECENT });
  // A failed or cancelled attempt is the studio's business: the merchant sees videos, not retries.
  const list = (renders.data?.list ?? []).filter((render) => isActive(render) || render.state === 'done');
  useLiveRenders(list, renders.dataUpdatedAt, undefined);
  const [preview, setPreview] = useState<number | null>(null);

  if (renders.isPending)
    return (
      <div aria-busy="true" data-testid="merchant-drafts-loading">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  if (renders.isError) return <LoadFailed error={renders.error} title={t('board.load_failed')} onRetry={() => void renders.refetch()} testId="merchant-drafts-error" retryTestId="merchant-drafts-retry" />;
  if (list.length === 0)
    return (
      <ListEmpty
        title={t('mine.empty')}
        body={t('mine.empty_body')}
        action={
          <Button icon={<EditOutlined />} onClick={onEditBrief} data-testid="merchant-drafts-brief">
            {t('mine.edit_brief')}
          </Button>
        }
        testId="merchant-drafts-empty"
      />
    );
  return (
    <>
      <ul className="cr-board__cards" data-testid="merchant-drafts">
        {list.map((render) => (
          <RenderCard key={render.id} render={render} actions={{ onPreview: (item) => setPreview(item.id) }} />
        ))}
      </ul>
      <DraftPreview render={list.find((render) => render.id === preview) ?? null} onClose={() => setPreview(null)} actions={{ onPreview: () => undefined }} />
    </>
  );
}
