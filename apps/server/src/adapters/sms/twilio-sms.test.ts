import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilio } from '../../test/fakes/twilio.js';
import { SmsError, toE164 } from './sms.js';
import { TwilioSms } from './twilio-sms.js';

const twilio = new FakeTwilio();

beforeAll(() => twilio.start());
afterAll(() => twilio.stop());

const sender = (overrides: Partial<ConstructorParameters<typeof TwilioSms>[0]> = {}) =>
  new TwilioSms({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.url, ...overrides });

describe('Twilio SMS adapter against a local fake of the Messages API', () => {
  it('sends a text and answers the message sid', async () => {
    const sid = await sender().send({ to: '+14155550123', body: 'Tu plan termina hoy' });
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.messages.at(-1)).toMatchObject({ sid, to: '+14155550123', from: '+15005550006', body: 'Tu plan termina hoy' });
  });

  it('sends through a Messaging Service when the sender is an MG sid', async () => {
    await sender({ from: 'MG0123456789abcdef0123456789abcdef' }).send({ to: '+14155550123', body: 'hi' });
    expect(twilio.messages.at(-1)).toMatchObject({ from: null, messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' });
  });

  it('reports refused credentials as not retryable', async () => {
    const error = await sender({ authToken: 'wrong' }).send({ to: '+14155550123', body: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ status: 401, code: 20003, retryable: false });
  });

  it('reports an invalid number as not retryable, and a 429 or a 500 as retryable', async () => {
    const count = twilio.messages.length;
    await expect(sender().send({ to: '+1', body: 'hi' })).rejects.toMatchObject({ status: 400, code: 21211, retryable: false });
    twilio.rateLimitNext();
    await expect(sender().send({ to: '+14155550123', body: 'hi' })).rejects.toMatchObject({ status: 429, code: 20429, retryable: true });
    twilio.failNext();
    await expect(sender().send({ to: '+14155550123', body: 'hi' })).rejects.toMatchObject({ status: 500, retryable: true });
    expect(twilio.messages.length).toBe(count);
    // After the provider recovers, the same text goes.
    await sender().send({ to: '+14155550123', body: 'hi' });
    expect(twilio.messages.length).toBe(count + 1);
  });

  it('reports an unreachable provider as retryable', async () => {
    await expect(sender({ baseUrl: 'http://127.0.0.1:1' }).send({ to: '+14155550123', body: 'hi' })).rejects.toMatchObject({ retryable: true });
  });

  it('turns profile numbers into E.164', () => {
    expect(toE164('4155550123')).toBe('+14155550123');
    expect(toE164('(415) 555-0123')).toBe('+14155550123');
    expect(toE164('')).toBe('');
  });
});
