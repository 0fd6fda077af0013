import type { Caller } from '../../access/caller.js';
import type { OrgService } from '../org/service.js';

/**
 * Promotion links: a studio's link signs up merchants under it, an agent's link signs
 * up studios under it, staff links sign up merchants with no placement.
 */
export class PromotionService {
  constructor(
    private readonly publicUrl: string,
    private readonly org: OrgService,
  ) {}

  async link(caller: Caller) {
    const joinType = caller.role === 'partner' ? 'studio' : 'business';
    const url = new URL('/signin', this.publicUrl);
    url.searchParams.set('mode', 'register');
    url.searchParams.set('join', joinType);
    url.searchParams.set('ref', caller.account.referralCode);
    return {
      code: caller.account.referralCode,
      url: url.toString(),
      join_type: joinType,
      signups: await this.org.countReferrals(caller.id),
    } as const;
  }
}
