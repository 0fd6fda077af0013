// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../../../test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../lib/page-title';
import { clearSession } from '../../../lib/storage';
import { FakeApi, useFakeApi } from '../../../test/page';
import { PrivacyPage } from './privacy-page';

/** The policy's sections, in the order the page promises them. */
const SECTIONS = ['who', 'collect', 'why', 'sharing', 'cookies', 'retention', 'security', 'rights', 'children', 'changes', 'contact'];

// The page reads nothing from the API: any call is a mistake the fake records.
const server = new FakeApi();

/**
 * The page at /privacy with the route data the app's guard loader gives it, so its header shows
 * the route's translated title rather than the brand (renderPage has no loader).
 */
function showPrivacy() {
  const page: PageData = { routeKey: 'privacy', title: null };
  const router = createMemoryRouter(
    [
      { path: '/privacy', element: <PrivacyPage />, loader: () => page, HydrateFallback: () => null },
      { path: '*', element: <p data-testid="page-elsewhere" /> },
    ],
    { initialEntries: ['/privacy'] },
  );
  return { router, ...renderInShell(<RouterProvider router={router} />) };
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'privacy']);
});
afterEach(async () => {
  clearSession();
  // A test that switches the language leaves the next one in Spanish again.
  await setLanguage('es-ES', ['common', 'privacy']);
});

describe('the privacy policy in Spanish', () => {
  it('is titled by its route and dated in the spec’s date style', async () => {
    showPrivacy();
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Política de privacidad');
    expect(screen.getByText('Última actualización: 2026/01/15')).toBeInTheDocument();
    expect(screen.getByTestId('privacy-policy')).toHaveTextContent(/^Esta política explica qué datos personales trata Nearcast/);
  });

  it('lists every section in its table of contents, each link leading to its heading', async () => {
    showPrivacy();
    const toc = await screen.findByRole('navigation', { name: 'En esta página' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(SECTIONS.map((key) => `#${key}`));
    expect(links[0]).toHaveTextContent('Quiénes somos');
    expect(links[1]).toHaveTextContent('Qué datos recogemos');
    for (const link of links) {
      const section = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(section?.querySelector('h2')?.textContent, link.getAttribute('href')!).toBe(link.textContent);
    }
  });

  it('writes each section’s paragraphs, lists and closing words', async () => {
    showPrivacy();
    const collect = (await screen.findByTestId('privacy-policy')).querySelector<HTMLElement>('#collect')!;
    expect(within(collect).getByText('Solo recogemos lo que el servicio necesita:')).toBeInTheDocument();
    expect(within(collect).getAllByRole('listitem')).toHaveLength(8);
    expect(within(collect).getAllByRole('listitem')[2]).toHaveTextContent(/^Datos de pago: los pagos con tarjeta los procesa Stripe/);
    // A list followed by a closing paragraph.
    const sharing = document.getElementById('sharing')!;
    expect(sharing.lastElementChild).toHaveTextContent('No vendemos tus datos personales ni los compartimos con anunciantes.');
    // A section that is only a list has no stray paragraph.
    expect(document.getElementById('why')!.querySelectorAll('p')).toHaveLength(0);
  });

  it('makes the contact address a mail link inside its sentence', async () => {
    showPrivacy();
    const contact = (await screen.findByTestId('privacy-policy')).querySelector<HTMLElement>('#contact')!;
    const mail = within(contact).getByRole('link', { name: 'privacy@nearcast.example' });
    expect(mail).toHaveAttribute('href', 'mailto:privacy@nearcast.example');
    expect(mail.closest('p')).toHaveTextContent('Preguntas o solicitudes sobre tus datos personales: privacy@nearcast.example.');
  });

  it('links home by its logo and rewrites itself in the language picked', async () => {
    const user = newUser();
    showPrivacy();
    expect(await screen.findByTestId('brand')).toHaveAttribute('href', '/');
    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('隐私政策'));
    expect(screen.getByText('最近更新：2026/01/15')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '本页目录' })).toBeInTheDocument();
    expect(document.getElementById('who')!.querySelector('h2')).toHaveTextContent('我们是谁');
  });

  it('reads nothing from the API: there is no loading, empty or failed state to show', async () => {
    showPrivacy();
    await screen.findByTestId('privacy-policy');
    expect(server.calls).toEqual([]);
  });
});
