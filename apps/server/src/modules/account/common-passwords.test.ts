import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { codeFrom, createTestApp, type TestApp } from '../../test/harness.js';
import { isCommonPassword } from './common-passwords.js';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.login('super@example.com');
});
afterAll(() => t.close());

const COMMON_MESSAGE = {
  en: 'This password is too common and easy to guess. Please choose another one.',
  zh: '该密码过于常见，容易被猜到，请换一个。',
  es: 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
};

describe('the common-password list', () => {
  it('holds at least the 10,000 most common passwords, compared without case', () => {
    for (const password of ['password1', 'Password1', 'PASSWORD1', 'qwerty123', 'abc12345', 'iloveyou1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of [DEMO_PASSWORD, 'Tacos-2026', 'Nearcast-operator-7']) expect(isCommonPassword(password), password).toBe(false);
  });

  it('sees through the usual dressing: case, look-alike characters, digits and symbols at the ends', () => {
    for (const password of [
      'Password123!',
      'Welcome1!',
      'P@ssw0rd123',
      'P4$$w0rd',
      'Welcom3!',
      '!!Password2026',
      'Qw3rty-2024',
      'Dr@gon99',
      'Monkey#1',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses the site's own name and a season or month with a year", () => {
    for (const password of ['Nearcast123!', 'nearcast2026', 'N3arc@st!1', 'Summer2024!', 'Winter2025', 'October2026?', 'Sept-2024', 'Verano2025!', 'Otoño2025', 'July1990']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets a password be that only starts from a common word or holds the name among others', () => {
    for (const password of [
      DEMO_PASSWORD,
      'Nearcast-operator-7',
      'Tacos-2026',
      'Summer-tacos-on-5th',
      'Password-manager-drawer-9',
      'Uncommon-choice-7',
      'Journey-pass-1',
      'Studio-2026',
      '直播间密码2026',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('a common password is refused wherever a password is chosen', () => {
  it('at sign-up, in the caller language', async () => {
    await t.call('/v1/base/send', { email: 'common@example.com', scene: 'register' });
    const code = codeFrom(t.mailer, 'common@example.com');
    for (const [lang, message] of Object.entries(COMMON_MESSAGE)) {
      const response = await t.call(
        '/v1/account/sign',
        { username: 'common', email: 'common@example.com', password: 'Password1', confirm_password: 'Password1', code },
        { lang },
      );
      expect(response).toMatchObject({ code: '400', status: 400, msg: message, data: { fields: { password: message } } });
    }
    const accepted = await t.call('/v1/account/sign', {
      username: 'common',
      email: 'common@example.com',
      password: 'Uncommon-choice-7',
      confirm_password: 'Uncommon-choice-7',
      code,
    });
    expect(accepted.code).toBe('200');
  });

  it('at sign-up, when it is a common word dressed up', async () => {
    await t.call('/v1/base/send', { email: 'dressed@example.com', scene: 'register' });
    const code = codeFrom(t.mailer, 'dressed@example.com');
    for (const password of ['Password123!', 'Welcome1!', 'Summer2024!', 'P@ssw0rd123', 'Nearcast123!']) {
      const response = await t.call('/v1/account/sign', { username: 'dressed', email: 'dressed@example.com', password, confirm_password: password, code });
      expect(response, password).toMatchObject({ code: '400', data: { fields: { password: COMMON_MESSAGE.en } } });
    }
  });

  it('at a reset and a change', async () => {
    await t.call('/v1/base/send', { email: 'newclient@example.com', scene: 'forget' });
    const code = codeFrom(t.mailer, 'newclient@example.com');
    const reset = await t.call('/v1/account/forget', { email: 'newclient@example.com', code, password: 'password1', confirm_password: 'password1' });
    expect(reset).toMatchObject({ code: '400', data: { fields: { password: COMMON_MESSAGE.en } } });

    const token = await t.login('client@example.com');
    const change = await t.call(
      '/v1/account/psd',
      { current_password: DEMO_PASSWORD, new_password: 'Password1', confirm_password: 'Password1' },
      { token, lang: 'es' },
    );
    expect(change).toMatchObject({ code: '400', data: { fields: { new_password: COMMON_MESSAGE.es } } });
    // The old password still works: nothing was changed.
    expect(await t.login('client@example.com')).toBeTruthy();
  });

  it('when staff create or edit an account, an agent or an operator', async () => {
    const account = await t.call('/v1/account/add', { email: 'c1@example.com', password: 'password1', username: 'c1', role: 'client' }, { token: superToken });
    expect(account).toMatchObject({ code: '400', data: { fields: { password: COMMON_MESSAGE.en } } });

    const agent = await t.call('/v1/proxy/add', { email: 'a1@example.com', password: 'Password1', username: 'a1' }, { token: superToken, lang: 'zh' });
    expect(agent).toMatchObject({ code: '400', data: { fields: { password: COMMON_MESSAGE.zh } } });

    const agentToken = await t.login('agent@example.com');
    const operator = await t.call('/v1/operator/add', { nickname: 'op', email: 'op1@example.com', password: 'Qwerty123' }, { token: agentToken });
    expect(operator).toMatchObject({ code: '400', data: { fields: { password: COMMON_MESSAGE.en } } });

    const [studio] = await t.query<{ id: number }>(sql`select id from accounts where email = 'studio@example.com'`);
    const edit = await t.call('/v1/account/edit', { id: studio!.id, password: 'password1' }, { token: superToken });
    expect(edit).toMatchObject({ code: '400', data: { fields: { password: COMMON_MESSAGE.en } } });
  });
});
