import type { SmsMessage, SmsSender } from './sms.js';

/** Keeps texts in memory, for tests that read what a user would have received. */
export class MemorySms implements SmsSender {
  readonly kind = 'memory' as const;
  readonly outbox: SmsMessage[] = [];

  async send(message: SmsMessage): Promise<string> {
    this.outbox.push(message);
    return `memory-${this.outbox.length}`;
  }
}
