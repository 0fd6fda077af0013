import { CheckCircleOutlined } from '@ant-design/icons';
import { FOOTAGE_TYPES, FOOTAGE_USAGES, type Footage, type FootageType, type FootageUsage } from '@nearcast/contract';
import { Button, Drawer, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../../components/data-table';
import { FilterSelect, ListFilters } from '../../../components/list-filters';
import { formatBytes } from '../../../components/upload/upload-queue';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useFootageList } from '../api/list-footage';
import { formatDuration } from '../lib/media';
import { MaterialGrid } from './material-grid';
import { MaterialPreview } from './material-preview';
import { MaterialTypeLabel, MaterialUsageTag } from './material-tags';
import { UsageMarkModal } from './usage-mark-modal';
import '../pages/material-styles';

export interface MaterialClient {
  id: number;
  name: string;
}

/**
 * A merchant's active materials as its studio or assigned operator sees them (the server only
 * answers those), opened from the client list: each one's preview, the merchant's note and
 * tags, and the mark of what became of it, which the merchant then sees on its own library.
 */
export function ClientMaterialDrawer({ client, onClose }: { client: MaterialClient | null; onClose: () => void }) {
  const { t } = useTranslation('material');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [type, setType] = useState<FootageType | undefined>();
  const [usage, setUsage] = useState<FootageUsage | undefined>();
  const paging = usePaging(12);
  const [viewing, setViewing] = useState<Footage | null>(null);
  const [marking, setMarking] = useState<Footage | null>(null);
  const query = useFootageList(
    { merchant_id: client?.id ?? 0, type, usage, page: paging.page, page_size: paging.size, sort: 'newest' },
    client !== null,
  );
  const filtered = type !== undefined || usage !== undefined;
  const close = () => {
    setType(undefined);
    setUsage(undefined);
    paging.reset();
    onClose();
  };
  // The row being looked at, as the list has it now (marked since it was opened).
  const current = viewing ? (query.data?.list.find((row) => row.id === viewing.id) ?? viewing) : null;

  const markButton = (footage: Footage) => (
    <Button size="small" icon={<CheckCircleOutlined />} onClick={() => setMarking(footage)} aria-label={t('mark.open_named', { name: footage.name })} data-testid="material-mark">
      {t('mark.open')}
    </Button>
  );

  return (
    <Drawer
      open={client !== null}
      onClose={close}
      title={client ? t('client.title', { name: client.name }) : ''}
      size={isPhone ? '100%' : 760}
      className="material-drawer"
      data-testid="client-material-drawer"
      destroyOnHidden
    >
      <p className="material-client__lead">{t('client.lead')}</p>
      <ListFilters
        active={[type, usage].filter(Boolean).length}
        onReset={
          filtered
            ? () => {
                setType(undefined);
                setUsage(undefined);
              }
            : undefined
        }
      >
        <FilterSelect<FootageType>
          label={t('filters.type')}
          value={type}
          onChange={(next) => {
            setType(next);
            paging.toFirst();
          }}
          options={FOOTAGE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          data-testid="client-material-type"
        />
        <FilterSelect<FootageUsage>
          label={t('filters.usage')}
          value={usage}
          onChange={(next) => {
            setUsage(next);
            paging.toFirst();
          }}
          options={FOOTAGE_USAGES.map((value) => ({ value, label: t(`usage.${value}`) }))}
          data-testid="client-material-usage"
        />
      </ListFilters>
      <MaterialGrid
        query={query}
        {...paging.table}
        onOpen={setViewing}
        emptyTitle={t('client.empty')}
        emptyBody={t('client.empty_body')}
        filtered={filtered}
        actions={markButton}
        testId="client-material-grid"
      />
      <Modal
        open={current !== null}
        onCancel={() => setViewing(null)}
        title={current?.name}
        footer={current ? [<span key="mark">{markButton(current)}</span>] : null}
        width={{ xs: '100%', md: 720 }}
        className="nc-modal"
        destroyOnHidden
        data-testid="client-material-view"
      >
        {current && <MaterialFacts footage={current} />}
      </Modal>
      <UsageMarkModal footage={marking} onClose={() => setMarking(null)} />
    </Drawer>
  );
}

/** What a studio needs to use a material: the file, the merchant's note and tags, and where it stands. */
function MaterialFacts({ footage }: { footage: Footage }) {
  const { t } = useTranslation('material');
  const language = currentLanguage();
  return (
    <div className="material-detail">
      <MaterialPreview footage={footage} />
      <div className="material-card__facts">
        <MaterialTypeLabel type={footage.type} />
        {footage.duration !== null && <span>{formatDuration(footage.duration)}</span>}
        <span>{formatBytes(footage.size, language)}</span>
        <span>{formatDate(footage.upload_time)}</span>
        <MaterialUsageTag usage={footage.usage} />
      </div>
      {footage.note && (
        <blockquote className="material-note" data-testid="material-view-note">
          <span className="material-note__label">{t('fields.note')}</span>
          {footage.note}
        </blockquote>
      )}
      {footage.tags.length > 0 && (
        <div className="material-card__tags">
          {footage.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </div>
      )}
      {footage.usage === 'failed' && footage.usage_reason && <p className="material-detail__hint">{t('client.failed_because', { reason: footage.usage_reason })}</p>}
    </div>
  );
}
