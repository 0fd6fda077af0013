// @vitest-environment happy-dom
import { answerApi, renderInShell, setLanguage } from '../../../test/dom';
import { api, type StudioSummary } from '@nearcast/contract';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioOf } from '../pages/test-fixtures';
import { signInAs } from '../../../test/page';
import { StudiosTab } from './studios-tab';

/** A studio of the list with a paying client and its sales, as the pages' fixtures build one. */
const studio = (id: number, patch: Partial<StudioSummary>): StudioSummary =>
  studioOf(id, {
    username: `studio${id}`,
    order_count: 1,
    consumption_cents: 100_000,
    company_short_name: `Studio ${id} LLC`,
    expire_time: null,
    register_time: '2026-11-01T10:00:00.000Z',
    last_login: null,
    client_count: 1,
    sales_cents: 100_000,
    ...patch,
  });

const rows = [
  studio(1, { agent_id: 3, agent_name: 'West Coast Growth', agent_agent_no: 'AG-0001' }),
  studio(2, {}),
];

const server = vi.fn(
  answerApi((path) => {
    if (path === api.studio.list.path) return { code: '200', data: { list: rows, total: rows.length, page: 1, page_size: 20 } };
    if (path === api.studio.count.path) return { code: '200', data: { total: 2, paid: 2, unpaid: 0, expired: 0, new_this_month: 0 } };
    if (path === api.studio.top.path) return { code: '200', data: { list: [] } };
    return { code: '404', msg: 'not found', data: null };
  }),
);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'org']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => vi.unstubAllGlobals());

describe('the studios tab', () => {
  it("shows each studio's agent with the agent's number, and nothing made up for a studio without one", async () => {
    signInAs('super');
    renderInShell(<StudiosTab />);
    const withAgent = await screen.findByTestId('row-studio1@example.com');
    expect(within(withAgent).getByText('West Coast Growth')).toBeInTheDocument();
    expect(within(withAgent).getByTestId('studio-agent-no')).toHaveTextContent('代理编号 AG-0001');

    const withoutAgent = screen.getByTestId('row-studio2@example.com');
    expect(within(withoutAgent).queryByTestId('studio-agent-no')).not.toBeInTheDocument();
    expect(withoutAgent.textContent).not.toMatch(/null|undefined/);
  });
});
