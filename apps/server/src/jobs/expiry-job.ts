import type { FastifyBaseLogger } from 'fastify';
import type { AccountService } from '../modules/account/service.js';

/**
 * Marks paid plans past their expiry as expired, every `seconds`. The work is one UPDATE, so
 * several instances running it at once on one PostgreSQL is harmless.
 */
export function startExpiryJob(accounts: AccountService, seconds: number, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await accounts.expireOverdue();
      if (expired > 0) log.info({ expired }, 'marked lapsed plans as expired');
    } catch (error) {
      log.error({ err: error }, 'expiry job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), seconds * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
