import {
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MINUTES,
  type ApiLanguage,
  type EmailCodeScene,
} from '@nearcast/contract';
import type { Mailer } from '../../adapters/mail/index.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, invalid, tooMany } from '../../errors.js';
import { newEmailCode, newToken, sha256 } from './crypto.js';
import { accountExistsMessage, emailCodeMessage, noAccountMessage } from './mail-templates.js';
import * as codeRepo from './email-code-repository.js';
import * as repo from './repository.js';

const codeHash = (email: string, scene: EmailCodeScene, code: string) => sha256(`${scene}:${email}:${code}`);

/** One-time email codes for sign-up and password reset (10 minutes, 5 tries, 1 a minute). */
export class EmailCodeService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Answers every address the same way, in about the same time, so the answer never tells
   * whether an account uses it: each request stores a code row (it times the resend wait and
   * counts wrong tries alike) and sends one mail. Only the mail differs: a code when the code
   * can be used (sign-up for a new address, reset or sign-in for an account), otherwise a note
   * without a code: "you already have an account" for a sign-up, "no account uses this address"
   * for a reset or sign-in. Such a row holds a hash no code matches, so every code is wrong.
   */
  async send(email: string, scene: EmailCodeScene, ip: string, lang: ApiLanguage): Promise<{ resend_after_seconds: number }> {
    const account = await repo.findAccountByEmail(this.db, email);

    const latest = await codeRepo.latestEmailCode(this.db, email, scene);
    if (latest) {
      const waited = (Date.now() - latest.createdAt.getTime()) / 1000;
      if (waited < EMAIL_CODE_RESEND_SECONDS) {
        throw tooMany('auth.code_wait', { seconds: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) });
      }
    }

    const usable = scene === 'register' ? !account : Boolean(account);
    const code = newEmailCode();
    const row = await codeRepo.insertEmailCode(this.db, {
      email,
      scene,
      codeHash: usable ? codeHash(email, scene, code) : sha256(`unusable:${newToken()}`),
      ip,
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
    const message = usable
      ? emailCodeMessage(lang, email, scene, code)
      : scene === 'register'
        ? accountExistsMessage(lang, email)
        : noAccountMessage(lang, email, scene);
    try {
      await this.mailer.send(message);
    } catch (error) {
      await codeRepo.deleteEmailCode(this.db, row.id);
      throw Object.assign(new AppError('500', 'auth.mail_failed'), { cause: error });
    }
    return { resend_after_seconds: EMAIL_CODE_RESEND_SECONDS };
  }

  /** Sends a sign-in code unless one went out in the last minute (the earlier one still works). */
  async sendForLogin(email: string, ip: string, lang: ApiLanguage): Promise<void> {
    try {
      await this.send(email, 'login', ip, lang);
    } catch (error) {
      if (!(error instanceof AppError && error.key === 'auth.code_wait')) throw error;
    }
  }

  /**
   * Checks a code outside any transaction (a wrong guess must count even when the caller's
   * transaction rolls back) and answers its id; the caller consumes it with `consume`.
   */
  async check(email: string, scene: EmailCodeScene, code: string): Promise<number> {
    const row = await codeRepo.latestEmailCode(this.db, email, scene);
    if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw invalid({ code: 'auth.code_invalid' });
    if (row.attempts >= EMAIL_CODE_MAX_TRIES) throw invalid({ code: 'auth.code_too_many' });
    if (row.codeHash !== codeHash(email, scene, code)) {
      await codeRepo.countEmailCodeAttempt(this.db, row.id);
      if (row.attempts + 1 >= EMAIL_CODE_MAX_TRIES) throw invalid({ code: 'auth.code_too_many' });
      throw invalid({ code: 'auth.code_invalid' });
    }
    return row.id;
  }

  /** Uses the code up inside the caller's transaction; a second use of one code fails. */
  async consume(ex: Executor, id: number): Promise<void> {
    if (!(await codeRepo.consumeEmailCode(ex, id))) throw invalid({ code: 'auth.code_invalid' });
  }
}
