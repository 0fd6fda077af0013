import { SmsError, type SmsMessage, type SmsSender } from './sms.js';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, or a Messaging Service SID (MG…), which Twilio then picks a sender from. */
  from: string;
  /** https://api.twilio.com in production; a local fake in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface TwilioError {
  code?: number;
  message?: string;
  status?: number;
}

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded
 * `To`, `From` (or `MessagingServiceSid`) and `Body`, HTTP Basic auth with the account SID and
 * auth token. 201 answers the message resource (`sid`, `status` queued/accepted); errors answer
 * `{ code, message, more_info, status }` — 429 (code 20429) and 5xx may be retried, 401 (20003)
 * and 400 (e.g. 21211, an invalid `To`) may not.
 */
export class TwilioSms implements SmsSender {
  readonly kind = 'twilio' as const;
  private readonly url: string;

  constructor(private readonly options: TwilioOptions) {
    const base = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
    this.url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  }

  async send(message: SmsMessage): Promise<string> {
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (this.options.from.startsWith('MG')) form.set('MessagingServiceSid', this.options.from);
    else form.set('From', this.options.from);
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      // The request may or may not have reached Twilio; a retry may text twice, which beats never.
      throw new SmsError(`Twilio unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    let json: (TwilioError & { sid?: string }) | null = null;
    try {
      json = JSON.parse(text) as TwilioError & { sid?: string };
    } catch {
      json = null;
    }
    if (response.status === 201 || response.status === 200) {
      if (!json?.sid) throw new SmsError('Twilio answered without a message sid', false, response.status);
      return json.sid;
    }
    const retryable = response.status === 429 || response.status >= 500;
    throw new SmsError(`Twilio ${response.status}${json?.code ? ` (${json.code})` : ''}: ${json?.message ?? text.slice(0, 200)}`, retryable, response.status, json?.code ?? null);
  }
}
