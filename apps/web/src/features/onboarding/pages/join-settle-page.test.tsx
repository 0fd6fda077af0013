// @vitest-environment happy-dom
import { newUser, setLanguage } from '../../../test/dom';
import { api, INFO_STATUS, PAY_STATUS, type CurrentUser, type Role } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getToken } from '../../../lib/storage';
import { FakeApi, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { fill } from '../../../test/antd';
import { SettleClientPage, SettleStudioPage } from './join-settle-page';
import { answerAreas, settledDetails } from './test-fixtures';

const server = new FakeApi();
const showClientDoor = () => show(<SettleClientPage />, '/settle/client');
const showStudioDoor = () => show(<SettleStudioPage />, '/settle/studio');
const show = (page: ReactElement, path: string) => renderPage(page, { path });

/** Signs `role` in, and has the server answer the account as the same user. */
function signedIn(role: Role, overrides: Partial<CurrentUser> = {}) {
  const user = signInAs(role, overrides);
  server.ok(api.account.detail, user);
  return user;
}

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'onboarding']);
});
beforeEach(() => {
  answerAreas(server.reset());
});

describe('the join pages for a visitor, in Spanish', () => {
  it('pitches joining as a shop owner, its figures as the catalogue writes them, and the way to the plans', async () => {
    showClientDoor();
    const pitch = await screen.findByTestId('join-visitor');
    expect(pitch).toHaveTextContent('Atrae más clientes locales con vídeos cortos de IA');
    const highlights = within(screen.getByTestId('join-highlights')).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);
    expect(highlights).toEqual(['~150 vídeos', '3 km', '~1.000 $']);
    expect(within(pitch).getByTestId('join-plans')).toHaveAttribute('href', '/plans?type=business');
    expect(within(pitch).getByTestId('join-plans')).toHaveTextContent('Únete ahora');
    expect(within(pitch).getByTestId('join-signin')).toHaveAttribute('href', '/signin?redirect=%2Fsettle%2Fclient');
    expect(screen.getByTestId('join-signin-top')).toBeInTheDocument();
    // The first step is the one to take; a shop owner has no city places to read about.
    expect(screen.getByTestId('join-step-register')).toHaveAttribute('data-state', 'current');
    expect(screen.queryByTestId('join-places-rule')).toBeNull();
    expect(screen.getByTestId('join-contact')).toHaveTextContent('Déjanos tu número y te llamaremos para resolver tus dudas sobre los planes.');
    // A visitor has no session to ask about.
    expect(server.calls).toEqual([]);
  });

  it('pitches a studio its earnings and the hundred places of a city', async () => {
    showStudioDoor();
    const pitch = await screen.findByTestId('join-visitor');
    expect(pitch).toHaveTextContent('Abre tu propio estudio de marketing con IA');
    const highlights = within(screen.getByTestId('join-highlights')).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);
    expect(highlights).toEqual(['~700 $', '< 2 meses', '100 plazas']);
    expect(screen.getByTestId('join-places-rule')).toHaveTextContent('Cada ciudad tiene 100 plazas de estudio.');
    expect(within(pitch).getByTestId('join-plans')).toHaveAttribute('href', '/plans?type=studio');
    expect(within(pitch).getByTestId('join-signin')).toHaveAttribute('href', '/signin?redirect=%2Fsettle%2Fstudio');
  });

  it('takes a call-back request and says when the call will come', async () => {
    const user = newUser();
    server.on(api.contact.add, (body) => ({
      code: '200',
      data: { id: 7, ...body, account_id: null, account_email: null, create_time: '2026-12-01T10:00:00.000Z' },
    }));
    showClientDoor();
    await fill(user, 'contact-mobile', '310 555 0142');
    await fill(user, 'contact-wechat', 'carmen_tacos');
    await fill(user, 'contact-name', 'Carmen');
    await user.click(screen.getByTestId('contact-submit'));
    const sent = await screen.findByTestId('contact-success');
    expect(sent).toHaveTextContent('¡Gracias, Carmen! Nos pondremos en contacto contigo.');
    expect(sent).toHaveTextContent('Te llamaremos pronto al (310) 555-0142.');
    expect(server.bodiesOf(api.contact.add)).toEqual([{ mobile: '3105550142', wechat_id: 'carmen_tacos', name: 'Carmen', message: '' }]);
  });

  it('says what a call-back request lacks, and why the server refused one', async () => {
    const user = newUser();
    server.fail(api.contact.add, '429', 'Demasiadas solicitudes');
    showStudioDoor();
    await user.click(await screen.findByTestId('contact-submit'));
    expect(await screen.findByText('Introduce tu número de teléfono')).toBeInTheDocument();
    expect(screen.getByText('Introduce tu ID de WeChat')).toBeInTheDocument();
    expect(server.bodiesOf(api.contact.add)).toEqual([]);

    await fill(user, 'contact-mobile', '3105550142');
    await fill(user, 'contact-wechat', 'studio_sur');
    await user.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('Envío fallido: Demasiadas solicitudes')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-success')).toBeNull();
  });
});

