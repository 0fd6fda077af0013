import type { MailMessage, Mailer } from './mailer.js';

/**
 * The embedded default: a development outbox printed to standard output. It bypasses the
 * structured log on purpose — codes must never reach log storage — and is only chosen when no
 * SMTP_URL is set, i.e. on a developer's machine.
 */
export class ConsoleMailer implements Mailer {
  readonly kind = 'console' as const;

  constructor(
    private readonly from: string,
    private readonly write: (text: string) => void = (text) => process.stdout.write(text),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const rule = '─'.repeat(60);
    this.write(
      `\n${rule}\n[mail] from: ${this.from}\n[mail] to: ${message.to}\n[mail] subject: ${message.subject}\n\n${message.text}\n${rule}\n`,
    );
  }
}
