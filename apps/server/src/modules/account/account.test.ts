import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { codeFrom, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function accountRow(email: string) {
  const rows = await t.query<{ id: number; account_type: number; password_hash: string; studio_id: number | null; agent_id: number | null; username: string }>(
    sql`select id, account_type, password_hash, studio_id, agent_id, username from accounts where email = ${email}`,
  );
  return rows[0];
}

async function sendCode(email: string, scene: 'register' | 'forget' = 'register') {
  const response = await t.call('/v1/base/send', { email, scene });
  expect(response.code).toBe('200');
  return codeFrom(t.mailer, email);
}

async function ageCodes(email: string) {
  // Moves the last code back in time so a test can ask for another one without waiting a minute.
  await t.query(sql`update email_codes set created_at = created_at - interval '2 minutes' where email = ${email}`);
}

describe('login, detail and logout', () => {
  it('answers 403 without a token, and the super admin signs in as account_type 11', async () => {
    const anonymous = await t.call('/v1/account/detail');
    expect(anonymous).toMatchObject({ code: '403', status: 403 });

    const login = await t.call<{ token: string; user: { account_type: number } }>('/v1/account/login', {
      email: 'super@example.com',
      password: DEMO_PASSWORD,
    });
    expect(login.code).toBe('200');
    expect(login.data.token).toMatch(/^[\w-]{43}$/);
    expect(login.data.user.account_type).toBe(11);

    const detail = await t.call<{ account_type: number; token: string; pay_status: number; info_status: number; role: string }>(
      '/v1/account/detail',
      {},
      { token: login.data.token },
    );
    expect(detail.code).toBe('200');
    expect(detail.data).toMatchObject({ account_type: 11, token: login.data.token, role: 'super', info_status: 1 });
    expect(detail.data).toHaveProperty('pay_status');

    const logout = await t.call('/v1/account/logout', {}, { token: login.data.token });
    expect(logout.code).toBe('200');
    expect((await t.call('/v1/account/detail', {}, { token: login.data.token })).code).toBe('403');
  });

  it('gives a wrong email and a wrong password the same answer', async () => {
    const wrongPassword = await t.call('/v1/account/login', { email: 'super@example.com', password: 'Wrong-pass-1' });
    const wrongEmail = await t.call('/v1/account/login', { email: 'nobody@example.com', password: 'Wrong-pass-1' });
    expect(wrongPassword.code).toBe('400');
    expect(wrongEmail).toEqual(wrongPassword);
    expect(wrongPassword.msg).toBe('Incorrect email or password');
  });

  it('matches emails without regard to case or spaces', async () => {
    const response = await t.call('/v1/account/login', { email: '  Admin@Example.COM ', password: DEMO_PASSWORD });
    expect(response.code).toBe('200');
  });

  it('asks for every field with the spec message, in the caller language', async () => {
    const en = await t.call('/v1/account/login', { email: '', password: '' });
    expect(en.msg).toBe('Please fill in all required fields');
    const zh = await t.call('/v1/account/login', {}, { lang: 'zh-CN,zh;q=0.9' });
    expect(zh.msg).toBe('请填写所有必填项');
    const es = await t.call('/v1/account/login', { email: 'a@b.co' }, { lang: 'es-ES' });
    expect(es.data).toEqual({ fields: { password: 'Rellena todos los campos obligatorios' } });
  });

  it('keeps a remembered session for 30 days and a plain one for 1 day', async () => {
    const remembered = await t.call<{ token: string }>('/v1/account/login', { email: 'agent@example.com', password: DEMO_PASSWORD, remember: true });
    const plain = await t.call<{ token: string }>('/v1/account/login', { email: 'agent@example.com', password: DEMO_PASSWORD });
    const devices = await t.call<{ list: { expires_at: string; current: boolean; id: number }[] }>('/v1/account/devices', {}, { token: plain.data.token });
    const days = devices.data.list.map((d) => Math.round((Date.parse(d.expires_at) - Date.now()) / 86_400_000)).sort((a, b) => a - b);
    expect(days).toEqual([1, 30]);
    expect(devices.data.list.filter((d) => d.current)).toHaveLength(1);
    expect(remembered.code).toBe('200');
  });
});

describe('sign-up with an emailed code', () => {
  it('creates a client from the shop-owner path and signs it in', async () => {
    const code = await sendCode('shop@example.com');
    const response = await t.call<{ token: string; user: { role: string; pay_status: number; email: string } }>('/v1/account/sign', {
      username: 'Shop Owner',
      email: 'shop@example.com',
      password: 'Tacos-2026',
      confirm_password: 'Tacos-2026',
      code,
    });
    expect(response.code).toBe('200');
    expect(response.data.user).toMatchObject({ role: 'client', pay_status: 0, email: 'shop@example.com' });
    expect((await t.call('/v1/account/detail', {}, { token: response.data.token })).code).toBe('200');
    // The password is stored as a scrypt hash, never as given.
    expect((await accountRow('shop@example.com'))?.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
  });

  it('creates a studio from the studio path', async () => {
    const code = await sendCode('newstudio2@example.com');
    const response = await t.call<{ user: { account_type: number } }>('/v1/account/sign', {
      username: 'Studio Two',
      email: 'newstudio2@example.com',
      password: 'Studio-2026',
      confirm_password: 'Studio-2026',
      code,
      join_type: 'studio',
    });
    expect(response.data.user.account_type).toBe(1);
  });

  it('places a merchant who came through a studio link under that studio and its agent', async () => {
    const studioToken = await t.login('studio@example.com');
    const studio = await t.call<{ referral_code: string; id: number; agent_id: number }>('/v1/account/detail', {}, { token: studioToken });
    const code = await sendCode('referred@example.com');
    const response = await t.call('/v1/account/sign', {
      username: 'Referred',
      email: 'referred@example.com',
      password: 'Referred-1',
      confirm_password: 'Referred-1',
      code,
      ref: studio.data.referral_code,
    });
    expect(response.code).toBe('200');
    const row = await accountRow('referred@example.com');
    expect(row).toMatchObject({ studio_id: studio.data.id, agent_id: studio.data.agent_id });
  });

  it('refuses an unknown referral code and creates nothing', async () => {
    const code = await sendCode('badref@example.com');
    const response = await t.call('/v1/account/sign', {
      username: 'Bad ref', email: 'badref@example.com', password: 'Badref-123', confirm_password: 'Badref-123', code, ref: 'NOPE1234',
    });
    expect(response).toMatchObject({ code: '400', data: { fields: { ref: 'This invitation link is not valid' } } });
    expect(await accountRow('badref@example.com')).toBeUndefined();
  });

  it('refuses mismatched passwords with the spec message', async () => {
    const response = await t.call('/v1/account/sign', {
      username: 'Mismatch', email: 'mismatch@example.com', password: 'Abcdefg-1', confirm_password: 'Abcdefg-2', code: '123456',
    });
    expect(response).toMatchObject({ code: '400', msg: 'Passwords do not match', data: { fields: { confirm_password: 'Passwords do not match' } } });
  });

  it('answers a taken email exactly like a new one, for the code and for the sign-up', async () => {
    const taken = 'client@example.com';
    const fresh = 'fresh-signup@example.com';
    const send = (email: string) => t.call('/v1/base/send', { email, scene: 'register' }, { lang: 'es' });
    const sent = [await send(taken), await send(fresh)];
    expect(sent[0]).toMatchObject({ code: '200', status: 200 });
    expect(sent[0]).toEqual(sent[1]);
    // Only the mail differs: the owner of the taken one is told how to get back in, with no code.
    const note = t.mailer.lastTo(taken)!;
    expect(note.subject).toBe('Ya tienes una cuenta de Nearcast');
    expect(note.text).toMatch(/Inicia sesión/);
    expect(note.text).not.toMatch(/\b\d{6}\b/);
    const realCode = codeFrom(t.mailer, fresh);
    const wrong = realCode === '000000' ? '111111' : '000000';

    // Asking again at once waits the same minute for both.
    const again = [await send(taken), await send(fresh)];
    expect(again[0]).toMatchObject({ code: '429' });
    expect({ ...again[0], msg: again[0]!.msg.replace(/\d+/, 'N') }).toEqual({ ...again[1], msg: again[1]!.msg.replace(/\d+/, 'N') });

    // A sign-up with the taken email and any code answers like a wrong code for the new one,
    // try after try, up to the same "too many" at the fifth.
    const sign = (email: string, code: string) =>
      t.call('/v1/account/sign', { username: 'Dup', email, password: 'Abcdefg-1', confirm_password: 'Abcdefg-1', code });
    for (let index = 0; index < 5; index += 1) {
      const answers = [await sign(taken, index === 0 ? realCode : wrong), await sign(fresh, wrong)];
      expect(answers[0]).toMatchObject({ code: '400', status: 400 });
      expect(answers[0], `try ${index + 1}`).toEqual(answers[1]);
    }
    expect((await sign(fresh, wrong)).msg).toBe('Too many wrong codes. Please request a new one.');
    expect((await accountRow(taken))?.username).toBe('client');
  });

  it('answers a sign-up for a taken email without any code like one for a new email', async () => {
    const sign = (email: string) =>
      t.call('/v1/account/sign', { username: 'Dup', email, password: 'Abcdefg-1', confirm_password: 'Abcdefg-1', code: '123456' });
    const answers = [await sign('admin@example.com'), await sign('never-asked@example.com')];
    expect(answers[0]).toMatchObject({ code: '400', data: { fields: { code: 'The verification code is incorrect or has expired' } } });
    expect(answers[0]).toEqual(answers[1]);
  });

  it('sends one code a minute per email', async () => {
    await sendCode('minute@example.com');
    const again = await t.call('/v1/base/send', { email: 'minute@example.com', scene: 'register' });
    expect(again.code).toBe('429');
    expect(again.msg).toMatch(/^Please wait \d+ seconds/);
    await ageCodes('minute@example.com');
    expect((await t.call('/v1/base/send', { email: 'minute@example.com', scene: 'register' })).code).toBe('200');
  });

  it('counts wrong codes and locks the code after five tries', async () => {
    const code = await sendCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { username: 'Guess', email: 'guess@example.com', password: 'Guess-1234', confirm_password: 'Guess-1234' };
    for (let i = 0; i < 4; i += 1) {
      expect((await t.call('/v1/account/sign', { ...body, code: wrong })).data).toEqual({
        fields: { code: 'The verification code is incorrect or has expired' },
      });
    }
    expect((await t.call('/v1/account/sign', { ...body, code: wrong })).msg).toBe('Too many wrong codes. Please request a new one.');
    // Even the right code is refused now; nothing was created.
    expect((await t.call('/v1/account/sign', { ...body, code })).code).toBe('400');
    expect(await accountRow('guess@example.com')).toBeUndefined();
  });

  it('uses a code once', async () => {
    const code = await sendCode('once@example.com');
    const body = { username: 'Once', email: 'once@example.com', password: 'Once-12345', confirm_password: 'Once-12345', code };
    expect((await t.call('/v1/account/sign', body)).code).toBe('200');
    expect((await t.call('/v1/account/sign', body)).data).toEqual({ fields: { code: 'The verification code is incorrect or has expired' } });
  });

  it('refuses an expired code', async () => {
    const code = await sendCode('late@example.com');
    await t.query(sql`update email_codes set expires_at = now() - interval '1 second' where email = 'late@example.com'`);
    const response = await t.call('/v1/account/sign', {
      username: 'Late', email: 'late@example.com', password: 'Late-12345', confirm_password: 'Late-12345', code,
    });
    expect(response.data).toEqual({ fields: { code: 'The verification code is incorrect or has expired' } });
  });

  it('writes the code mail in the caller language', async () => {
    await t.call('/v1/base/send', { email: 'zh@example.com', scene: 'register' }, { lang: 'zh' });
    expect(t.mailer.lastTo('zh@example.com')?.subject).toBe('Nearcast 注册验证码');
  });

  it('answers a mail failure clearly and lets the user ask again at once', async () => {
    t.mailer.failNext = true;
    const failed = await t.call('/v1/base/send', { email: 'bounce@example.com', scene: 'register' });
    expect(failed).toMatchObject({ code: '500', msg: 'We could not send the email. Please try again later.' });
    expect((await t.call('/v1/base/send', { email: 'bounce@example.com', scene: 'register' })).code).toBe('200');
  });
});

describe('password reset', () => {
  it('resets with an emailed code and ends every session', async () => {
    const before = await t.login('operator@example.com');
    const code = await sendCode('operator@example.com', 'forget');
    const reset = await t.call('/v1/account/forget', {
      email: 'operator@example.com', code, password: 'Operator-new-1', confirm_password: 'Operator-new-1',
    });
    expect(reset.code).toBe('200');
    expect((await t.call('/v1/account/detail', {}, { token: before })).code).toBe('403');
    expect((await t.call('/v1/account/login', { email: 'operator@example.com', password: DEMO_PASSWORD })).code).toBe('400');
    expect(await t.login('operator@example.com', 'Operator-new-1')).toBeTruthy();
  });

  it('answers an unknown email exactly like a known one, and mails it a note without a code', async () => {
    const known = 'studio@example.com';
    const ghost = 'ghost@example.com';
    const send = (email: string) => t.call('/v1/base/send', { email, scene: 'forget' }, { lang: 'zh' });
    const sent = [await send(known), await send(ghost)];
    expect(sent[0]).toMatchObject({ code: '200' });
    expect(sent[0]).toEqual(sent[1]);
    // Both get a mail (so both take as long); the unknown one learns no account uses it.
    expect(t.mailer.lastTo(known)?.subject).toBe('Nearcast 重置密码验证码');
    const note = t.mailer.lastTo(ghost)!;
    expect(note.subject).toBe('Nearcast 重置密码申请');
    expect(note.text).toMatch(/没有任何 Nearcast 账号/);
    expect(note.text).not.toMatch(/\b\d{6}\b/);

    const code = codeFrom(t.mailer, known);
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (email: string) =>
      t.call('/v1/account/forget', { email, code: email === ghost ? code : wrong, password: 'Ghost-1234', confirm_password: 'Ghost-1234' });
    for (let index = 0; index < 5; index += 1) {
      const answers = [await reset(known), await reset(ghost)];
      expect(answers[0]).toMatchObject({ code: '400' });
      expect(answers[0], `try ${index + 1}`).toEqual(answers[1]);
    }
  });

  it('answers a public sign-in code request for an unknown email like one for a known email', async () => {
    const send = (email: string) => t.call('/v1/base/send', { email, scene: 'login' });
    const sent = [await send('agent@example.com'), await send('nobody-at-all@example.com')];
    expect(sent[0]).toMatchObject({ code: '200' });
    expect(sent[0]).toEqual(sent[1]);
    expect(t.mailer.lastTo('agent@example.com')?.subject).toBe('Your Nearcast sign-in code');
    expect(t.mailer.lastTo('nobody-at-all@example.com')).toMatchObject({
      subject: 'Your Nearcast sign-in request',
      text: expect.stringContaining('no Nearcast account uses it'),
    });
  });
});

describe('change password', () => {
  it('asks for every field and matching passwords with the spec messages', async () => {
    const token = await t.login('subagent@example.com');
    const empty = await t.call('/v1/account/psd', { current_password: '', new_password: '', confirm_password: '' }, { token });
    expect(empty.msg).toBe('Please fill in complete information');
    const mismatch = await t.call('/v1/account/psd', { current_password: DEMO_PASSWORD, new_password: 'Another-1', confirm_password: 'Another-2' }, { token });
    expect(mismatch.msg).toBe('The two passwords do not match');
    const wrong = await t.call('/v1/account/psd', { current_password: 'Not-it-123', new_password: 'Another-1', confirm_password: 'Another-1' }, { token });
    expect(wrong.data).toEqual({ fields: { current_password: 'The current password is incorrect' } });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await t.login('newclient@example.com');
    const token = await t.login('newclient@example.com');
    const response = await t.call('/v1/account/psd', { current_password: DEMO_PASSWORD, new_password: 'Newclient-2', confirm_password: 'Newclient-2' }, { token });
    expect(response.code).toBe('200');
    expect((await t.call('/v1/account/detail', {}, { token })).code).toBe('200');
    expect((await t.call('/v1/account/detail', {}, { token: other })).code).toBe('403');
    expect(await t.login('newclient@example.com', 'Newclient-2')).toBeTruthy();
  });
});

describe('profile update and devices', () => {
  it('updates only the caller own profile fields', async () => {
    const token = await t.login('studio@example.com');
    const response = await t.call<{ phone: string; bio: string; notifications: Record<string, boolean>; two_factor_enabled: boolean }>(
      '/v1/account/update',
      { phone: '(213) 555-0142', bio: 'We film tacos.', notifications: { marketing: true }, two_factor_enabled: true },
      { token },
    );
    expect(response.code).toBe('200');
    expect(response.data).toMatchObject({ phone: '2135550142', bio: 'We film tacos.', two_factor_enabled: true });
    expect(response.data.notifications).toEqual({ email: true, sms: false, system: true, marketing: true });
    await t.call('/v1/account/update', { two_factor_enabled: false }, { token });
  });

  it('refuses role, scope and payment fields and changes nothing', async () => {
    const token = await t.login('newstudio@example.com');
    for (const field of ['account_type', 'pay_status', 'studio_id', 'email']) {
      const response = await t.call('/v1/account/update', { username: 'Hacker', [field]: 11 }, { token });
      expect(response.code).toBe('400');
      expect(response.data).toEqual({ fields: { [field]: `Unknown field: ${field}` } });
    }
    expect(await accountRow('newstudio@example.com')).toMatchObject({ account_type: 1, username: 'newstudio' });
  });

  it('refuses a malformed phone with its message', async () => {
    const token = await t.login('newstudio@example.com');
    const response = await t.call('/v1/account/update', { phone: '12345' }, { token });
    expect(response.data).toEqual({ fields: { phone: 'Please enter a 10-digit US phone number' } });
  });

  it('lists devices and logs one out', async () => {
    const laptop = await t.login('admin@example.com');
    const phone = await t.login('admin@example.com');
    const devices = await t.call<{ list: { id: number; current: boolean }[] }>('/v1/account/devices', {}, { token: laptop });
    const other = devices.data.list.find((device) => !device.current);
    expect(other).toBeDefined();
    expect((await t.call('/v1/account/devices/revoke', { id: other!.id }, { token: laptop })).code).toBe('200');
    expect((await t.call('/v1/account/detail', {}, { token: phone })).code).toBe('403');
    expect((await t.call('/v1/account/devices/revoke', { id: other!.id }, { token: laptop })).code).toBe('404');
  });

  it('cannot log out another account device', async () => {
    const mine = await t.login('client@example.com');
    const theirs = await t.login('studio@example.com');
    const devices = await t.call<{ list: { id: number; current: boolean }[] }>('/v1/account/devices', {}, { token: theirs });
    const target = devices.data.list.find((device) => device.current)!;
    expect((await t.call('/v1/account/devices/revoke', { id: target.id }, { token: mine })).code).toBe('404');
    expect((await t.call('/v1/account/detail', {}, { token: theirs })).code).toBe('200');
  });
});

describe('two-factor sign-in', () => {
  it('mails a code after the right password and signs in only with it', async () => {
    const token = await t.login('operator@example.com', 'Operator-new-1');
    await t.call('/v1/account/update', { two_factor_enabled: true }, { token });
    const before = t.mailer.outbox.length;

    const first = await t.call('/v1/account/login', { email: 'operator@example.com', password: 'Operator-new-1' });
    expect(first).toMatchObject({ code: '400', data: { fields: { code: 'Enter the 6-digit code we just emailed you' } } });
    expect(t.mailer.outbox.length).toBe(before + 1);
    expect(t.mailer.lastTo('operator@example.com')?.subject).toBe('Your Nearcast sign-in code');
    const code = codeFrom(t.mailer, 'operator@example.com');

    // A wrong password still says nothing about the second factor, and mails nothing.
    const wrongPassword = await t.call('/v1/account/login', { email: 'operator@example.com', password: 'Not-the-pass-1' });
    expect(wrongPassword.msg).toBe('Incorrect email or password');
    expect(t.mailer.outbox.length).toBe(before + 1);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call('/v1/account/login', { email: 'operator@example.com', password: 'Operator-new-1', code: wrong });
    expect(bad.data).toEqual({ fields: { code: 'The verification code is incorrect or has expired' } });
    const good = await t.call<{ token: string }>('/v1/account/login', { email: 'operator@example.com', password: 'Operator-new-1', code });
    expect(good.code).toBe('200');
    // The code is used up.
    expect((await t.call('/v1/account/login', { email: 'operator@example.com', password: 'Operator-new-1', code })).code).toBe('400');

    await t.call('/v1/account/update', { two_factor_enabled: false }, { token: good.data.token });
    expect((await t.call('/v1/account/login', { email: 'operator@example.com', password: 'Operator-new-1' })).code).toBe('200');
  });
});