describe('the join pages for a signed-in user, in Spanish', () => {
  it('waits for the server to say who is signed in', async () => {
    signInAs('client', { pay_status: PAY_STATUS.unpaid });
    server.hang(api.account.detail);
    showClientDoor();
    expect(await screen.findByTestId('join-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('join-visitor')).toBeNull();
    expect(screen.queryByTestId('join-unpaid')).toBeNull();
  });

  it('sends a registered shop owner who has not paid to the plans, one step further on', async () => {
    signedIn('client', { pay_status: PAY_STATUS.unpaid });
    showClientDoor();
    const unpaid = await screen.findByTestId('join-unpaid');
    expect(unpaid).toHaveTextContent('Tu cuenta está lista: elige tu plan');
    expect(within(unpaid).getByTestId('join-plans')).toHaveTextContent('Elegir un plan');
    expect(within(unpaid).getByTestId('join-plans')).toHaveAttribute('href', '/plans?type=business');
    expect(screen.getByTestId('join-step-register')).toHaveAttribute('data-state', 'done');
    expect(screen.getByTestId('join-step-pay')).toHaveAttribute('data-state', 'current');
    expect(screen.queryByTestId('join-signin-top')).toBeNull();
    expect(screen.queryByTestId('join-highlights')).toBeNull();
  });

  it('gives a paid studio the settle form, its paid city fixed', async () => {
    signedIn('studio', { pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.incomplete, ...settledDetails });
    showStudioDoor();
    const step = await screen.findByTestId('settle-step-studio');
    expect(step).toHaveTextContent('Pago recibido — un último paso');
    expect(await screen.findByTestId('settle-form')).toBeInTheDocument();
    expect(screen.getByTestId('settle-company-short')).toHaveValue(settledDetails.company_short_name);
    // The place it bought is where the studio stays.
    await waitFor(() => expect(screen.getByTestId('settle-city')).toHaveClass('ant-select-disabled'));
    expect(screen.getByTestId('settle-county')).not.toHaveClass('ant-select-disabled');
  });

  it('tells a settled merchant it has nothing left to do', async () => {
    signedIn('client', { pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.complete });
    showClientDoor();
    const done = await screen.findByTestId('settle-complete');
    expect(done).toHaveTextContent('No falta nada: tu negocio está configurado. Todo lo demás está en tu panel.');
    expect(within(done).getByTestId('settle-go-dashboard')).toHaveAttribute('href', '/dashboard');
  });

  it('points a user at the other door to its own page, and staff to the dashboard', async () => {
    signedIn('client', { pay_status: PAY_STATUS.paid });
    const first = showStudioDoor();
    const other = await screen.findByTestId('join-other-role');
    expect(other).toHaveTextContent('Esta página es para estudios de IA');
    expect(other).toHaveTextContent('Has iniciado sesión como Dueño de negocio, así que aquí no hay nada a lo que unirse.');
    expect(within(other).getByTestId('join-other-link')).toHaveAttribute('href', '/settle/client');
    first.unmount();
    clearSession();

    signedIn('super');
    const second = showClientDoor();
    expect(await screen.findByTestId('join-other-role')).toHaveTextContent('Superadministrador');
    expect(within(screen.getByTestId('join-other-role')).getByTestId('join-other-link')).toHaveAttribute('href', '/dashboard');
    second.unmount();
  });

  it('treats a session the server refused as a visitor, and forgets it', async () => {
    signInAs('client', { pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.incomplete });
    server.fail(api.account.detail, '403', 'Sesión caducada');
    showClientDoor();
    expect(await screen.findByTestId('join-visitor')).toBeInTheDocument();
    expect(screen.queryByTestId('settle-form')).toBeNull();
    expect(getToken()).toBeNull();
  });
});
