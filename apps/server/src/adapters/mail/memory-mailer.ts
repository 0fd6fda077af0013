import type { MailMessage, Mailer } from './mailer.js';

/** Keeps sent mail in memory, for tests that need to read what a user would have received. */
export class MemoryMailer implements Mailer {
  readonly kind = 'memory' as const;
  readonly outbox: MailMessage[] = [];
  failNext = false;

  async send(message: MailMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('simulated mail failure');
    }
    this.outbox.push(message);
  }

  lastTo(to: string): MailMessage | undefined {
    return this.outbox.filter((message) => message.to === to).at(-1);
  }
}
