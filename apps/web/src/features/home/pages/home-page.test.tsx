// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, LANGUAGES, WAITLIST_HOLD_HOURS, type ContentSummary, type Language } from '@nearcast/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { Faq } from '../components/faq';
import { figureValues, HOME_FIGURES } from '../links';
import { HomePage } from './home-page';

const article = { id: 11, type: 'article', title: 'Start with one street', excerpt: '', cover_url: null, language: 'en-US', publish_time: '2026-11-28T18:00:00.000Z', live: null } as unknown as ContentSummary;

const server = vi.fn(
  answerApi((path, body) => {
    if (path !== api.content.publicList.path) return { code: '404', msg: 'not found', data: null };
    const list = (body as { type: string }).type === 'article' ? [article] : [];
    return { code: '200', data: { list, total: list.length, page: 1, page_size: 3 } };
  }),
);

beforeAll(() => {
  vi.stubGlobal('fetch', server);
  setViewportWidth(375);
});
afterAll(() => vi.unstubAllGlobals());

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`home:${key}`, values);

function renderHome() {
  return renderInShell(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

const follows = (first: HTMLElement, second: HTMLElement) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe.each([...LANGUAGES])('the landing page in %s', (language: Language) => {
  beforeAll(() => setLanguage(language, ['common', 'home']));

  it('pitches the AI studio franchise first, then its benefits, the FAQ and Join Now', async () => {
    renderHome();
    const hero = screen.getByTestId('home-hero');
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent(`${t('hero.title')} ${t('hero.title_highlight')}`);
    // The hero's first action is Join Now; shop owners have theirs beside it.
    const [first, second] = within(hero).getAllByRole('link');
    expect(first).toHaveTextContent(t('nav.join_now'));
    expect(second).toHaveTextContent(t('hero.cta_shop'));

    const order = [hero, screen.getByTestId('home-benefits'), document.getElementById('faq')!, screen.getByTestId('home-closing')];
    for (let index = 1; index < order.length; index += 1) expect(follows(order[index - 1]!, order[index]!), order[index]!.id || String(index)).toBe(true);
    expect(within(screen.getByTestId('home-benefits')).getAllByRole('article')).toHaveLength(6);
  });

  it('sends every Join Now, the phone header’s included, to the studio onboarding page', () => {
    renderHome();
    const joins = [screen.getByTestId('join-now'), screen.getByTestId('hero-join-now'), screen.getByTestId('closing-join-now')];
    for (const link of joins) expect(link).toHaveAttribute('href', '/settle/studio');
    const phoneHeader = document.querySelector('.home-header__phone')!;
    expect(within(phoneHeader as HTMLElement).getByRole('link')).toHaveAttribute('href', '/settle/studio');
  });

  it('states each monthly video count where the spec does: 100+ per client in the franchise pitch, about 150 beside 5 a day for a shop owner', async () => {
    renderHome();
    const perClient = screen.getByTestId('hero-stat-videos_per_client');
    expect(perClient).toHaveTextContent(`${HOME_FIGURES.videosPerClientMonth}+`);
    expect(perClient).toHaveTextContent(t('stats.videos_per_client'));
    expect(screen.getByTestId('hero-stat-per_client').textContent).toContain(figureValues(language).perClient);

    const shop = screen.getByTestId('audience-shop');
    expect(shop).toHaveTextContent(t('audiences.shop.points.videos', { perDay: HOME_FIGURES.videosPerDay, perMonth: HOME_FIGURES.videosPerMonth }));
    // The 150 belongs to the shop owner's side only; the franchise pitch never says it.
    for (const id of ['home-hero', 'home-benefits', 'home-closing']) expect(screen.getByTestId(id).textContent, id).not.toContain(String(HOME_FIGURES.videosPerMonth));
  });

  it('writes the latest article’s date in the zh-CN date style', async () => {
    renderHome();
    const card = await screen.findByTestId('home-article-item', {}, { timeout: 3000 });
    expect(card).toHaveTextContent(/2026\/11\/(28|29)/);
  });
});

describe.each([...LANGUAGES])('the landing FAQ in %s', (language: Language) => {
  beforeAll(() => setLanguage(language, ['common', 'home']));

  it('opens on the franchise, and tells an applicant whose city is full about its waitlist', async () => {
    const user = newUser();
    renderInShell(<Faq />);
    const faq = screen.getByTestId('faq');
    const headers = within(faq).getAllByRole('tab');
    expect(headers[0]).toHaveTextContent(t('faq.items.franchise.q'));
    expect(faq).toHaveTextContent(t('faq.items.franchise.a', figureValues(language)));

    await user.click(within(faq).getByText(t('faq.items.places.q')));
    const answer = t('faq.items.places.a', figureValues(language));
    expect(faq).toHaveTextContent(answer);
    // A full city has a waitlist (the studio plan's city picker): the answer names it, the hold
    // a freed place gets, and no call-back that would not get anyone a place.
    expect(answer).toMatch(/waitlist|候补名单|lista de espera/);
    expect(answer).toContain(`${WAITLIST_HOLD_HOURS}`);
    expect(answer).not.toMatch(/call you back|回电|te llamaremos/);
  });

  it('quotes the hold of a freed place as the server applies it', () => {
    expect(HOME_FIGURES.waitlistHoldHours).toBe(WAITLIST_HOLD_HOURS);
  });

  it('gives the per-client monthly video claim as a floor of 100', async () => {
    const user = newUser();
    renderInShell(<Faq />);
    await user.click(within(screen.getByTestId('faq')).getByText(t('faq.items.earn.q')));
    expect(screen.getByTestId('faq')).toHaveTextContent(String(HOME_FIGURES.videosPerClientMonth));
    expect(t('faq.items.earn.a', figureValues(language))).not.toContain(String(HOME_FIGURES.videosPerMonth));
  });
});
