import fs from 'node:fs';
import { inject } from 'vitest';

interface Mail {
  to: string[];
  raw: string;
  at: number;
}

/**
 * Waits for the newest mail to an address that arrived after `since`, and reads its 6-digit code
 * from the body (SMTP lines end in CRLF, so the blank line after the headers is \r\n\r\n).
 */
export async function codeSentTo(email: string, since: number, timeoutMs = 15_000): Promise<string> {
  const file = inject('mailboxFile');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Mail)
      .filter((mail) => mail.to.includes(email) && mail.at >= since);
    const code = mails.length ? /\b(\d{6})\b/.exec(mails[mails.length - 1]!.raw.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}
