// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type Brief, type Render, type Script, type ScriptBody } from '@nearcast/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/storage';
import { DESK_SAVE_MS } from '../lib/desk-seed';
import { ScriptDesk } from './script-desk';

const MERCHANT = 7;

/** Only what the desk reads of the brief: the languages it asks for. */
const brief = { merchant_id: MERCHANT, languages: ['en'] } as unknown as Brief;

const asked: { path: string; body: unknown }[] = [];
const askedFor = (path: string) => asked.filter((call) => call.path === path);
/** The scripts the server keeps on the desk. */
let deskList: Script[] = [];
/** script/add answers only when this is called, to edit while it is being sent. */
let holdAdd: Promise<void> | null = null;

const server = vi.fn(
  answerApi(async (path, request) => {
    asked.push({ path, body: request });
    switch (path) {
      case api.creative.briefGet.path:
        return { code: '200', data: brief };
      case api.footage.list.path:
        return { code: '200', data: { list: [], total: 0, page: 1, page_size: 100 } };
      case api.creative.scriptList.path:
        return { code: '200', data: { list: deskList, total: deskList.length, page: 1, page_size: 50 } };
      case api.creative.scriptAdd.path: {
        if (holdAdd) await holdAdd;
        const { language, body } = request as { language: 'en'; body: ScriptBody };
        const kept: Script = {
          id: 77 + deskList.length,
          merchant_id: MERCHANT,
          language,
          engine: 'hand',
          fallback_reason: null,
          template: 'hand',
          hook_style: 'question',
          body,
          estimated_seconds: 12,
          create_time: '2026-12-02T12:00:00.000Z',
          update_time: null,
          desk: true,
        };
        deskList = [...deskList, kept];
        return { code: '200', data: kept };
      }
      case api.creative.renderGet.path:
        return { code: '200', data: editedRender };
      case api.creative.scriptUpdate.path: {
        const { id, body } = request as { id: number; body: ScriptBody };
        deskList = deskList.map((script) => (script.id === id ? { ...script, body, update_time: '2026-12-02T12:01:00.000Z' } : script));
        return { code: '200', data: deskList.find((script) => script.id === id) };
      }
      default:
        return { code: '404', msg: `no ${path}`, data: null };
    }
  }),
);

/** A render made from a script that was never kept (no script id), opened to edit again. */
const editedRender = {
  id: 41,
  merchant_id: MERCHANT,
  language: 'en',
  script_id: null,
  script: {
    title: 'Rendered once',
    hook: { on_screen: 'Hungry tonight?', spoken: '' },
    beats: [1, 2, 3].map((beat) => ({ on_screen: `Beat ${beat}`, spoken: '' })),
    call_to_action: { on_screen: 'Book a table', spoken: '' },
    captions: [],
  },
  footage_ids: [],
} as unknown as Render;

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** Longer than the desk waits after the last keystroke. */
const pause = () => new Promise((resolve) => setTimeout(resolve, DESK_SAVE_MS + 200));

/** Writes the English desk's hand-written script line by line; `whole` false leaves the call to action empty. */
function write(desk: HTMLElement, title: string, whole = true) {
  type(within(desk).getByTestId('desk-en-script-title'), title);
  type(within(desk).getByTestId('desk-en-script-hook-on-screen'), 'Hungry tonight?');
  for (const beat of [1, 2, 3]) type(within(desk).getByTestId(`desk-en-script-beat-${beat}-on-screen`), `Beat ${beat}`);
  if (whole) type(within(desk).getByTestId('desk-en-script-cta-on-screen'), 'Book a table');
}

const showDesk = () => renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={() => undefined} />);

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'creative']);
  vi.stubGlobal('fetch', server);
  setViewportWidth(1366);
});
afterAll(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1024);
});
beforeEach(() => {
  asked.length = 0;
  deskList = [];
  holdAdd = null;
  localStorage.clear();
});

