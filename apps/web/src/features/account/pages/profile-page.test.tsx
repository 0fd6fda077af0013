// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, INFO_STATUS, PAY_STATUS, type CurrentUser, type ResponseOf } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getStoredUser } from '../../../lib/storage';
import { PAGES } from '../../../app/pages';
import { FakeApi, renderPage, signInAs, userOf, useFakeApi } from '../../../test/page';
import { fill } from '../../../test/antd';
import { ProfilePage } from './profile-page';

type Device = ResponseOf<typeof api.account.devices>['list'][number];

const carmen: Partial<CurrentUser> = {
  id: 7,
  email: 'carmen@tacos.example',
  username: 'carmen',
  name: 'Carmen Ruiz',
  phone: '2135550147',
  wechat: '',
  bio: 'Tacos al pastor desde 1998.',
  pay_status: PAY_STATUS.paid,
  info_status: INFO_STATUS.complete,
  // Midday UTC, so the date reads the same in any time zone the suite runs in.
  expire_time: '2027-03-15T12:00:00.000Z',
  referral_code: 'CARMEN42',
};

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

const device = (id: number, userAgent: string, current = false): Device => ({
  id,
  user_agent: userAgent,
  ip: `203.0.113.${id}`,
  created_at: '2026-11-20T12:00:00.000Z',
  last_seen_at: '2026-12-01T12:00:00.000Z',
  expires_at: '2026-12-21T12:00:00.000Z',
  current,
});
const thisMac = device(1, CHROME_MAC, true);
const phone = device(2, SAFARI_IPHONE);
const office = device(3, FIREFOX_WINDOWS);

const server = new FakeApi();

/** The open confirmation (antd keeps closed ones in the tree) that asks `question`. */
async function confirmIn(user: ReturnType<typeof newUser>, question: string, ok: string) {
  const popover = (await screen.findByText(question)).closest<HTMLElement>('.ant-popover');
  if (!popover) throw new Error(`No confirmation asks ${question}`);
  await user.click(within(popover).getByText(ok));
}

const showProfile = (url = '/profile') => renderPage(<ProfilePage />, { path: '/profile', url });

useFakeApi(server);

beforeAll(async () => {
  // The catalogues the app loads with the page, as pages.ts lists them.
  await setLanguage('es-ES', ['common', ...PAGES.profile.namespaces]);
});
beforeEach(() => {
  server.reset();
  setViewportWidth(1280);
  signInAs('client', carmen);
});

