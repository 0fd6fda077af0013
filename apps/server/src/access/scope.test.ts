import { ACCOUNT_TYPE, roleOf } from '@nearcast/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { visibleAccounts } from './scope.js';

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  // A second tree beside the demo one: another main agent with its own studio and client.
  const db = t.database.db;
  const rows = await db
    .insert(accounts)
    .values([
      { email: 'agent2@example.com', passwordHash: 'x', referralCode: 'SCOPE001', accountType: ACCOUNT_TYPE.partner, agentType: 'main' },
    ])
    .returning();
  const agent2 = rows[0]!.id;
  const [studio2] = await db
    .insert(accounts)
    .values({ email: 'studio2@example.com', passwordHash: 'x', referralCode: 'SCOPE002', accountType: ACCOUNT_TYPE.studio, agentId: agent2 })
    .returning();
  const [subStudio] = await db
    .insert(accounts)
    .values({
      email: 'substudio@example.com',
      passwordHash: 'x',
      referralCode: 'SCOPE003',
      accountType: ACCOUNT_TYPE.studio,
      agentId: (await db.select().from(accounts).where(eq(accounts.email, 'subagent@example.com')))[0]!.id,
    })
    .returning();
  await db.insert(accounts).values([
    { email: 'client2@example.com', passwordHash: 'x', referralCode: 'SCOPE004', accountType: ACCOUNT_TYPE.client, studioId: studio2!.id },
    { email: 'subclient@example.com', passwordHash: 'x', referralCode: 'SCOPE005', accountType: ACCOUNT_TYPE.client, studioId: subStudio!.id },
  ]);
  for (const row of await db.select().from(accounts)) ids.set(row.email.replace('@example.com', ''), row.id);
});
afterAll(() => t.close());

async function visibleTo(name: string): Promise<string[]> {
  const [me] = await t.database.db.select().from(accounts).where(eq(accounts.id, ids.get(name)!));
  const caller = { id: me!.id, role: roleOf(me!.accountType), agentType: me!.agentType };
  const rows = await t.database.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(visibleAccounts(caller))
    .orderBy(asc(accounts.email));
  return rows.map((row) => row.email.replace('@example.com', ''));
}

describe('visibleAccounts', () => {
  it('shows super and admin everyone', async () => {
    expect(await visibleTo('super')).toHaveLength(ids.size);
    expect(await visibleTo('admin')).toHaveLength(ids.size);
  });

  it('shows a main agent its whole tree, including its sub-agent tree, and nothing of another agent', async () => {
    expect(await visibleTo('agent')).toEqual(['agent', 'client', 'newstudio', 'operator', 'studio', 'subagent', 'subclient', 'substudio']);
  });

  it('shows a sub-agent only its own studios and their clients', async () => {
    expect(await visibleTo('subagent')).toEqual(['subagent', 'subclient', 'substudio']);
  });

  it('shows a studio itself and its clients', async () => {
    expect(await visibleTo('studio')).toEqual(['client', 'studio']);
    expect(await visibleTo('studio2')).toEqual(['client2', 'studio2']);
  });

  it('shows an operator itself and the clients assigned to it', async () => {
    expect(await visibleTo('operator')).toEqual(['client', 'operator']);
  });

  it('shows a client only itself', async () => {
    expect(await visibleTo('client')).toEqual(['client']);
    expect(await visibleTo('newclient')).toEqual(['newclient']);
  });
});
