import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

/** Referrals: how many accounts signed up with an account's referral code. */
export class ReferralService {
  constructor(private readonly db: Db) {}

  count(accountId: number): Promise<number> {
    return repo.countReferrals(this.db, accountId);
  }
}