describe('the profile page in Spanish', () => {
  it('opens on the basic details, filled in from the signed-in user, and saves the edited ones', async () => {
    const user = newUser();
    server.on(api.account.update, (body) => ({ code: '200', data: { ...userOf('client', carmen), ...body } }));
    showProfile();
    expect(screen.getByText('Tus datos, tu seguridad y cómo te contactamos.')).toBeInTheDocument();
    expect(screen.getByTestId('profile-name')).toHaveValue('Carmen Ruiz');
    expect(screen.getByTestId('profile-phone')).toHaveValue('2135550147');
    expect(screen.getByTestId('profile-bio')).toHaveValue('Tacos al pastor desde 1998.');

    await fill(user, 'profile-name', 'Carmen Ruiz Ortega', { replace: true });
    await fill(user, 'profile-wechat', 'carmen_tacos', { replace: true });
    await user.click(screen.getByTestId('profile-save'));

    expect(await screen.findByText('Perfil guardado')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.update)).toEqual([
      { username: 'carmen', name: 'Carmen Ruiz Ortega', phone: '2135550147', wechat: 'carmen_tacos', bio: 'Tacos al pastor desde 1998.' },
    ]);
    // The stored user follows, so the header shows the new name at once.
    expect(getStoredUser()?.name).toBe('Carmen Ruiz Ortega');
  });

  it('puts a wrong phone under its field in Spanish without saving, and a server refusal in a toast', async () => {
    const user = newUser();
    server.fail(api.account.update, '409', 'Ese nombre de usuario ya está en uso');
    showProfile();
    await fill(user, 'profile-phone', '555-01', { replace: true });
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Introduce un número de teléfono de EE. UU. de 10 dígitos')).toBeInTheDocument();
    expect(server.calls).toEqual([]);

    await fill(user, 'profile-phone', '2135550148', { replace: true });
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Ese nombre de usuario ya está en uso')).toBeInTheDocument();
    expect(getStoredUser()?.phone).toBe('2135550147');
  });

  it('keeps the open tab in the address', async () => {
    const user = newUser();
    const { router } = showProfile();
    await user.click(screen.getByTestId('profile-tab-notifications'));
    expect(await screen.findByTestId('notify-marketing')).toBeInTheDocument();
    expect(screen.getByText('Elige cómo te mantenemos informado.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=notifications');
    await user.click(screen.getByTestId('profile-tab-account'));
    expect(await screen.findByTestId('account-info')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=account');
  });

  it('shows placeholders while the devices load, then each device by browser and system, this one marked', async () => {
    let arrive: (devices: { list: Device[] }) => void = () => undefined;
    server.on(api.account.devices, () => new Promise((resolve) => (arrive = (data) => resolve({ code: '200', data }))));
    showProfile('/profile?tab=security');
    await waitFor(() => expect(server.bodiesOf(api.account.devices)).toHaveLength(1));
    const card = screen.getByText('Dispositivos con sesión iniciada').closest<HTMLElement>('.ant-card')!;
    expect(card.querySelector('.ant-skeleton')).not.toBeNull();
    expect(within(card).queryByTestId('devices-list')).toBeNull();

    arrive({ list: [thisMac, phone, office] });
    const rows = await within(card).findAllByTestId('device-row');
    expect(rows.map((row) => row.querySelector('.devices__name')?.textContent)).toEqual(['Chrome · macOSEste dispositivo', 'Safari · iOS', 'Firefox · Windows']);
    expect(rows[1]).toHaveTextContent('IP 203.0.113.2');
    expect(rows[1]).toHaveTextContent(/última actividad 2026\/12\/01 \d{2}:\d{2}/);
    // This device cannot sign itself out from here; the others can.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('devices-revoke-others')).toHaveTextContent('Cerrar sesión en los demás dispositivos');
  });

  it('signs one other device out after asking, and reads the list again', async () => {
    const user = newUser();
    server
      .sequence(api.account.devices, [
        { code: '200', data: { list: [thisMac, phone, office] } },
        { code: '200', data: { list: [thisMac, office] } },
      ])
      .ok(api.account.revokeDevice, null);
    showProfile('/profile?tab=security');
    await user.click(await screen.findByTestId('device-revoke-2'));
    await confirmIn(user, '¿Cerrar la sesión en este dispositivo?', 'Cerrar sesión');

    expect(await screen.findByText('Sesión del dispositivo cerrada')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.revokeDevice)).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(2));
    expect(screen.queryByTestId('device-revoke-2')).toBeNull();
  });

  it('says when no device is signed in, and offers a retry when the list fails', async () => {
    const user = newUser();
    server.sequence(api.account.devices, [
      { code: '500', msg: 'El servidor no responde', data: null },
      { code: '200', data: { list: [] } },
    ]);
    showProfile('/profile?tab=security');
    const failed = await screen.findByTestId('load-failed');
    expect(failed).toHaveTextContent('Error al cargar, inténtalo de nuevo');
    expect(failed).toHaveTextContent('El servidor no responde');

    await user.click(within(failed).getByTestId('devices-retry'));
    expect(await screen.findByText('No hay dispositivos con sesión iniciada.')).toBeInTheDocument();
    expect(screen.queryByTestId('devices-revoke-others')).toBeNull();
  });

  it('changes the password with the three fields, then empties them', async () => {
    const user = newUser();
    server.ok(api.account.devices, { list: [thisMac] }).ok(api.account.psd, null);
    showProfile('/profile?tab=security');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findAllByText('Completa toda la información')).not.toHaveLength(0);
    expect(server.bodiesOf(api.account.psd)).toEqual([]);

    await fill(user, 'password-current', 'Tacos-2024', { replace: true });
    await fill(user, 'password-new', 'Salsa-2025', { replace: true });
    await fill(user, 'password-confirm', 'Salsa-2025', { replace: true });
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Contraseña cambiada')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.psd)).toEqual([{ current_password: 'Tacos-2024', new_password: 'Salsa-2025', confirm_password: 'Salsa-2025' }]);
    expect(screen.getByTestId('password-current')).toHaveValue('');
  });

  it('turns two-factor sign-in on', async () => {
    const user = newUser();
    server.ok(api.account.devices, { list: [thisMac] }).ok(api.account.update, userOf('client', { ...carmen, two_factor_enabled: true }));
    showProfile('/profile?tab=security');
    const toggle = screen.getByTestId('two-factor-switch');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Verificación en dos pasos activada')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.update)).toEqual([{ two_factor_enabled: true }]);
    await waitFor(() => expect(screen.getByTestId('two-factor-switch')).toBeChecked());
  });

  it('shows a merchant its plan and status, and a regional agent its agent type instead', async () => {
    const { unmount } = showProfile('/profile?tab=account');
    const merchant = screen.getByTestId('account-info');
    expect(merchant).toHaveTextContent('carmen@tacos.example');
    expect(merchant).toHaveTextContent('Dueño de negocio');
    expect(merchant).toHaveTextContent('Pagado');
    expect(merchant).toHaveTextContent('Completos');
    expect(merchant).toHaveTextContent(/El plan vence\s*2027\/03\/15/);
    expect(merchant).toHaveTextContent('CARMEN42');
    unmount();

    signInAs('partner', { email: 'rosa@agents.example', agent_type: 'sub', referral_code: '' });
    showProfile('/profile?tab=account');
    const agent = screen.getByTestId('account-info');
    expect(agent).toHaveTextContent('Agente regional');
    expect(agent).toHaveTextContent('Subagente');
    // An agent pays no plan: no payment lines.
    expect(agent).not.toHaveTextContent('Estado del pago');
    expect(agent).not.toHaveTextContent('El plan vence');
  });

  it('asks someone whose session is gone to sign in again, in words, not a catalogue key', () => {
    clearSession();
    showProfile();
    // dashboard's no_session.title, loaded with the page.
    expect(screen.getByText('No pudimos leer tu cuenta')).toBeInTheDocument();
    expect(screen.queryByText(/no_session/)).toBeNull();
    expect(screen.queryByTestId('profile-name')).toBeNull();
  });
});
