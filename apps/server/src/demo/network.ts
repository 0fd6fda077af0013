import { Readable } from 'node:stream';
import { ACCOUNT_TYPE, BILLING_PERIOD_DAYS, INFO_STATUS, PAY_STATUS, roleOf } from '@nearcast/contract';
import type { Caller } from '../access/caller.js';
import type { Services } from '../composition/services.js';
import { newReferralCode } from '../modules/account/crypto.js';
import * as accountsRepo from '../modules/account/repository.js';
import type { AccountRow } from '../modules/account/repository.js';
import * as areasRepo from '../modules/area/repository.js';
import * as paymentsRepo from '../modules/payment/repository.js';
import * as pricingRepo from '../modules/pricing/repository.js';

/**
 * The demo network: the nine demo accounts grown into a small believable business, so every
 * finance screen (and the dashboards to come) opens on real-looking numbers. Two main agents
 * (agent@ in Southern California, a second one in Texas) and agent@'s sub-agent; six studios in
 * five cities; about forty merchants; 90 days of monthly plan payments and the studios'
 * memberships, each posted through the real fulfilment path (so the commissions are real
 * ledger postings), one refund, settlements in every state and payout verifications in every
 * state. Deterministic: the same names and amounts on every start.
 */

const DAY = 86_400_000;
/** The demo's history reaches this far back: the oldest studio joined before its first merchant. */
const HISTORY_DAYS = 120;

interface Place {
  key: string;
  state: string;
  city: string;
  county: string;
  zip: string;
}

const PLACES: Place[] = [
  { key: 'la', state: 'California', city: 'Los Angeles', county: 'Los Angeles County', zip: '90012' },
  { key: 'pasadena', state: 'California', city: 'Pasadena', county: 'Los Angeles County', zip: '91101' },
  { key: 'sandiego', state: 'California', city: 'San Diego', county: 'San Diego County', zip: '92101' },
  { key: 'houston', state: 'Texas', city: 'Houston', county: 'Harris County', zip: '77002' },
  { key: 'austin', state: 'Texas', city: 'Austin', county: 'Travis County', zip: '78701' },
];

interface StudioPlan {
  key: string;
  /** An existing demo account, or a new one. */
  email: string;
  name: string;
  company: string;
  place: string;
  agent: 'agent' | 'subagent' | 'agent2';
  joinedDaysAgo: number;
  merchants: string[];
}

const STUDIOS: StudioPlan[] = [
  {
    key: 'studio', email: 'studio@example.com', name: 'Stella Studio', company: 'Sunset AI Studio', place: 'la', agent: 'agent', joinedDaysAgo: 118,
    merchants: ['Golden Dumpling House', 'Silver Lake Yoga', 'Sunset Barbers', 'Mariachi Plaza Café', 'Figueroa Florist', 'Little Tokyo Ramen', 'Grand Park Dental'],
  },
  {
    key: 'echo', email: 'echo.park.reels@example.com', name: 'Diego Romero', company: 'Echo Park Reels', place: 'la', agent: 'agent', joinedDaysAgo: 112,
    merchants: ['Echo Vintage', 'Koreatown BBQ Grill', 'Westlake Auto Care', 'Los Feliz Books', 'Boyle Heights Bakery', 'Highland Park Pets'],
  },
  {
    key: 'harbor', email: 'harbor.clips@example.com', name: 'Grace Liu', company: 'Harbor Clips', place: 'sandiego', agent: 'agent', joinedDaysAgo: 105,
    merchants: ['Gaslamp Oyster Bar', 'North Park Cycles', 'Mission Bay Surf School', 'Hillcrest Nail Studio', 'Old Town Tortillería', 'La Jolla Smiles'],
  },
  {
    key: 'rose', email: 'rose.city.media@example.com', name: 'Priya Natarajan', company: 'Rose City Media', place: 'pasadena', agent: 'subagent', joinedDaysAgo: 100,
    merchants: ['Colorado Blvd Coffee', 'Arroyo Pilates', 'Playhouse Dim Sum', 'Lake Ave Optometry', 'Old Pasadena Tailors', 'Altadena Garden Supply'],
  },
  {
    key: 'bayou', email: 'bayou.video.lab@example.com', name: 'Marcus Johnson', company: 'Bayou Video Lab', place: 'houston', agent: 'agent2', joinedDaysAgo: 110,
    merchants: ['Montrose Taquería', 'Heights Hardware', 'Midtown Pho', 'Bellaire Dance Academy', 'Galleria Jewelers', 'EaDo Brewing Co.', 'Third Ward Soul Food'],
  },
  {
    key: 'capitol', email: 'capitol.shorts@example.com', name: 'Hannah Weber', company: 'Capitol Shorts', place: 'austin', agent: 'agent2', joinedDaysAgo: 96,
    merchants: ['South Congress Boots', 'Zilker Paddle Co.', 'East Austin Tacos', 'Barton Springs Massage', 'Rainey Street Wine Bar', 'Mueller Kids Dentistry'],
  },
];

