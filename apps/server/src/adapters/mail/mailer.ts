export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where mail goes: the server's console by default, SMTP when configured, memory in tests. */
export interface Mailer {
  readonly kind: 'console' | 'smtp' | 'memory';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
