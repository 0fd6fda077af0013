// @vitest-environment happy-dom
import { newUser, setLanguage } from '../../../test/dom';
import type { Language } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { FakeApi, renderPage, useFakeApi } from '../../../test/page';
import { NotFoundPage } from './not-found-page';

// The page reads nothing from the API, so it has no loading, empty or failed state: any call
// would be a mistake the fake records.
const server = new FakeApi();

const showNotFound = () => renderPage(<NotFoundPage />, { path: '/404' });

useFakeApi(server);

beforeAll(() => vi.stubGlobal('fetch', server.fetch));

const WORDS: Record<Exclude<Language, 'en-US'>, { title: string; body: string; home: string }> = {
  'zh-CN': { title: '页面不存在', body: '链接可能已失效，或页面已被移动。', home: '返回首页' },
  'es-ES': { title: 'Página no encontrada', body: 'Puede que el enlace esté roto o que la página se haya movido.', home: 'Ir al inicio' },
};

describe.each(['zh-CN', 'es-ES'] as const)('the not-found page in %s', (language) => {
  const words = WORDS[language];
  beforeAll(() => setLanguage(language, ['common']));

  it('says the page does not exist, as a 404 in the branded frame, and reads nothing from the API', () => {
    showNotFound();
    const status = screen.getByTestId('status-404');
    expect(status).toHaveTextContent('404');
    expect(screen.getByTestId('page-title')).toHaveTextContent(words.title);
    expect(status).toHaveTextContent(words.body);
    expect(screen.getByTestId('go-home')).toHaveTextContent(words.home);
    // The frame: the logo leads home, the language can be changed.
    expect(screen.getByTestId('brand')).toHaveAttribute('href', '/');
    expect(screen.getByTestId('language-switch')).toHaveValue(language);
    expect(server.calls).toEqual([]);
  });

  it('goes home', async () => {
    const user = newUser();
    const { router } = showNotFound();
    await user.click(screen.getByTestId('go-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByTestId('page-elsewhere')).toBeInTheDocument();
  });
});

describe('the not-found page’s language picker', () => {
  beforeAll(() => setLanguage('zh-CN', ['common']));

  it('rewrites the page in the language picked', async () => {
    const user = newUser();
    showNotFound();
    await user.selectOptions(screen.getByTestId('language-switch'), 'es-ES');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Página no encontrada'));
    expect(screen.getByTestId('go-home')).toHaveTextContent('Ir al inicio');
    expect(i18n.resolvedLanguage).toBe('es-ES');
  });
});
