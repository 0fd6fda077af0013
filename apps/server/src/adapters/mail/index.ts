import type { Config } from '../../config.js';
import { ConsoleMailer } from './console-mailer.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export type { MailMessage, Mailer } from './mailer.js';
export { MemoryMailer } from './memory-mailer.js';

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new ConsoleMailer(config.MAIL_FROM);
}
