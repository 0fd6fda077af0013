import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { linkTotalsByMerchant, linkTotalsByPost } from './reads.js';
import * as repo from './repository.js';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.query<{ id: number }>(sql`select id from accounts where email = 'client@example.com'`);
  merchantId = row!.id;
}, 120_000);
afterAll(() => t.close());

describe('attribution reads', () => {
  it('totals a post and a merchant period from counted visits and redemptions', async () => {
    const db = t.database.db;
    const expiresAt = new Date(Date.now() + 86_400_000);
    const link = (await repo.linkForRender(db, { code: 'readtest1', merchantId, renderId: 900_001, targetUrl: 'https://example.com/shop', couponCode: 'TACO5', expiresAt }))!;
    await repo.attachPost(db, 700_001, link.code, merchantId);
    const at = new Date('2026-11-10T12:00:00Z');
    const visit = { code: link.code, merchantId, day: '2026-11-10', origin: 'o1', at, since: new Date(at.getTime() - 30 * 60_000) };
    expect(await repo.countVisit(db, { ...visit, visitor: 'v1' })).toBe(true);
    expect(await repo.countVisit(db, { ...visit, visitor: 'v1' })).toBe(false);
    expect(await repo.countVisit(db, { ...visit, visitor: 'v2' })).toBe(true);
    await repo.insertRedemption(db, { code: link.code, postId: 700_001, merchantId, couponCode: 'TACO5', recordedById: merchantId, createdAt: at });

    const byPost = await linkTotalsByPost(db, [700_001, 700_002]);
    expect(byPost.get(700_001)).toEqual({ visits: 2, redemptions: 1 });
    expect(byPost.has(700_002)).toBe(false);
    expect(await linkTotalsByPost(db, [])).toEqual(new Map());

    expect(await linkTotalsByMerchant(db, merchantId, new Date('2026-11-10T00:00:00Z'), new Date('2026-11-11T00:00:00Z'))).toEqual({ visits: 2, redemptions: 1 });
    expect(await linkTotalsByMerchant(db, merchantId, new Date('2026-11-11T00:00:00Z'), new Date('2026-11-12T00:00:00Z'))).toEqual({ visits: 0, redemptions: 0 });
  });
});
