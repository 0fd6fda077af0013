import type { SmsMessage, SmsSender } from './sms.js';

/**
 * The embedded default: texts printed to standard output (not the structured log, like the
 * console mailer), chosen when no SMS provider is configured.
 */
export class ConsoleSms implements SmsSender {
  readonly kind = 'console' as const;
  private sent = 0;

  constructor(private readonly write: (text: string) => void = (text) => process.stdout.write(text)) {}

  async send(message: SmsMessage): Promise<string> {
    this.sent += 1;
    this.write(`\n[sms] to: ${message.to}\n${message.body}\n`);
    return `console-${this.sent}`;
  }
}
