import type { Transporter } from 'nodemailer';
import { once } from '../../lib/once.js';
import type { MailMessage, Mailer } from './mailer.js';

/** Real delivery through any SMTP server, configured by one URL such as smtps://user:pass@host:465. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: () => Promise<Transporter>;
  private opened = false;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = once(async () => {
      const { default: nodemailer } = await import('nodemailer');
      this.opened = true;
      return nodemailer.createTransport(url);
    });
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.transport()).sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    if (this.opened) (await this.transport()).close();
  }
}
