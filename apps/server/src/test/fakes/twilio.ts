import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/**
 * A local stand-in for Twilio's Messages API (`POST /2010-04-01/Accounts/{Sid}/Messages.json`,
 * form-encoded, HTTP Basic auth with the account SID and auth token), on loopback. It answers
 * like Twilio: 201 with the message resource; 401 code 20003 for wrong credentials; 400 code
 * 21211 for a `To` that is not E.164, 21603/21602 for a missing sender or body; and, when told,
 * 429 code 20429 or a 500 for the next requests.
 */
export class FakeTwilio {
  readonly messages: FakeTwilioMessage[] = [];
  /** Every request that reached it, accepted or not. */
  requests = 0;
  private readonly failures: { status: number; code: number; message: string }[] = [];
  private server: http.Server | null = null;
  url = '';

  constructor(
    readonly accountSid = `AC${randomBytes(16).toString('hex')}`,
    readonly authToken = randomBytes(16).toString('hex'),
  ) {}

  /** The next request answers 429 Too Many Requests (code 20429), like a rate-limited account. */
  rateLimitNext(): void {
    this.failures.push({ status: 429, code: 20429, message: 'Too Many Requests' });
  }

  /** The next request answers 500, like an outage on Twilio's side. */
  failNext(): void {
    this.failures.push({ status: 500, code: 20500, message: 'Internal Server Error' });
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    this.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    const path = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    if (request.method !== 'POST' || request.url !== path) return error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    const failure = this.failures.shift();
    if (failure) return error(failure.status, failure.code, failure.message);
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return error(400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !messagingServiceSid) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
    if (!body) return error(400, 21602, 'Message body is required.');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.messages.push({ sid, to, from, messagingServiceSid, body });
    answer(201, {
      sid,
      account_sid: this.accountSid,
      to,
      from,
      messaging_service_sid: messagingServiceSid,
      body,
      status: messagingServiceSid ? 'accepted' : 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      error_code: null,
      error_message: null,
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
    });
  }
}
