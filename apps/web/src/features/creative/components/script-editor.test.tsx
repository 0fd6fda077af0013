// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, SCRIPT_LIMITS, type Brief, type Script, type ScriptBody, type ScriptLanguage } from '@nearcast/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftOf, type ScriptDraft } from '../lib/script-draft';
import { ScriptDesk } from './script-desk';
import { ScriptEditor } from './script-editor';

const MERCHANT = 7;

const body: ScriptBody = {
  title: 'Taco Tuesday',
  hook: { on_screen: 'Hungry tonight?', spoken: 'Hungry tonight?' },
  beats: [
    { on_screen: 'Two tacos, one price', spoken: 'Every Tuesday, two tacos for the price of one.' },
    { on_screen: 'Made fresh', spoken: 'Tortillas pressed by hand, all day.' },
    { on_screen: 'Right on Main St', spoken: 'We are at 42 Main Street.' },
  ],
  call_to_action: { on_screen: 'Book a table', spoken: 'Book your table today.' },
  captions: [{ platform: 'tiktok', caption: 'Taco Tuesday is here', hashtags: ['tacos'] }],
};

const scriptOf = (id: number, language: ScriptLanguage): Script => ({
  id,
  merchant_id: MERCHANT,
  language,
  engine: 'template',
  fallback_reason: null,
  template: 'restaurant.deal_first',
  hook_style: 'offer_first',
  body: { ...body, title: `${body.title} ${language}` },
  estimated_seconds: 20,
  create_time: '2026-11-27T15:00:00.000Z',
  update_time: null,
  desk: true,
});

const brief: Brief = {
  merchant_id: MERCHANT,
  merchant_name: 'Carmen Client',
  shop_name: 'Carmen’s Tacos',
  category: 'restaurant',
  address: '42 Main St',
  phone: '',
  hours: { en: '', es: '', zh: '' },
  offer: { en: '2-for-1 tacos every Tuesday', es: '', zh: '' },
  call_to_action: { en: 'Book a table', es: '', zh: '' },
  translated: { hours: [], offer: [], call_to_action: [] },
  link: '',
  tone: 'friendly',
  brand_colors: { primary: '#7c5cff', accent: '#22d3ee' },
  logo_footage_id: null,
  music: 'auto',
  music_footage_id: null,
  voice: 'none',
  languages: ['en', 'es', 'zh'],
  update_time: null,
};

const asked: { path: string; body: unknown; key: string | null }[] = [];
/** The scripts the server keeps on the desk. */
let deskList: Script[] = [];
const askedFor = (path: string) => asked.filter((call) => call.path === path);

const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = new Headers(init?.headers).get('Idempotency-Key');
  return answerApi((path, request) => {
    asked.push({ path, body: request, key });
    switch (path) {
      case api.creative.briefGet.path:
        return { code: '200', data: brief };
      case api.creative.scriptGenerate.path: {
        const { language, count } = request as { language: ScriptLanguage; count: number };
        return { code: '200', data: { list: Array.from({ length: count }, (_, index) => scriptOf(index + 1, language)) } };
      }
      case api.creative.renderAdd.path:
        return { code: '200', data: { id: 41, script: (request as { script: ScriptBody }).script } };
      case api.footage.list.path:
        return { code: '200', data: { list: [], total: 0, page: 1, page_size: 100 } };
      case api.creative.scriptList.path:
        return { code: '200', data: { list: deskList, total: deskList.length, page: 1, page_size: 50 } };
      case api.creative.scriptUpdate.path: {
        const { id, body: edited } = request as { id: number; body: ScriptBody };
        return { code: '200', data: { ...deskList.find((script) => script.id === id)!, body: edited } };
      }
      default:
        return { code: '404', msg: `no ${path}`, data: null };
    }
  })(input, init);
});

