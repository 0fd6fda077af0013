/**
 * Envelope codes (design.md "The API contract"). The code is a string and the HTTP status
 * mirrors it, so a proxy or a log sees the same thing the client does.
 */
export const CODES = {
  ok: '200',
  invalid: '400',
  /**
   * A client or studio without an active plan called an endpoint that needs one
   * (docs/decisions/053). Not '403': the session is fine, so the client keeps it and sends the
   * user to pick a plan instead of to sign-in.
   */
  paymentRequired: '402',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  tooLarge: '413',
  unsupportedMedia: '415',
  rejected: '422',
  tooMany: '429',
  internal: '500',
  /**
   * The database (or another part the server cannot answer without) is out for a moment: the
   * call may be repeated after the answer's Retry-After, and the session is kept.
   */
  unavailable: '503',
} as const;

export type Code = (typeof CODES)[keyof typeof CODES];

export interface Envelope<T = unknown> {
  code: Code;
  msg: string;
  data: T;
}

/** `data` of a '400' answer: every invalid field with its message. */
export interface InvalidData {
  fields: Record<string, string>;
}
