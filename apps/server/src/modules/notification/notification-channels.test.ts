import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../adapters/mail/smtp-mailer.js';
import { FakeTwilio } from '../../test/fakes/twilio.js';
import { startJobs } from '../../composition/jobs.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Mail and SMS as they leave the app: a real SMTP server on loopback receives the mail, a local
 * fake of Twilio's Messages API the texts (the app configured for Twilio as in production).
 */
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
const twilio = new FakeTwilio();
let t: TestApp;
let clientId: number;
let clientToken: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await twilio.start();
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    mailer: new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Nearcast <no-reply@nearcast.test>') as never,
    config: {
      JOBS_POLLING_SECONDS: 0.5,
      SMS_PROVIDER: 'twilio',
      SMS_TWILIO_ACCOUNT_SID: twilio.accountSid,
      SMS_TWILIO_AUTH_TOKEN: twilio.authToken,
      SMS_FROM: '+15005550006',
      SMS_TWILIO_BASE_URL: twilio.url,
    },
  });
  clientToken = await t.login('client@example.com');
  clientId = (await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`))[0]!.id;
}, 120_000);

afterAll(async () => {
  await t.close();
  await twilio.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function paymentEvent(orderId: number): Promise<void> {
  const eventId = await t.database.db.transaction((tx) =>
    t.app.services.events.record(tx, 'payment.completed', {
      actor_id: null,
      subject_id: orderId,
      account_id: clientId,
      payload: { order_id: orderId, payment_id: orderId, package_type: 'business', amount_cents: 70_000, periods: 1, provider: 'sandbox', renewal: true, shares: [] },
    }),
  );
  await t.app.services.events.deliver({ event_id: eventId, subscriber: 'notification.center' });
}

const deliveries = () =>
  t.query<{ channel: string; status: string; attempts: number }>(sql`select channel, status, attempts from notification_deliveries order by notification_id, channel`);

describe('mail and SMS', () => {
  it('mails over SMTP and texts through Twilio in the reader language, once each', async () => {
    expect((await t.call('/v1/account/update', { notifications: { email: true, sms: true } }, { token: clientToken })).code).toBe('200');
    await t.call('/v1/notification/list', { tab: 'interactive' }, { token: clientToken, lang: 'zh' });
    await paymentEvent(501);
    expect(await t.app.services.notificationDelivery.sendPending()).toBe(2);
    expect(await t.app.services.notificationDelivery.sendPending()).toBe(0);

    const mail = received.filter((message) => message.to.includes('client@example.com'));
    expect(mail).toHaveLength(1);
    // The subject is MIME-encoded (UTF-8); the body is quoted-printable or base64.
    expect(mail[0]!.raw).toMatch(/Subject: =\?UTF-8\?/i);
    expect(twilio.messages).toHaveLength(1);
    expect(twilio.messages[0]).toMatchObject({ to: '+13105550199', from: '+15005550006' });
    expect(twilio.messages[0]!.body).toContain('已收到付款');
    expect(twilio.messages[0]!.body).toContain('$700.00');
  });

  it('a rate-limited text waits for the next run and goes once', async () => {
    await paymentEvent(502);
    twilio.rateLimitNext();
    const before = twilio.messages.length;
    await t.app.services.notificationDelivery.sendPending();
    expect(twilio.messages.length).toBe(before);
    expect((await deliveries()).filter((d) => d.channel === 'sms').at(-1)).toMatchObject({ status: 'pending', attempts: 1 });
    await t.app.services.notificationDelivery.sendPending();
    expect(twilio.messages.length).toBe(before + 1);
    expect((await deliveries()).filter((d) => d.channel === 'sms').at(-1)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('SMS switched off sends no text, mail still goes', async () => {
    await t.call('/v1/account/update', { notifications: { sms: false } }, { token: clientToken });
    const [texts, mails] = [twilio.messages.length, received.length];
    await paymentEvent(503);
    await t.app.services.notificationDelivery.sendPending();
    expect(twilio.messages.length).toBe(texts);
    expect(received.length).toBe(mails + 1);
  });

  it('through the job queue: a recorded event is delivered and its mail sent without anyone asking', async () => {
    await startJobs(t.app.services, t.app.log);
    const before = received.length;
    await t.database.db.transaction((tx) =>
      t.app.services.events.record(tx, 'settlement.decided', {
        actor_id: null,
        subject_id: 77,
        account_id: clientId,
        payload: { settlement_id: 77, status: 'paid', gross_cents: 4_200, fee_cents: 0, amount_cents: 4_200, payout_rail: 'manual_bank_transfer', payout_reference: 'T-77', reason: null },
      }),
    );
    const deadline = Date.now() + 20_000;
    while (received.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(before + 1);
    expect(await t.query(sql`select kind from notifications where kind = 'settlement_paid'`)).toHaveLength(1);
  }, 30_000);
});