/** A small deterministic generator (mulberry32): the demo is the same on every start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the demo did, for the start-up log. */
export interface NetworkSummary {
  accounts: number;
  payments: number;
  refunds: number;
  settlements: number;
  verifications: number;
  ms: number;
  /** Milliseconds per step, to see what start-up spends on the demo. */
  steps: Record<string, number>;
}

/** A caller for the service methods that take one; the demo acts as these accounts would. */
function callerOf(row: AccountRow): Caller {
  return { id: row.id, role: roleOf(row.accountType), agentType: row.agentType, account: row, sessionId: 0, token: '' };
}

const slug = (text: string) => text.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');

/** A 1×1 PNG: what the demo's payees "uploaded" as their identity document. */
const DOCUMENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Grows the freshly seeded demo accounts into the network. Runs once, right after `seedDemo`
 * created them on an empty database.
 */
export async function seedDemoNetwork(services: Services, now = new Date()): Promise<NetworkSummary> {
  const started = Date.now();
  const steps: Record<string, number> = {};
  let stepStart = started;
  const step = (name: string) => {
    const at = Date.now();
    steps[name] = at - stepStart;
    stepStart = at;
  };
  const db = services.database.db;
  const rand = random(20_261_123);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  const existing = async (email: string) => {
    const row = await accountsRepo.findAccountByEmail(db, email);
    if (!row) throw new Error(`demo network: ${email} is not seeded`);
    return row;
  };
  const superAccount = await existing('super@example.com');
  const adminAccount = await existing('admin@example.com');
  const passwordHash = (await accountsRepo.findPasswordHash(db, superAccount.id))!;

  // The places, found in the reference tree when it is loaded.
  const country = await areasRepo.findAreaByName(db, null, 'country', 'United States');
  const places = new Map<string, Place & { countryId: number | null; stateId: number | null; cityId: number | null; countyId: number | null }>();
  for (const place of PLACES) {
    const state = country && (await areasRepo.findAreaByName(db, country.id, 'state', place.state));
    const city = state && (await areasRepo.findAreaByName(db, state.id, 'city', place.city));
    const county = city && (await areasRepo.findAreaByName(db, city.id, 'county', place.county));
    places.set(place.key, { ...place, countryId: country?.id ?? null, stateId: state?.id ?? null, cityId: city?.id ?? null, countyId: county?.id ?? null });
  }
  const placeFields = (key: string) => {
    const place = places.get(key)!;
    return {
      country: 'United States', state: place.state, city: place.city, county: place.county, zipCode: place.zip,
      countryId: place.countryId, stateId: place.stateId, cityId: place.cityId, countyId: place.countyId,
    };
  };

  let serial = 0;
  const phone = () => `${['213', '626', '619', '713', '512'][serial % 5]}555${String(1000 + serial).slice(-4)}`;
  const taxNumber = () => `${String(10 + Math.floor(rand() * 89))}-${String(1_000_000 + Math.floor(rand() * 8_999_999))}`;
  const created: AccountRow[] = [];
  const add = async (values: Omit<accountsRepo.NewAccountRow, 'passwordHash' | 'referralCode'>) => {
    serial += 1;
    const row = await accountsRepo.insertAccount(db, { ...values, passwordHash, referralCode: newReferralCode() });
    if (!row) throw new Error(`demo network: ${values.email} already exists`);
    created.push(row);
    return row;
  };

  /** An account of the demo seed made older, its arrival (the seed recorded it) with it. */
  const backdate = async (account: AccountRow, at: Date) => {
    await accountsRepo.backdateAccount(db, account.id, at);
    await services.events.backdate(db, 'account.created', account.id, at);
  };

  // ---- the people -----------------------------------------------------------------------------
  const agent = await existing('agent@example.com');
  const subagent = await existing('subagent@example.com');
  const operator = await existing('operator@example.com');
  const client = await existing('client@example.com');
  await backdate(agent, daysAgo(HISTORY_DAYS + 10));
  await backdate(subagent, daysAgo(HISTORY_DAYS + 5));
  await backdate(operator, daysAgo(HISTORY_DAYS));
  const agent2 = await add({
    email: 'lone.star.growth@example.com', username: 'lonestar', name: 'Luis Herrera', accountType: ACCOUNT_TYPE.partner, agentType: 'main',
    agentNo: 'AG-0003', companyShortName: 'Lone Star Growth', companyFullName: 'Lone Star Growth Partners LLC', phone: '7135550100', wechat: 'lonestar_growth',
    payStatus: PAY_STATUS.paid, infoStatus: INFO_STATUS.complete, address: '1200 Main St', ...placeFields('houston'), createdAt: daysAgo(HISTORY_DAYS + 8),
  });
  const operator2 = await add({
    email: 'olivia.ops@example.com', username: 'oliviaops', name: 'Olivia Ops', accountType: ACCOUNT_TYPE.operator, agentId: agent2.id,
    wechat: 'olivia_ops', infoStatus: INFO_STATUS.complete, createdAt: daysAgo(HISTORY_DAYS),
  });
  const agentOf = { agent, subagent, agent2 } as const;
  const operatorOf = (studio: StudioPlan) => (studio.agent === 'agent2' ? operator2 : operator);

  const studios = new Map<string, AccountRow>();
  /** Who pays what, when: every plan and membership payment of the demo, in time order later. */
  const purchases: { account: AccountRow; type: 'business' | 'studio' | 'addon'; at: Date; cityId: number | null }[] = [];
  const merchants: AccountRow[] = [];
  for (const plan of STUDIOS) {
    const boss = agentOf[plan.agent];
    // A studio's agent is the one that recruited it; a sub-agent's main agent earns through it.
    let studio: AccountRow;
    if (plan.key === 'studio') {
      studio = await existing(plan.email);
      await backdate(studio, daysAgo(plan.joinedDaysAgo));
    } else {
      studio = await add({
        email: plan.email, username: slug(plan.company).replace(/\./g, ''), name: plan.name, accountType: ACCOUNT_TYPE.studio, agentId: boss.id,
        companyShortName: plan.company, companyFullName: `${plan.company} LLC`, taxNumber: taxNumber(), phone: phone(), wechat: slug(plan.company).replace(/\./g, '_'),
        address: `${100 + serial * 7} ${['Sunset Blvd', 'Broadway', 'Harbor Dr', 'Colorado Blvd', 'Westheimer Rd', 'Congress Ave'][serial % 6]}`,
        infoStatus: INFO_STATUS.complete, ...placeFields(plan.place), createdAt: daysAgo(plan.joinedDaysAgo),
      });
    }
    studios.set(plan.key, studio);
    // The membership, every 30 days since joining.
    for (let day = plan.joinedDaysAgo; day > 0; day -= BILLING_PERIOD_DAYS) {
      purchases.push({ account: studio, type: 'studio', at: daysAgo(day), cityId: places.get(plan.place)!.cityId });
    }

    const names = plan.key === 'studio' ? ['Carmen’s Tacos', ...plan.merchants] : plan.merchants;
    for (const [index, company] of names.entries()) {
      let merchant: AccountRow;
      // Merchants joined over the 90 days; a couple stopped paying and have lapsed.
      const joined = Math.round(90 - rand() * 75);
      const lapsed = index === names.length - 1 && (plan.key === 'harbor' || plan.key === 'capitol');
      if (company === 'Carmen’s Tacos') {
        merchant = client;
        await backdate(client, daysAgo(89));
      } else {
        const owner = `${['Ana', 'Ben', 'Chen', 'Dana', 'Eli', 'Fatima', 'Gus', 'Hye-jin', 'Ivan', 'Julia', 'Kofi', 'Lena', 'Mateo', 'Nadia'][serial % 14]} ${['Garcia', 'Kim', 'Nguyen', 'Patel', 'Smith', 'Lopez', 'Chen', 'Brown', 'Rossi', 'Okafor'][serial % 10]}`;
        merchant = await add({
          email: `${slug(company)}@example.com`, username: slug(company).replace(/\./g, ''), name: owner, accountType: ACCOUNT_TYPE.client,
          agentId: boss.id, studioId: studio.id, operatorId: index % 2 === 0 ? operatorOf(plan).id : null,
          companyShortName: company, companyFullName: `${company} LLC`, taxNumber: taxNumber(), phone: phone(), wechat: `${slug(company).replace(/\./g, '_')}`.slice(0, 50).padEnd(6, '_'),
          address: `${200 + serial * 3} ${['Main St', 'Oak Ave', 'Market St', '5th St', 'Elm St'][serial % 5]}`,
          infoStatus: INFO_STATUS.complete, ...placeFields(plan.place), createdAt: daysAgo(joined + 1),
        });
      }
      merchants.push(merchant);
      const start = company === 'Carmen’s Tacos' ? 88 : joined;
      const stop = lapsed ? 40 : 0;
      for (let day = start; day > stop; day -= BILLING_PERIOD_DAYS) {
        purchases.push({ account: merchant, type: 'business', at: daysAgo(day), cityId: null });
        // Now and then an extra video pack a few days into the month.
        if (rand() < 0.15 && day - 6 > 0) purchases.push({ account: merchant, type: 'addon', at: daysAgo(day - 6), cityId: null });
      }
    }
  }

  // Their arrivals, each on its day, before any of their payments: the dashboards start from them.
  const history = services.events.history(db);
  for (const row of [...created].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    await history.add('account.created', { actor_id: null, subject_id: row.id, account_id: row.id, payload: { account_type: row.accountType }, at: row.createdAt });
  }
  await history.flush();

  step('people');

  // ---- the money: every payment through checkout's fulfilment ----------------------------------
  const { rows: enabled } = await pricingRepo.listPackages(db, { status: 'enabled' }, 1, 100);
  const packages = new Map(enabled.map((pkg) => [pkg.type, pkg]));
  const firstDone = new Set<number>();
  const paid = new Map<number, { count: number; cents: number; lastPlan: Date | null; lastPaymentId: number | null }>();
  purchases.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const purchase of purchases) {
    const pkg = packages.get(purchase.type);
    if (!pkg) throw new Error(`demo network: no ${purchase.type} package`);
    // The first-purchase discount, once per buyer (spec §9), as checkout grants it.
    const discount = firstDone.has(purchase.account.id) ? 0 : pkg.discountCents;
    firstDone.add(purchase.account.id);
    const order = await paymentsRepo.insertOrder(db, {
      accountId: purchase.account.id, packageId: pkg.id, packageName: pkg.name, packageType: purchase.type, periods: 1,
      amountCents: pkg.actualPriceCents - discount, discountCents: discount, provider: 'sandbox', cityId: purchase.cityId, createdAt: purchase.at,
    });
    await services.payments.fulfil(order.id, `demo-${order.id}`, { at: purchase.at });
    const paymentId = await paymentsRepo.paymentIdOfOrder(db, order.id);
    const totals = paid.get(purchase.account.id) ?? { count: 0, cents: 0, lastPlan: null, lastPaymentId: null };
    totals.count += 1;
    totals.cents += order.amountCents;
    if (purchase.type !== 'addon') totals.lastPlan = purchase.at;
    if (purchase.type === 'business') totals.lastPaymentId = paymentId ?? null;
    paid.set(purchase.account.id, totals);
  }

  step('payments');

  // One refund: a merchant that changed its mind about its latest month, refunded in full.
  const superCaller = callerOf(superAccount);
  const refunded = merchants.find((merchant) => merchant.companyShortName === 'Westlake Auto Care')!;
  const refundedPayment = paid.get(refunded.id)!.lastPaymentId!;
  await services.finance.refund(superCaller, { payment_id: refundedPayment, reason: 'The shop is closing for renovation this month' });

  // What the accounts say about their plans, as the payments above would have left them had
  // they happened on their days (fulfilment counts a plan's days from the moment it runs).
  for (const [accountId, totals] of paid) {
    const isRefunded = accountId === refunded.id;
    const expireAt = totals.lastPlan ? new Date(totals.lastPlan.getTime() + (isRefunded ? 0 : BILLING_PERIOD_DAYS) * DAY) : null;
    const refundedCents = isRefunded ? ((await services.payments.factsOf(db, refundedPayment))?.amountCents ?? 0) : 0;
    await accountsRepo.updateAccount(db, accountId, {
      orderCount: totals.count,
      consumptionCents: totals.cents - refundedCents,
      expireAt,
      payStatus: expireAt && expireAt > now ? PAY_STATUS.paid : PAY_STATUS.expired,
      firstDiscountUsed: true,
    });
  }

  step('refund');

  // ---- payout verifications in every state --------------------------------------------------------
  const reload = async (id: number) => (await accountsRepo.findAccountById(db, id))!;
  const submit = async (account: AccountRow, legalName: string) => {
    const caller = callerOf(await reload(account.id));
    const upload = await services.uploads.acceptTemp(caller, 'image', { stream: Readable.from([DOCUMENT_PNG]) });
    return services.verification.submit(caller, {
      legal_name: legalName, tax_kind: 'business', tax_number: account.taxNumber || taxNumber(), holder_name: legalName,
      routing_number: ['021000021', '122105155', '111000025'][account.id % 3]!, account_number: `${4_000_000_000 + account.id * 7919}`,
      document_upload_id: upload.id,
    });
  };
  const adminCaller = callerOf(adminAccount);
  const approveFor = async (account: AccountRow, legalName: string) => {
    const submitted = await submit(account, legalName);
    await services.verification.approve(adminCaller, submitted.id);
  };
  const s = (key: string) => studios.get(key)!;
  await approveFor(s('studio'), 'Sunset AI Studio LLC');
  await approveFor(s('echo'), 'Echo Park Reels LLC');
  await approveFor(s('harbor'), 'Harbor Clips LLC');
  await approveFor(s('bayou'), 'Bayou Video Lab LLC');
  await approveFor(agent, 'West Coast Growth LLC');
  await submit(s('rose'), 'Rose City Media LLC');
  await submit(subagent, 'Valley Reach LLC');
  const capitol = await submit(s('capitol'), 'Capitol Shorts LLC');
  await services.verification.reject(adminCaller, capitol.id, 'The account holder on the bank letter is Hannah Weber, not Capitol Shorts LLC. Please upload a letter for the business account.');

  step('verifications');

  // ---- settlements in every state -----------------------------------------------------------------
  // First what was earned until five weeks ago, paid out (or not) back then…
  await services.finance.releaseDue(daysAgo(35));
  let settlements = 0;
  const decide = async (account: AccountRow, decision: (id: number) => Promise<unknown>) => {
    const applied = await services.settlements.applyFor(account.id);
    settlements += 1;
    await decision(applied.id);
  };
  await decide(s('studio'), (id) => services.settlements.approve(adminCaller, id, 'ACH 0926-4471'));
  await decide(agent, (id) => services.settlements.approve(adminCaller, id, 'ACH 0926-4472'));
  await decide(s('harbor'), (id) => services.settlements.approve(superCaller, id, 'ACH 0926-4473'));
  await decide(s('echo'), (id) => services.settlements.fail(adminCaller, id, 'The bank returned the transfer: account closed (R02)'));
  await decide(s('capitol'), (id) => services.settlements.reject(adminCaller, id, 'Payout details are not approved yet; apply again once they are.'));
  // …then everything past its holding period today, and applications waiting for staff.
  await services.finance.releaseDue(now);
  for (const account of [s('bayou'), s('rose'), s('studio')]) {
    await services.settlements.applyFor(account.id);
    settlements += 1;
  }

  step('settlements');

  // ---- merchants' correction requests --------------------------------------------------------------
  const asking = merchants.find((merchant) => merchant.companyShortName === 'Midtown Pho')!;
  await services.verification.requestCorrection(callerOf(await reload(asking.id)), {
    message: 'Our full company name is Midtown Pho & Grill LLC since we registered the new name in September.',
  });
  const fixed = merchants.find((merchant) => merchant.companyShortName === 'Gaslamp Oyster Bar')!;
  const correction = await services.verification.requestCorrection(callerOf(await reload(fixed.id)), { message: 'The ZIP code should be 92101, not 92102.' });
  await services.verification.resolveCorrection(adminCaller, { id: correction.id, note: 'Corrected to 92101.' });

  step('corrections');
  return {
    steps,
    accounts: created.length,
    payments: purchases.length,
    refunds: 1,
    settlements,
    verifications: 8,
    ms: Date.now() - started,
  };
}
