import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { SmtpMailer } from './smtp-mailer.js';

/** A real SMTP server on loopback receives what the app sends through nodemailer. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ mailer: new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Nearcast <no-reply@nearcast.test>') as never });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the sign-up code, and the code from the received mail signs the user up', async () => {
    const send = await t.call('/v1/base/send', { email: 'smtp-user@example.com', scene: 'register' });
    expect(send.code).toBe('200');

    const mail = received.find((message) => message.to.includes('smtp-user@example.com'));
    expect(mail?.from).toBe('no-reply@nearcast.test');
    const body = mail!.raw.replace(/=\r?\n/g, '');
    const code = /verification code is (\d{6})/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const sign = await t.call<{ user: { email: string } }>('/v1/account/sign', {
      username: 'Smtp User',
      email: 'smtp-user@example.com',
      password: 'Smtp-pass-1',
      confirm_password: 'Smtp-pass-1',
      code,
    });
    expect(sign.code).toBe('200');
    expect(sign.data.user.email).toBe('smtp-user@example.com');
  });
});
