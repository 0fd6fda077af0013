export interface SmsMessage {
  /** E.164, e.g. +14155550123. */
  to: string;
  body: string;
}

/**
 * Why a text was not sent. `retryable`: the provider asked to slow down or failed on its side,
 * so the same text may go later; otherwise (a bad number, refused credentials) retrying the same
 * request gives the same answer.
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** Where text messages go: the server's console by default, Twilio when configured, memory in tests. */
export interface SmsSender {
  readonly kind: 'console' | 'twilio' | 'memory';
  /** Answers the provider's id of the message. */
  send(message: SmsMessage): Promise<string>;
}

/** A US number as the profile keeps it (10 digits) in E.164; '' when there is none to text. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return '';
}
