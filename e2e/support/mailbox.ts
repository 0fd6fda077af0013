import fs from 'node:fs';
import { inject } from 'vitest';

interface Mail {
  to: string[];
  raw: string;
  at: number;
}

/**
 * The readable text of a raw message: each MIME part's body decoded from base64 or
 * quoted-printable. A message in Chinese or Spanish is not plain ASCII, so the mailer encodes
 * it, and its code is not in the raw bytes as digits.
 */
export function mailText(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .map((part) => part.replace(/^\r?\n/, ''))
      .filter((part) => part.trim() !== '' && !part.startsWith('--'))
      .map(mailText)
      .join('\n');
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** The texts of the mails to an address that arrived after `since`, oldest first. */
function mailsTo(email: string, since: number): string[] {
  return fs
    .readFileSync(inject('mailboxFile'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((mail) => mail.to.includes(email) && mail.at >= since)
    .map((mail) => mailText(mail.raw));
}

/** Waits for the newest mail to an address that arrived after `since`, and reads its 6-digit code. */
export async function codeSentTo(email: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(email, since);
    const code = mails.length ? /(?<!\d)(\d{6})(?!\d)/.exec(mails[mails.length - 1]!)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Waits for a mail to an address, arrived after `since`, whose text contains `needle` (a link), and answers its text. */
export async function mailContaining(email: string, since: number, needle: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = mailsTo(email, since).find((text) => text.includes(needle));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${email} containing ${needle}`);
}
