import type { EventService } from '../events/service.js';
import { defineModule } from '../module-definition.js';
import { EmailCodeService } from './email-code-service.js';
import { expiryJob } from './expiry-job.js';
import { accountRoutes } from './routes.js';
import { AccountService } from './service.js';
import { SessionService } from './session-service.js';

/** Sign-in, sessions, e-mailed codes, profiles and every account's plan. */
export const accountModule = defineModule<{ events: EventService }>()({
  name: 'account',
  schemas: ['account', 'sign-in-throttle'],
  shares: {
    // Org manages the accounts of every role (the same rows, another face); access applies the
    // scope rule and party names in SQL over them.
    account: ['modules/org', 'access'],
  },
  provides: ['sessions', 'codes', 'accounts'],
  needs: ['events'],
  build: ({ db, mailer, config }, { events }) => {
    const sessions = new SessionService(db);
    const codes = new EmailCodeService(db, mailer);
    return { sessions, codes, accounts: new AccountService(db, sessions, codes, config.SCRYPT_LOG_N, events) };
  },
  routes: [accountRoutes],
  jobs: ({ accounts }, { config, log }) => [expiryJob(accounts, config.EXPIRY_JOB_CRON, log)],
});
