import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sandboxCheckouts } from '../../db/schema/payment.js';

/**
 * The SQL of the sandbox's own checkout sessions: the table stands in for what a real provider
 * keeps on its side, so only the sandbox adapter reads or writes it.
 */

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;

export async function insertCheckout(ex: Executor, values: typeof sandboxCheckouts.$inferInsert): Promise<void> {
  await ex.insert(sandboxCheckouts).values(values);
}

export async function findCheckout(ex: Executor, id: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await ex.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id)).limit(1);
  return row;
}

export async function setCheckoutStatus(ex: Executor, id: string, status: SandboxCheckoutRow['status']): Promise<void> {
  await ex.update(sandboxCheckouts).set({ status }).where(eq(sandboxCheckouts.id, id));
}
