import type { BalanceResponse } from '@nearcast/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../components/list-state';
import { currentLanguage } from '../../../lib/i18n';
import { formatUsd } from '../../../lib/money';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';

type SubAgent = BalanceResponse['sub_agents'][number];

/** A main agent's sub-agents with their balances, and the sum of them all. */
export function SubAgentsTable({ balance }: { balance: BalanceResponse }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const money = (cents: number) => <span className="fin-num">{formatUsd(cents, language)}</span>;
  if (balance.sub_agents.length === 0) return <ListEmpty title={t('empty.sub_agents')} />;
  const total = balance.sub_agents_total;
  if (isPhone) {
    return (
      <div className="fin-cards" data-testid="sub-agents">
        {[...balance.sub_agents, { id: 0, name: t('sub_agents.total'), email: '', balances: total }].map((row) => (
          <div key={row.id} className="fin-card">
            <strong>{row.name}</strong>
            <dl>
              <dt>{t('balance.pending')}</dt>
              <dd>{money(row.balances.pending_cents)}</dd>
              <dt>{t('balance.available')}</dt>
              <dd>{money(row.balances.available_cents)}</dd>
              <dt>{t('balance.in_transit')}</dt>
              <dd>{money(row.balances.in_transit_cents)}</dd>
              <dt>{t('balance.paid_out')}</dt>
              <dd>{money(row.balances.paid_out_cents)}</dd>
            </dl>
          </div>
        ))}
      </div>
    );
  }
  return (
    <Table<SubAgent>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={balance.sub_agents}
      data-testid="sub-agents"
      columns={[
        { key: 'name', title: t('fields.sub_agent'), render: (_, row) => `${row.name}`, ellipsis: true },
        { key: 'pending', title: t('balance.pending'), align: 'right', render: (_, row) => money(row.balances.pending_cents) },
        { key: 'available', title: t('balance.available'), align: 'right', render: (_, row) => money(row.balances.available_cents) },
        { key: 'in_transit', title: t('balance.in_transit'), align: 'right', render: (_, row) => money(row.balances.in_transit_cents) },
        { key: 'paid_out', title: t('balance.paid_out'), align: 'right', render: (_, row) => money(row.balances.paid_out_cents) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <strong>{t('sub_agents.total')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">{money(total.pending_cents)}</Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">{money(total.available_cents)}</Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">{money(total.in_transit_cents)}</Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">{money(total.paid_out_cents)}</Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
