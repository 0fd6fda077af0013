// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../test/dom';
import { api, partyName } from '@nearcast/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MerchantPicker } from './merchant-picker';

const carmen = { id: 7, company_short_name: 'Carmen’s Tacos', name: 'Carmen Client', username: 'client', email: 'client@example.com' };
const pho = { id: 8, company_short_name: '', name: '', username: '', email: 'pho@example.com' };
const directory = [carmen, pho];

/** POST /v1/client/all over the directory, searched by keyword and named as the server would. */
const clientList = vi.fn(
  answerApi((path, body) => {
    if (path !== api.client.all.path) return { code: '404', msg: 'not found', data: null };
    const keyword = ((body as { keyword?: string }).keyword ?? '').toLowerCase();
    const found = directory.filter((client) => !keyword || Object.values(client).some((value) => String(value).toLowerCase().includes(keyword)));
    return { code: '200', data: { list: found.map((client) => ({ id: client.id, name: partyName(client), email: client.email })) } };
  }),
);

/** A form's merchant field: the picker, controlled, as the composer and the material filter hold it. */
function MerchantField({ initial, onPick }: { initial?: number | null; onPick?: (id: number | null, name: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MerchantPicker
      value={value}
      onChange={(id, name) => {
        setValue(id);
        onPick?.(id, name);
      }}
      placeholder="选择商家"
      label="商家"
      testId="merchant"
    />
  );
}

const picker = () => screen.getByRole('combobox', { name: '商家' });
/** What the closed picker shows as chosen. */
const chosen = (name: string) => within(picker().closest<HTMLElement>('.ant-select')!).queryByTitle(name);
/** The names the open list offers. */
const offered = () => screen.queryAllByRole('option').map((option) => option.textContent);

const KEY_CODES = { Enter: 13, ArrowDown: 40, ArrowUp: 38 } as const;
/**
 * A key as a browser sends it. antd's option list reads the legacy `keyCode`, which browsers
 * still send and user-event does not, so the list's keys are pressed this way.
 */
const press = (key: keyof typeof KEY_CODES) => {
  fireEvent.keyDown(picker(), { key, code: key, keyCode: KEY_CODES[key], which: KEY_CODES[key] });
  fireEvent.keyUp(picker(), { key, code: key, keyCode: KEY_CODES[key], which: KEY_CODES[key] });
};

beforeAll(async () => {
  await setLanguage('zh-CN');
  vi.stubGlobal('fetch', clientList);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  clientList.mockClear();
});

describe('the merchant picker, in Chinese', () => {
  it('offers the merchants by the party-name rule, and nothing made up when none is chosen', async () => {
    const user = newUser();
    renderInShell(<MerchantField initial={undefined} />);
    expect(screen.getByText('选择商家')).toBeInTheDocument();

    await user.click(picker());
    await waitFor(() => expect(offered()).toEqual(['Carmen’s Tacos', 'pho@example.com']));
    expect(screen.queryByText(/#undefined|#null/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('#');
  });

  it('searches on the server as one types, and picks with the keyboard', async () => {
    const user = newUser();
    const onPick = vi.fn();
    renderInShell(<MerchantField initial={null} onPick={onPick} />);

    await user.tab();
    expect(picker()).toHaveFocus();
    await user.keyboard('example');
    await waitFor(() => expect(clientList).toHaveBeenLastCalledWith(`/api${api.client.all.path}`, expect.objectContaining({ body: JSON.stringify({ keyword: 'example' }) })));
    await waitFor(() => expect(offered()).toEqual(['Carmen’s Tacos', 'pho@example.com']));

    press('ArrowDown');
    expect(picker()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'pho@example.com' }).id);
    press('Enter');
    expect(onPick).toHaveBeenCalledWith(8, 'pho@example.com');
    expect(chosen('pho@example.com')).toBeInTheDocument();
  });

  it('keeps the chosen merchant by its name while another search shows', async () => {
    const user = newUser();
    renderInShell(<MerchantField initial={7} />);
    await waitFor(() => expect(chosen('Carmen’s Tacos')).toBeInTheDocument());

    await user.click(picker());
    await user.keyboard('zzz');
    await waitFor(() => expect(clientList).toHaveBeenCalledTimes(2));
    // The chosen one stays on top; the search found no other.
    await waitFor(() => expect(offered()).toEqual(['Carmen’s Tacos']));
    expect(document.body.textContent).not.toContain('#7');
  });

  it('says so when no merchant matches and none is chosen', async () => {
    const user = newUser();
    renderInShell(<MerchantField initial={null} />);
    await user.click(picker());
    await user.keyboard('zzz');
    expect(await screen.findByText('未找到商家')).toBeInTheDocument();
  });
});