/** The editor as a page holds it: the draft in state, every change kept. */
function Editor({ language, initial }: { language: ScriptLanguage; initial: ScriptDraft }) {
  const [draft, setDraft] = useState(initial);
  return <ScriptEditor language={language} value={draft} onChange={setDraft} issues={{}} testId="script" />;
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

beforeAll(() => {
  vi.stubGlobal('fetch', server);
});
afterAll(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1024);
});
beforeEach(() => {
  asked.length = 0;
  deskList = [];
});

describe('the script desk', () => {
  beforeAll(() => setLanguage('en-US', ['common', 'creative']));
  beforeEach(() => setViewportWidth(1366));

  it('puts the brief’s three languages side by side on a desktop, and in tabs on a phone', async () => {
    setViewportWidth(1366);
    const { unmount } = renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={() => undefined} />);
    const english = await screen.findByRole('region', { name: 'English' });
    expect(screen.getByRole('region', { name: 'Spanish' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Chinese' })).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(within(english).getByTestId('desk-en-empty')).toHaveTextContent('No English script yet');
    unmount();

    setViewportWidth(375);
    renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={() => undefined} />);
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['English', 'Spanish', 'Chinese']);
  });

  it('opens with the scripts the server keeps on the desk, and saves an edit there', async () => {
    deskList = [scriptOf(9, 'en')];
    renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={() => undefined} />);
    const english = await screen.findByRole('region', { name: 'English' });
    await waitFor(() => expect(within(english).getByTestId('desk-en-script-title')).toHaveValue('Taco Tuesday en'));
    expect(askedFor(api.creative.scriptList.path)[0]!.body).toMatchObject({ merchant_id: MERCHANT, desk: true });
    type(within(english).getByTestId('desk-en-script-title'), 'Taco Tuesday, kept');
    await waitFor(() => expect(askedFor(api.creative.scriptUpdate.path)).toHaveLength(1), { timeout: 3_000 });
    expect(askedFor(api.creative.scriptUpdate.path)[0]!.body).toMatchObject({ id: 9, body: { title: 'Taco Tuesday, kept' } });
  });

  it('writes scripts from the brief, edits one and sends it to render once', async () => {
    const user = newUser();
    const onRendered = vi.fn();
    renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={onRendered} />);
    const spanish = await screen.findByRole('region', { name: 'Spanish' });

    await user.click(within(spanish).getByTestId('desk-es-generate'));
    await waitFor(() => expect(within(spanish).getByTestId('desk-es-script-title')).toHaveValue('Taco Tuesday es'));
    expect(askedFor(api.creative.scriptGenerate.path)[0]!.body).toEqual({ merchant_id: MERCHANT, language: 'es', count: 1 });
    expect(within(spanish).getByTestId('desk-es-engine')).toHaveTextContent('Template');

    type(within(spanish).getByTestId('desk-es-script-title'), 'Martes de tacos');
    await user.click(within(spanish).getByTestId('desk-es-render'));
    await waitFor(() => expect(askedFor(api.creative.renderAdd.path)).toHaveLength(1));
    const sent = askedFor(api.creative.renderAdd.path)[0]!;
    expect(sent.body).toMatchObject({ merchant_id: MERCHANT, language: 'es', script_id: 1, script: { title: 'Martes de tacos' } });
    expect(sent.key).toBeTruthy();
    expect(await within(spanish).findByText('“Martes de tacos” is rendering. You can keep writing.')).toBeInTheDocument();
    await user.click(within(spanish).getByTestId('desk-es-follow'));
    expect(onRendered).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
  }, 20_000);

  it('shows what must change before a script written by hand can render, and sends nothing', async () => {
    const user = newUser();
    renderInShell(<ScriptDesk merchantId={MERCHANT} listable onRendered={() => undefined} />);
    const english = await screen.findByRole('region', { name: 'English' });
    await user.click(within(english).getByTestId('desk-en-by-hand'));
    await user.click(within(english).getByTestId('desk-en-render'));
    expect(within(english).getByRole('alert')).toHaveTextContent('Fix the fields marked in red before rendering.');
    expect(within(english).getByTestId('desk-en-script-hook-on-screen-error')).toHaveTextContent('This text cannot be empty');
    expect(askedFor(api.creative.renderAdd.path)).toHaveLength(0);
  });
});

