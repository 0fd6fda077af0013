import type { Language } from '@nearcast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { Suspense, use, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../components/page-fallback';
import { currentLanguage, i18n } from '../lib/i18n';
import { registerNotifier } from '../lib/notify';
import { appTheme, motionlessTheme } from '../lib/theme';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../lib/use-media-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; retrying would only repeat them.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// antd's English is part of antd itself; the other two locales are fetched when chosen.
const antdLocales: Record<Language, () => Promise<Locale>> = {
  'en-US': () => Promise.resolve(enUS),
  'zh-CN': () => import('antd/es/locale/zh_CN').then((m) => m.default),
  'es-ES': () => import('antd/es/locale/es_ES').then((m) => m.default),
};

const loadedLocales = new Map<Language, Promise<Locale>>();

/** The antd locale of a language, fetched once; English when its chunk cannot be had. */
function antdLocale(language: Language): Promise<Locale> {
  let loading = loadedLocales.get(language);
  if (!loading) {
    loading = antdLocales[language]().catch(() => enUS);
    loadedLocales.set(language, loading);
  }
  return loading;
}

// Fetched as soon as the shell's chunk arrives, alongside the page's own chunk and catalogues.
void antdLocale(currentLanguage());

/**
 * antd's locale follows the interface language (spec §1). The first one is awaited before the
 * shell mounts and the locale is never undefined: antd's ConfigProvider only wraps its children
 * in a LocaleProvider when it has a locale, so a locale arriving after the first render changed
 * the tree's shape and remounted every page under it, cancelling the requests they had started.
 */
function useAntdLocale(): Locale {
  // The promise of the language the shell starts in (cached, so a suspended first render reads
  // the same one again); a later change of language swaps the locale without suspending.
  const [firstLoad] = useState(() => antdLocale(currentLanguage()));
  const first = use(firstLoad);
  const [locale, setLocale] = useState<Locale>(first);
  useEffect(() => {
    let alive = true;
    const apply = () => {
      void antdLocale(currentLanguage()).then((next) => alive && setLocale(next));
    };
    i18n.on('languageChanged', apply);
    return () => {
      alive = false;
      i18n.off('languageChanged', apply);
    };
  }, []);
  return locale;
}

/**
 * antd spaces out a two-character Chinese label by itself ("管理" reads "管 理"): our labels are
 * written as they should read in every language, so the button shows them as they are.
 */
const BUTTON_CONFIG = { autoInsertSpace: false } as const;

/** Mounts antd's message API inside the theme and hands it to code outside React. */
function MessageHost() {
  const [api, holder] = message.useMessage({ top: 72, maxCount: 3 });
  useEffect(() => {
    registerNotifier({ error: (content) => void api.error(content), success: (content) => void api.success(content) });
    return () => registerNotifier(null);
  }, [api]);
  return holder;
}

/**
 * antd's dark theme (without motion when the system asks for less) and locale, the query client and the toasts, as a lazily loaded layout
 * route around every screen built with antd. The landing page sits outside it, which keeps
 * antd's runtime out of its first load.
 */
export function AppProviders() {
  const locale = useAntdLocale();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider theme={reducedMotion ? motionlessTheme : appTheme} locale={locale} button={BUTTON_CONFIG}>
      <QueryClientProvider client={queryClient}>
        <MessageHost />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
