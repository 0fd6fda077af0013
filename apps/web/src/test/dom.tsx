/**
 * The DOM side of the web's component tests. A component test starts with
 *
 *   // @vitest-environment happy-dom
 *   import { renderInShell, setLanguage } from '../test/dom';   (its first import)
 *
 * and gets: Testing Library's matchers and cleanup, the few browser features happy-dom lacks
 * for antd, the interface in a chosen language, and `renderInShell`, which wraps a piece in what
 * the app's shell gives it (antd's theme and locale, a query client, toasts on screen).
 * The environment is chosen per file so the server's tests keep running in node.
 */
import '@testing-library/jest-dom/vitest';
import { LANGUAGES, type Language } from '@nearcast/contract';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import zhCN from 'antd/es/locale/zh_CN';
import { Suspense, useEffect, type ReactElement, type ReactNode } from 'react';
import { changeLanguage, i18n, initI18n, loadNamespaces, type Namespace } from '../lib/i18n';
import { registerNotifier } from '../lib/notify';
import { motionlessTheme } from '../lib/theme';
import { afterEach } from 'vitest';

if (typeof window === 'undefined') throw new Error('src/test/dom needs a DOM: start the test file with // @vitest-environment happy-dom');

// antd measures with ResizeObserver and reads breakpoints with matchMedia; happy-dom has both,
// but guard for an environment that does not (jsdom has neither).
if (!('ResizeObserver' in window)) {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: NoResizeObserver });
}
if (typeof window.matchMedia !== 'function') {
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => {
  cleanup();
  registerNotifier(null);
});


const ANTD_LOCALES: Record<Language, Locale> = { 'en-US': enUS, 'zh-CN': zhCN, 'es-ES': esES };

/** The interface in `language`, with the catalogues a piece reads loaded (no suspense in the test). */
export async function setLanguage(language: Language, namespaces: readonly Namespace[] = ['common']): Promise<void> {
  if (!LANGUAGES.includes(language)) throw new Error(`Unknown language ${language}`);
  await initI18n(language);
  await changeLanguage(language);
  await loadNamespaces([...namespaces, 'messages' as Namespace]);
}

/** Sets the window's width (a phone is 375) and tells media queries about it. */
export function setViewportWidth(width: number): void {
  const happy = (window as unknown as { happyDOM?: { setViewport(viewport: { width: number; height?: number }): void } }).happyDOM;
  if (happy) happy.setViewport({ width, height: 800 });
  else Object.assign(window, { innerWidth: width });
  window.dispatchEvent(new Event('resize'));
}

/** Registers antd's toasts (the shell's MessageHost does the same), so a toast is on screen. */
function Toasts() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    registerNotifier({ error: (content) => void message.error(content), success: (content) => void message.success(content) });
    return () => registerNotifier(null);
  }, [message]);
  return null;
}

/**
 * A user at the keyboard and mouse. No pause between keys, and no check of `pointer-events` on
 * every click (antd's styles are not in the document, see renderInShell, so it would find
 * nothing and costs a computed style per ancestor).
 */
export function newUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/**
 * Renders `ui` inside the app shell's providers, in the current language. antd's styles are
 * computed but not written into the document (as on a server): nothing here looks at pixels,
 * and Testing Library's role queries read each element's computed style, which is slower with
 * antd's stylesheets in the page. So CSS hides nothing here: a closed popup may still be in the
 * tree, and a test asks for what is open, not for what is merely there. The theme is the one
 * the app uses when the system asks for reduced motion: happy-dom ends no transitions, so a
 * leaving message would otherwise stay.
 */
export function renderInShell(ui: ReactElement, { queryClient = newQueryClient() }: { queryClient?: QueryClient } = {}): RenderResult & { queryClient: QueryClient } {
  const language = (i18n.resolvedLanguage ?? 'en-US') as Language;
  const Shell = ({ children }: { children: ReactNode }) => (
    <StyleProvider mock="server" cache={createCache()}>
    <ConfigProvider theme={motionlessTheme} locale={ANTD_LOCALES[language] ?? enUS} button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={queryClient}>
        <AntdApp>
          <Toasts />
          <Suspense fallback={null}>{children}</Suspense>
        </AntdApp>
      </QueryClientProvider>
    </ConfigProvider>
    </StyleProvider>
  );
  return Object.assign(render(ui, { wrapper: Shell }), { queryClient });
}

/** A POST /api/… answered by `answer(path, body)` with the envelope it returns. */
export function answerApi(answer: (path: string, body: unknown) => { code: string; msg?: string; data: unknown } | Promise<{ code: string; msg?: string; data: unknown }>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const envelope = await answer(path, body);
    return new Response(JSON.stringify({ msg: '', ...envelope }), { status: Number(envelope.code) || 200, headers: { 'Content-Type': 'application/json' } });
  };
}