describe('the script editor', () => {
  beforeAll(() => setLanguage('en-US', ['common', 'creative']));

  it('counts each line against its limit and says when it is over', () => {
    renderInShell(<Editor language="en" initial={draftOf(body)} />);
    const count = screen.getByTestId('script-hook-on-screen-count');
    expect(count).toHaveTextContent(`15 / ${SCRIPT_LIMITS.onScreenMax}`);
    expect(screen.queryByTestId('script-hook-on-screen-error')).not.toBeInTheDocument();

    type(screen.getByTestId('script-hook-on-screen'), 'x'.repeat(SCRIPT_LIMITS.onScreenMax + 1));
    expect(count).toHaveTextContent(`61 / ${SCRIPT_LIMITS.onScreenMax}`);
    expect(count).toHaveAttribute('data-over', 'true');
    expect(screen.getByTestId('script-hook-on-screen-error')).toHaveTextContent('60 characters at most on screen');
    expect(screen.getByTestId('script-hook-on-screen')).toHaveAttribute('aria-invalid', 'true');

    type(screen.getByTestId('script-hook-spoken'), 'y'.repeat(SCRIPT_LIMITS.spokenMax + 1));
    expect(screen.getByTestId('script-hook-spoken-error')).toHaveTextContent('240 characters at most spoken');
  });

  it('keeps three to six beats, and moves them with buttons', async () => {
    const user = newUser();
    renderInShell(<Editor language="en" initial={draftOf(body)} />);
    // Three beats: none can go.
    for (const beat of [1, 2, 3]) expect(screen.getByTestId(`script-beat-${beat}-remove`)).toBeDisabled();
    expect(screen.getByTestId('script-beat-1-up')).toBeDisabled();

    await user.click(screen.getByTestId('script-beat-1-down'));
    expect(screen.getByTestId('script-beat-2-on-screen')).toHaveValue('Two tacos, one price');
    expect(screen.getByTestId('script-beat-1-on-screen')).toHaveValue('Made fresh');

    const add = screen.getByTestId('script-beat-add');
    for (let beats = 4; beats <= SCRIPT_LIMITS.beatsMax; beats += 1) await user.click(add);
    expect(screen.getByTestId('script-beat-6')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(add).toHaveTextContent('6 beats at most');
    expect(screen.getByTestId('script-beat-6-remove')).toBeEnabled();
  });

  it('estimates the length by the language’s reading speed and says when it runs over 60 seconds', async () => {
    await setLanguage('zh-CN', ['common', 'creative']);
    const chinese: ScriptDraft = {
      ...draftOf(body),
      hook: { on_screen: '今晚吃什么？', spoken: '今晚吃什么？' },
    };
    renderInShell(<Editor language="zh" initial={chinese} />);
    expect(screen.getAllByText('画面字幕', { selector: 'label' })).toHaveLength(5);
    const timing = screen.getByTestId('script-timing');
    expect(timing).not.toHaveAttribute('data-over');

    // Chinese is read at five characters a second: 100 spoken characters on each beat is too long.
    for (const beat of [1, 2, 3]) type(screen.getByTestId(`script-beat-${beat}-spoken`), '好'.repeat(100));
    expect(timing).toHaveAttribute('data-over', 'true');
    expect(Number(timing.getAttribute('data-seconds'))).toBeGreaterThan(SCRIPT_LIMITS.secondsMax);
    expect(within(timing).getByRole('status')).toHaveTextContent(/超过 60 秒上限/);
    expect(screen.getByTestId('script-beat-1-seconds')).toHaveTextContent('20.4 秒');
    await setLanguage('en-US', ['common', 'creative']);
  });
});