describe('a script written by hand on the desk', () => {
  it('is kept on the server once it is whole, saved there as it changes, and is back after a reload', async () => {
    const user = newUser();
    const { unmount } = showDesk();
    const english = await screen.findByRole('region', { name: 'English' });
    await user.click(within(english).getByTestId('desk-en-by-hand'));

    // Not whole yet (no call to action): nothing to keep.
    write(english, 'Taco Tuesday by hand', false);
    await pause();
    expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(0);

    type(within(english).getByTestId('desk-en-script-cta-on-screen'), 'Book a table');
    await waitFor(() => expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(1), { timeout: 3_000 });
    expect(askedFor(api.creative.scriptAdd.path)[0]!.body).toMatchObject({
      merchant_id: MERCHANT,
      language: 'en',
      body: { title: 'Taco Tuesday by hand', hook: { on_screen: 'Hungry tonight?' }, call_to_action: { on_screen: 'Book a table' } },
    });
    expect(await within(english).findByTestId('desk-en-engine')).toHaveTextContent('By hand');

    // Kept: the next edit goes to that script, not to a second one.
    type(within(english).getByTestId('desk-en-script-title'), 'Taco Tuesday, kept');
    await waitFor(() => expect(askedFor(api.creative.scriptUpdate.path)).toHaveLength(1), { timeout: 3_000 });
    expect(askedFor(api.creative.scriptUpdate.path)[0]!.body).toMatchObject({ id: 77, body: { title: 'Taco Tuesday, kept' } });
    expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(1);

    unmount();
    showDesk();
    const reloaded = await screen.findByRole('region', { name: 'English' });
    await waitFor(() => expect(within(reloaded).getByTestId('desk-en-script-title')).toHaveValue('Taco Tuesday, kept'));
    expect(within(reloaded).getByTestId('desk-en-engine')).toHaveTextContent('By hand');
  }, 30_000);

  it('keeps the fix of a render whose script was never kept, opened to edit again', async () => {
    renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={() => undefined} editId={41} />);
    const english = await screen.findByRole('region', { name: 'English' });
    await waitFor(() => expect(within(english).getByTestId('desk-en-script-title')).toHaveValue('Rendered once'));
    await pause();
    // Opening it changes nothing: nothing is kept until it is edited.
    expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(0);

    type(within(english).getByTestId('desk-en-script-title'), 'Rendered once, fixed');
    await waitFor(() => expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(1), { timeout: 3_000 });
    expect(askedFor(api.creative.scriptAdd.path)[0]!.body).toMatchObject({ language: 'en', body: { title: 'Rendered once, fixed' } });
  }, 30_000);

  it('sends one add while typing goes on, and saves what was typed meanwhile on the kept script', async () => {
    const user = newUser();
    let answer = () => undefined as void;
    holdAdd = new Promise<void>((resolve) => (answer = resolve));
    showDesk();
    const english = await screen.findByRole('region', { name: 'English' });
    await user.click(within(english).getByTestId('desk-en-by-hand'));
    write(english, 'First words');
    await waitFor(() => expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(1), { timeout: 3_000 });

    // Still being sent: more typing, and the wait ends, but no second add.
    type(within(english).getByTestId('desk-en-script-title'), 'Later words');
    await pause();
    expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(1);
    answer();

    await waitFor(() => expect(askedFor(api.creative.scriptUpdate.path)).toHaveLength(1), { timeout: 3_000 });
    expect(askedFor(api.creative.scriptUpdate.path)[0]!.body).toMatchObject({ id: 77, body: { title: 'Later words' } });
    expect(deskList.map((script) => script.body.title)).toEqual(['Later words']);
  }, 30_000);

  it('keeps a half-written one on this device until it is whole, and forgets it at sign-out', async () => {
    const user = newUser();
    const first = showDesk();
    const english = await screen.findByRole('region', { name: 'English' });
    await user.click(within(english).getByTestId('desk-en-by-hand'));
    write(english, 'Half a script', false);
    await pause();
    first.unmount();

    // A reload: the server has nothing (it was never whole), the device has the words.
    const second = showDesk();
    const reloaded = await screen.findByRole('region', { name: 'English' });
    await waitFor(() => expect(within(reloaded).getByTestId('desk-en-script-title')).toHaveValue('Half a script'));
    expect(within(reloaded).getByTestId('desk-en-script-beat-3-on-screen')).toHaveValue('Beat 3');
    expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(0);

    // Finished there: the server keeps it, and the device's copy is gone.
    type(within(reloaded).getByTestId('desk-en-script-cta-on-screen'), 'Book a table');
    await waitFor(() => expect(askedFor(api.creative.scriptAdd.path)).toHaveLength(1), { timeout: 3_000 });
    expect(askedFor(api.creative.scriptAdd.path)[0]!.body).toMatchObject({ body: { title: 'Half a script', call_to_action: { on_screen: 'Book a table' } } });
    await waitFor(() => expect(Object.keys(localStorage).filter((key) => key.startsWith('nearcast.desk-drafts.'))).toEqual([]));
    second.unmount();

    // Another half-written one, then a sign-out: nothing of it stays on the device.
    deskList = [];
    showDesk();
    const third = await screen.findByRole('region', { name: 'English' });
    await user.click(within(third).getByTestId('desk-en-by-hand'));
    write(third, 'Private words', false);
    await pause();
    expect(Object.keys(localStorage).some((key) => key.startsWith('nearcast.desk-drafts.'))).toBe(true);
    clearSession();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('nearcast.desk-drafts.'))).toEqual([]);
  }, 30_000);
});
