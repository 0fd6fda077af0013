// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, REVIEW_PATH, type VideoReview } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { FakeApi, renderPage, useFakeApi } from '../../../test/page';
import { fill } from '../../../test/antd';
import { ReviewPage } from './review-page';

const TOKEN = 'rv_9f2c';

/** A video waiting for the merchant's answer, captioned in English and Spanish, going out once approved. */
const pending: VideoReview = {
  title: 'Taco Tuesday',
  merchant_name: 'Carmen’s Tacos',
  captions: [
    { language: 'en', caption: 'Two tacos for $5 every Tuesday', hashtags: ['tacos', 'losangeles'] },
    { language: 'es', caption: 'Dos tacos por 5 $ cada martes', hashtags: ['tacos'] },
  ],
  // Out of the spec's order on purpose: the page sorts them.
  platforms: [
    { platform: 'sandbox', sandbox: true },
    { platform: 'youtube', sandbox: false },
    { platform: 'tiktok', sandbox: false },
  ],
  scheduled_at: null,
  video_url: '/files/post-9.mp4?sig=abc',
  mime: 'video/mp4',
  thumbnail_url: '/files/post-9.jpg?sig=abc',
  url_expires_at: '2026-12-01T10:00:00.000Z',
  approval: 'pending',
  approval_comment: null,
  // Noon UTC: the same day in every time zone the test may run in.
  expires_at: '2026-12-05T12:00:00.000Z',
  decided: false,
};

const server = new FakeApi();

function openLink(token = TOKEN) {
  return renderPage(<ReviewPage />, { path: `${REVIEW_PATH}/:token`, url: `${REVIEW_PATH}/${token}` });
}

async function ready() {
  return screen.findByTestId('review-body');
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'video']);
});
beforeEach(() => {
  server.reset();
  setViewportWidth(1280);
});

