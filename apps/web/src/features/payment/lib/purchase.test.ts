import { ACCOUNT_TYPE, INFO_STATUS, PAY_STATUS, type Role } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import {
  afterPaymentPath,
  chosenJoinType,
  contactPath,
  joinTypeOf,
  joinTypeOfRole,
  offeredJoinTypes,
  paymentPath,
  paymentWindowUrl,
  purchaseBlock,
  sessionIdOf,
  signinPath,
  struckPrice,
  totalCents,
  totalDays,
} from './purchase';

const buyer = (role: Role, pay: number = PAY_STATUS.unpaid) => ({ account_type: ACCOUNT_TYPE[role], pay_status: pay });

describe('purchaseBlock', () => {
  it('lets a client buy a business plan and a studio its membership, paid or not', () => {
    expect(purchaseBlock('business', buyer('client'))).toBeNull();
    expect(purchaseBlock('business', buyer('client', PAY_STATUS.expired))).toBeNull();
    expect(purchaseBlock('studio', buyer('studio'))).toBeNull();
    expect(purchaseBlock('studio', buyer('studio', PAY_STATUS.paid))).toBeNull();
  });

  it('refuses the other join type', () => {
    expect(purchaseBlock('studio', buyer('client'))).toBe('wrong_role');
    expect(purchaseBlock('business', buyer('studio'))).toBe('wrong_role');
  });

  it.each<Role>(['super', 'admin', 'partner', 'operator'])('refuses %s, who buys nothing', (role) => {
    expect(purchaseBlock('business', buyer(role, PAY_STATUS.paid))).toBe('not_buyer');
    expect(purchaseBlock('addon', buyer(role, PAY_STATUS.paid))).toBe('not_buyer');
  });

  it('sells add-ons only on top of a paid plan', () => {
    expect(purchaseBlock('addon', buyer('client', PAY_STATUS.paid))).toBeNull();
    expect(purchaseBlock('addon', buyer('studio', PAY_STATUS.paid))).toBeNull();
    expect(purchaseBlock('addon', buyer('client'))).toBe('needs_plan');
    expect(purchaseBlock('addon', buyer('studio', PAY_STATUS.expired))).toBe('needs_plan');
  });
});

describe('prices', () => {
  const plan = { base_price_cents: 120_000, actual_price_cents: 99_900, payable_cents: 89_900 };

  it('takes the first-purchase discount off once, whatever the number of periods', () => {
    expect(totalCents(plan, 1)).toBe(89_900);
    expect(totalCents(plan, 3)).toBe(89_900 + 2 * 99_900);
    expect(totalCents({ ...plan, payable_cents: 99_900 }, 12)).toBe(12 * 99_900);
  });

  it('counts 30 days a period', () => {
    expect(totalDays(1)).toBe(30);
    expect(totalDays(12)).toBe(360);
  });

  it('strikes the list price through only when it is higher', () => {
    expect(struckPrice(plan)).toBe(120_000);
    expect(struckPrice({ base_price_cents: 99_900, actual_price_cents: 99_900 })).toBeNull();
  });
});

describe('links', () => {
  it('sends a visitor to register as the package’s join type and back to the package', () => {
    const business = new URL(signinPath({ id: 4, type: 'business' }, 'register'), 'http://x');
    expect(business.pathname).toBe('/signin');
    expect(Object.fromEntries(business.searchParams)).toEqual({ mode: 'register', join: 'business', redirect: '/plans/4' });
    const studio = new URL(signinPath({ id: 9, type: 'studio' }, 'register'), 'http://x');
    expect(studio.searchParams.get('join')).toBe('studio');
    const login = new URL(signinPath({ id: 2, type: 'addon' }, 'login'), 'http://x');
    expect(Object.fromEntries(login.searchParams)).toEqual({ redirect: '/plans/2' });
  });

  it('reads the join type from the query or the role', () => {
    expect(joinTypeOf('studio')).toBe('studio');
    expect(joinTypeOf('addon')).toBeNull();
    expect(joinTypeOf(null)).toBeNull();
    expect(joinTypeOfRole('client')).toBe('business');
    expect(joinTypeOfRole('studio')).toBe('studio');
    expect(joinTypeOfRole('partner')).toBeNull();
  });

  it('accepts a session id only when there is one', () => {
    expect(sessionIdOf(' cs_123 ')).toBe('cs_123');
    expect(sessionIdOf('   ')).toBeNull();
    expect(sessionIdOf(null)).toBeNull();
    expect(sessionIdOf('x'.repeat(256))).toBeNull();
    expect(paymentPath('a b&c')).toBe('/payment?session_id=a%20b%26c');
  });

  it('sends a newly paid client or studio to complete its information, anyone else to the dashboard', () => {
    const who = (role: Role, info: number) => ({ account_type: ACCOUNT_TYPE[role], info_status: info });
    expect(afterPaymentPath(who('client', INFO_STATUS.incomplete))).toBe('/settle');
    expect(afterPaymentPath(who('studio', INFO_STATUS.incomplete))).toBe('/studio');
    expect(afterPaymentPath(who('client', INFO_STATUS.complete))).toBe('/dashboard');
    expect(afterPaymentPath(who('super', INFO_STATUS.incomplete))).toBe('/dashboard');
    expect(afterPaymentPath(null)).toBe('/dashboard');
  });

  it('points each buyer at its own call-back page', () => {
    expect(contactPath('studio')).toBe('/settle/studio');
    expect(contactPath('client')).toBe('/settle/client');
    expect(contactPath(null)).toBe('/settle/client');
  });
});

describe('the join types offered on /plans', () => {
  it('offers a merchant only the merchant plans and a studio only the membership, whatever the address asks', () => {
    expect(offeredJoinTypes('client')).toEqual(['business']);
    expect(chosenJoinType('client', 'studio')).toBe('business');
    expect(chosenJoinType('client', null)).toBe('business');
    expect(offeredJoinTypes('studio')).toEqual(['studio']);
    expect(chosenJoinType('studio', 'business')).toBe('studio');
  });

  it('lets visitors and staff choose, starting on the type the address names', () => {
    for (const role of [null, 'admin', 'partner', 'operator'] as const) {
      expect(offeredJoinTypes(role)).toEqual(['business', 'studio']);
      expect(chosenJoinType(role, 'studio')).toBe('studio');
      expect(chosenJoinType(role, 'addon')).toBeNull();
    }
  });
});

describe('the payment window', () => {
  it('tells the sandbox page the interface language, and leaves a real provider’s address alone', () => {
    const sandbox = new URL(paymentWindowUrl({ url: 'http://localhost:3000/sandbox/checkout/cs_1', provider: 'sandbox' }, 'zh-CN'));
    expect(sandbox.pathname).toBe('/sandbox/checkout/cs_1');
    expect(sandbox.searchParams.get('lang')).toBe('zh-CN');
    const stripe = 'https://checkout.stripe.com/c/pay/cs_live_1#abc';
    expect(paymentWindowUrl({ url: stripe, provider: 'stripe' }, 'es-ES')).toBe(stripe);
  });
});
