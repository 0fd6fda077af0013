import type { Language } from '@nearcast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import type { Locale } from 'antd/es/locale';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../components/page-fallback';
import { currentLanguage, i18n } from '../lib/i18n';
import { registerNotifier } from '../lib/notify';
import { appTheme } from '../lib/theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; retrying would only repeat them.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// antd ships English built in; the other two locales are fetched when chosen.
const antdLocales: Record<Language, () => Promise<Locale | undefined>> = {
  'en-US': () => Promise.resolve(undefined),
  'zh-CN': () => import('antd/es/locale/zh_CN').then((m) => m.default),
  'es-ES': () => import('antd/es/locale/es_ES').then((m) => m.default),
};

/** antd's locale follows the interface language (spec §1). */
function useAntdLocale(): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    const apply = () => {
      antdLocales[currentLanguage()]().then(
        (next) => alive && setLocale(next),
        () => alive && setLocale(undefined),
      );
    };
    apply();
    i18n.on('languageChanged', apply);
    return () => {
      alive = false;
      i18n.off('languageChanged', apply);
    };
  }, []);
  return locale;
}

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
 * antd's dark theme and locale, the query client and the toasts, as a lazily loaded layout
 * route around every screen built with antd. The landing page sits outside it, which keeps
 * antd's runtime out of its first load.
 */
export function AppProviders() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider theme={appTheme} locale={locale}>
      <QueryClientProvider client={queryClient}>
        <MessageHost />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