describe('the review link, in Spanish', () => {
  it('shows a placeholder while the video is read, for the link’s token', async () => {
    server.hang(api.video.review);
    openLink();
    const page = screen.getByTestId('review-page');
    expect(page.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByTestId('review-body')).toBeNull();
    await waitFor(() => expect(server.bodiesOf(api.video.review)).toEqual([{ token: TOKEN }]));
  });

  it('shows the video, the captions in the reader’s language first, where and when it goes out, and the link’s end', async () => {
    server.ok(api.video.review, pending);
    openLink();
    const body = await ready();
    expect(within(body).getByTestId('page-title')).toHaveTextContent('Taco Tuesday');
    expect(body).toHaveTextContent('Este vídeo se preparó para Carmen’s Tacos.');
    expect(within(body).getByTestId('review-player')).toHaveAttribute('src', '/files/post-9.mp4?sig=abc');
    expect(within(body).getByTestId('review-player')).toHaveAttribute('poster', '/files/post-9.jpg?sig=abc');

    // A Spanish reader reads the Spanish caption first, though the studio wrote English first.
    expect(within(body).getByTestId('review-caption')).toHaveAttribute('data-language', 'es');
    expect(within(body).getByTestId('review-caption')).toHaveTextContent('Dos tacos por 5 $ cada martes');
    expect(within(body).getByTestId('review-language-en')).toHaveTextContent('Inglés');
    await newUser().click(within(body).getByTestId('review-language-en'));
    expect(within(body).getByTestId('review-caption')).toHaveTextContent('Two tacos for $5 every Tuesday');
    expect(within(body).getByTestId('review-caption')).toHaveTextContent('#tacos #losangeles');

    const facts = within(body).getByTestId('review-facts');
    expect(within(facts).getAllByTestId('video-platform').map((label) => label.dataset.platform)).toEqual(['tiktok', 'youtube', 'sandbox']);
    expect(within(facts).getByTestId('video-sandbox')).toHaveTextContent('Sandbox');
    // No time set: it goes out as soon as it is approved.
    expect(facts).toHaveTextContent('Se publica en cuanto lo apruebes');
    expect(body).toHaveTextContent('No hace falta iniciar sesión.');
    expect(body).toHaveTextContent('El enlace vale hasta el 2026/12/05');
    expect(within(body).getByTestId('review-submit')).toHaveTextContent('Aprobar');
  });

  it('approves with an optional word for the studio, then shows the answer in place of the form', async () => {
    server.ok(api.video.review, pending).on(api.video.reviewApprove, (body) => ({ code: '200', data: { ...pending, approval: 'approved', approval_comment: body.comment || null, decided: true } }));
    openLink();
    const body = await ready();
    const user = newUser();
    await fill(user, within(body).getByTestId('review-comment'), '¡Perfecto!');
    await user.click(within(body).getByTestId('review-submit'));

    const decision = await within(body).findByTestId('review-decision');
    expect(decision).toHaveAttribute('data-approval', 'approved');
    expect(decision).toHaveTextContent('Aprobado. Gracias: el estudio lo publicará.');
    expect(decision).toHaveTextContent('“¡Perfecto!”');
    expect(within(body).queryByTestId('review-form')).toBeNull();
    expect(server.bodiesOf(api.video.reviewApprove)).toEqual([{ token: TOKEN, comment: '¡Perfecto!' }]);
    // The answer is the review as it now stands: no second read.
    expect(server.bodiesOf(api.video.review)).toHaveLength(1);
  });

  it('asks what to change before sending a change request, and sends it with the comment', async () => {
    server.ok(api.video.review, pending).on(api.video.reviewChanges, (body) => ({ code: '200', data: { ...pending, approval: 'changes_requested', approval_comment: body.comment, decided: true } }));
    openLink();
    const body = await ready();
    const user = newUser();
    await user.click(within(body).getByTestId('review-mode-changes'));
    expect(within(body).getByTestId('review-submit')).toHaveTextContent('Enviar');
    expect(within(body).getByTestId('review-comment')).toHaveAttribute('placeholder', 'Cuéntale al estudio qué cambiar');

    await user.click(within(body).getByTestId('review-submit'));
    // The contract's own message, in the reader's language; nothing went out.
    expect(await within(body).findByText('Indica qué debe cambiar')).toBeInTheDocument();
    expect(server.bodiesOf(api.video.reviewChanges)).toEqual([]);

    await fill(user, within(body).getByTestId('review-comment'), 'Más luz en la salsa');
    await user.click(within(body).getByTestId('review-submit'));
    const decision = await within(body).findByTestId('review-decision');
    expect(decision).toHaveAttribute('data-approval', 'changes_requested');
    expect(decision).toHaveTextContent('Tu comentario se envió al estudio.');
    expect(server.bodiesOf(api.video.reviewChanges)).toEqual([{ token: TOKEN, comment: 'Más luz en la salsa' }]);
    expect(server.bodiesOf(api.video.reviewApprove)).toEqual([]);
  });

  it('after a decision made elsewhere meanwhile, shows the one that counts', async () => {
    // The first read finds it pending; by the time the merchant taps, another tab has asked for a change.
    server
      .sequence(api.video.review, [
        { code: '200', data: pending },
        { code: '200', data: { ...pending, approval: 'changes_requested', approval_comment: 'Otro plano', decided: true } },
      ])
      .fail(api.video.reviewApprove, '409', i18n.t('messages:video.review_decided'));
    openLink();
    const body = await ready();
    await newUser().click(within(body).getByTestId('review-submit'));
    const decision = await screen.findByTestId('review-decision');
    expect(decision).toHaveAttribute('data-approval', 'changes_requested');
    expect(decision).toHaveTextContent('“Otro plano”');
    expect(server.bodiesOf(api.video.review)).toHaveLength(2);
  });

  it('says why the server refused an approval and keeps the form to try again', async () => {
    server.ok(api.video.review, pending).fail(api.video.reviewApprove, '422', i18n.t('messages:video.review_expired'));
    openLink();
    const body = await ready();
    await newUser().click(within(body).getByTestId('review-submit'));
    expect(await screen.findByText('Este enlace de revisión ha caducado. Pide uno nuevo a tu estudio')).toBeInTheDocument();
    expect(within(body).getByTestId('review-form')).toBeInTheDocument();
    expect(within(body).queryByTestId('review-decision')).toBeNull();
  });

  it('shows a link already answered as its answer, with the time it was set for', async () => {
    server.ok(api.video.review, { ...pending, approval: 'approved', approval_comment: null, decided: true, scheduled_at: '2026-12-03T12:00:00.000Z' });
    openLink();
    const body = await ready();
    expect(within(body).getByTestId('review-decision')).toHaveTextContent('Aprobado. Gracias: el estudio lo publicará.');
    expect(within(body).queryByTestId('review-form')).toBeNull();
    expect(within(body).getByTestId('review-facts')).toHaveTextContent('2026/12/03');
    expect(within(body).getByTestId('review-facts')).not.toHaveTextContent('Se publica en cuanto lo apruebes');
  });

  it.each([
    ['unknown', '404', 'video.review_invalid'],
    ['expired', '422', 'video.review_expired'],
  ])('tells the holder of an %s link to ask for a new one, without a retry', async (_kind, code, key) => {
    server.fail(api.video.review, code, i18n.t(`messages:${key}`));
    openLink();
    const invalid = await screen.findByTestId('review-invalid');
    expect(within(invalid).getByTestId('page-title')).toHaveTextContent('Este enlace de revisión no es válido o ha caducado.');
    expect(invalid).toHaveTextContent('Pide un enlace nuevo a tu estudio.');
    expect(screen.queryByTestId('load-retry')).toBeNull();
  });

  it('shows a server failure with its reason and a retry that reads the link again', async () => {
    server.sequence(api.video.review, [
      { code: '500', msg: 'Error del servidor', data: null },
      { code: '200', data: pending },
    ]);
    openLink();
    const failed = await screen.findByTestId('review-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('Error del servidor');
    expect(screen.queryByTestId('review-invalid')).toBeNull();
    await newUser().click(within(failed).getByTestId('load-retry'));
    expect(await ready()).toBeInTheDocument();
    expect(server.bodiesOf(api.video.review)).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });

  it.each([
    ['busy', '429', 'error.too_many'],
    ['unavailable', '503', 'service.unavailable'],
  ])('shows a %s server (%s) as a failure with a retry, not as a dead link', async (_kind, code, key) => {
    const reason = i18n.t(`messages:${key}`);
    server.sequence(api.video.review, [
      { code, msg: reason, data: null },
      { code: '200', data: pending },
    ]);
    openLink();
    const failed = await screen.findByTestId('review-error');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent(reason);
    expect(screen.queryByTestId('review-invalid')).toBeNull();
    await newUser().click(within(failed).getByTestId('load-retry'));
    expect(await ready()).toBeInTheDocument();
    expect(server.bodiesOf(api.video.review)).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });
});

describe('the review link on a phone', () => {
  beforeEach(() => setViewportWidth(375));

  it('gives the whole answer on a 375 px screen: the video, the captions, and a full-width button that sends it', async () => {
    server.ok(api.video.review, pending).on(api.video.reviewChanges, (body) => ({ code: '200', data: { ...pending, approval: 'changes_requested', approval_comment: body.comment, decided: true } }));
    openLink();
    const body = await ready();
    expect(window.innerWidth).toBe(375);
    // The video plays inline on a phone instead of taking over the screen.
    expect(within(body).getByTestId('review-player')).toHaveAttribute('playsinline');
    expect(within(body).getByTestId('review-caption')).toHaveTextContent('Dos tacos por 5 $ cada martes');
    const submit = within(body).getByTestId('review-submit');
    expect(submit).toHaveClass('ant-btn-block');
    expect(submit).toHaveClass('ant-btn-lg');

    const user = newUser();
    await user.click(within(body).getByTestId('review-mode-changes'));
    await fill(user, within(body).getByTestId('review-comment'), 'Más corto');
    await user.click(submit);
    expect(await within(body).findByTestId('review-decision')).toHaveTextContent('Tu comentario se envió al estudio.');
    expect(server.bodiesOf(api.video.reviewChanges)).toEqual([{ token: TOKEN, comment: 'Más corto' }]);
  });
});
