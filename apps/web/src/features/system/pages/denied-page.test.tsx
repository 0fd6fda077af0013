// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../../../test/dom';
import type { Language } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeApi, useFakeApi } from '../../../test/page';
import { DeniedPage } from './denied-page';

// The page reads nothing from the API, so it has no loading, empty or failed state: any call
// would be a mistake the fake records.
const server = new FakeApi();

/**
 * The page where the guard leaves a refused navigation, with the page the user was on before it
 * in the history (renderPage starts a history of one entry, and "back" needs two).
 */
function showDenied() {
  const router = createMemoryRouter(
    [
      { path: '/reports', element: <p data-testid="page-reports" /> },
      { path: '/denied', element: <DeniedPage /> },
      { path: '*', element: <p data-testid="page-elsewhere" /> },
    ],
    { initialEntries: ['/reports', '/denied'], initialIndex: 1 },
  );
  return { router, ...renderInShell(<RouterProvider router={router} />) };
}

useFakeApi(server);

beforeAll(() => vi.stubGlobal('fetch', server.fetch));

const WORDS: Record<Exclude<Language, 'en-US'>, { title: string; body: string; back: string; home: string }> = {
  'zh-CN': {
    title: '无权访问',
    body: '您的账号没有权限访问此页面。如您认为应当拥有权限，请联系管理员。',
    back: '返回上一页',
    home: '返回首页',
  },
  'es-ES': {
    title: 'Acceso denegado',
    body: 'Tu cuenta no tiene permiso para abrir esta página. Si crees que debería tenerlo, consulta con tu administrador.',
    back: 'Volver',
    home: 'Ir al inicio',
  },
};

describe.each(['zh-CN', 'es-ES'] as const)('the access-denied page in %s', (language) => {
  const words = WORDS[language];
  beforeAll(() => setLanguage(language, ['common']));

  it('says the account may not open the page, as a 403, and reads nothing from the API', () => {
    showDenied();
    const status = screen.getByTestId('status-403');
    expect(status).toHaveTextContent('403');
    expect(screen.getByTestId('page-title')).toHaveTextContent(words.title);
    expect(status).toHaveTextContent(words.body);
    expect(screen.getByTestId('go-back')).toHaveTextContent(words.back);
    expect(screen.getByTestId('go-home')).toHaveTextContent(words.home);
    expect(server.calls).toEqual([]);
  });

  it('goes back to the page the user came from', async () => {
    const user = newUser();
    const { router } = showDenied();
    await user.click(screen.getByTestId('go-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(screen.getByTestId('page-reports')).toBeInTheDocument();
  });

  it('goes home', async () => {
    const user = newUser();
    const { router } = showDenied();
    await user.click(screen.getByTestId('go-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByTestId('page-elsewhere')).toBeInTheDocument();
  });
});
