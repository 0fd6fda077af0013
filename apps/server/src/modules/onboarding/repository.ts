import { count, desc, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contacts } from '../../db/schema/onboarding.js';
import { escapeLike } from '../../db/like.js';

/** The SQL of contact requests. */

export async function insertContact(ex: Executor, values: typeof contacts.$inferInsert) {
  const [row] = await ex.insert(contacts).values(values).returning();
  return row!;
}

export async function listContacts(ex: Executor, keyword: string | undefined, page: number, pageSize: number) {
  const like = keyword ? `%${escapeLike(keyword)}%` : null;
  const where = like ? or(ilike(contacts.mobile, like), ilike(contacts.wechatId, like), ilike(contacts.name, like)) : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
