import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { EmailCodeScene } from '@nearcast/contract';
import type { Executor } from '../../db/client.js';
import { emailCodes } from '../../db/schema/account.js';

/**
 * The SQL of one-time email codes (sign-up, password reset): issued, counted, consumed once.
 * Apart from the account rows because a code belongs to an email, often before any account.
 */

export async function latestEmailCode(ex: Executor, email: string, scene: EmailCodeScene) {
  const [row] = await ex
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.scene, scene)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return row;
}

export async function insertEmailCode(
  ex: Executor,
  values: { email: string; scene: EmailCodeScene; codeHash: string; ip: string; expiresAt: Date },
) {
  const [row] = await ex.insert(emailCodes).values(values).returning();
  if (!row) throw new Error('email code insert returned nothing');
  return row;
}

export async function deleteEmailCode(ex: Executor, id: number): Promise<void> {
  await ex.delete(emailCodes).where(eq(emailCodes.id, id));
}

export async function countEmailCodeAttempt(ex: Executor, id: number): Promise<void> {
  await ex
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

/** Marks a code used; false when another request used it first. */
export async function consumeEmailCode(ex: Executor, id: number): Promise<boolean> {
  const rows = await ex
    .update(emailCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}
