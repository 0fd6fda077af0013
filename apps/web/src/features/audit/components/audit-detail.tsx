import { Descriptions, Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { changesOf, targetText, valueText, type AuditRow, type FieldChange } from './audit-display';

/** One entry in full: who, from where, and each field's value before and after, the changed ones marked. */
export function AuditDetail({ entry, onClose }: { entry: AuditRow | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const changes = entry ? changesOf(entry) : [];
  return (
    <Drawer open={entry !== null} onClose={onClose} title={entry ? t(`actions.${entry.action}`) : ''} size={isPhone ? '100%' : 600} data-testid="audit-detail">
      {entry && (
        <div className="audit-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('columns.time')}>{formatDate(entry.at, 'YYYY/MM/DD HH:mm:ss')}</Descriptions.Item>
            <Descriptions.Item label={t('columns.actor')}>
              {entry.actor_email ?? '—'} {entry.actor_role && <Tag>{t(`common:roles.${entry.actor_role}`)}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.ip')}>{entry.ip ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.browser')}>
              <span className="audit-detail__wrap">{entry.user_agent ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.target')}>{targetText(t, entry)}</Descriptions.Item>
            <Descriptions.Item label={t('columns.seq')}>#{entry.seq}</Descriptions.Item>
            <Descriptions.Item label={t('columns.hash')}>
              <code className="audit-detail__wrap">{entry.hash}</code>
            </Descriptions.Item>
          </Descriptions>
          <h3 className="audit-detail__heading">{t('detail.changes')}</h3>
          <Table<FieldChange>
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={changes}
            data-testid="audit-changes"
            rowClassName={(row) => (row.changed ? 'audit-detail__changed' : '')}
            locale={{ emptyText: t('detail.no_values') }}
            columns={[
              { key: 'field', title: t('detail.field'), dataIndex: 'field', width: '26%', render: (field: string) => <code className="audit-detail__wrap">{field}</code> },
              { key: 'before', title: t('columns.before'), render: (_, row) => <span className="audit-detail__wrap">{valueText(row.before)}</span> },
              { key: 'after', title: t('columns.after'), render: (_, row) => <span className="audit-detail__wrap">{valueText(row.after)}</span> },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
