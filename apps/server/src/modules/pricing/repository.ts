import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { packages, type PackageRow } from '../../db/schema/pricing.js';
import { escapeLike } from '../../db/like.js';

export type { PackageRow };

/** The SQL of pricing packages. */

export interface PackageFilter {
  type?: PackageRow['type'];
  status?: PackageRow['status'];
  keyword?: string;
}

function where(filter: PackageFilter): SQL | undefined {
  return and(
    filter.type ? eq(packages.type, filter.type) : undefined,
    filter.status ? eq(packages.status, filter.status) : undefined,
    filter.keyword ? ilike(packages.name, `%${escapeLike(filter.keyword)}%`) : undefined,
  );
}

export async function listPackages(ex: Executor, filter: PackageFilter, page: number, pageSize: number) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(packages)
      .where(condition)
      .orderBy(asc(packages.type), asc(packages.sortOrder), desc(packages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(packages).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPackage(ex: Executor, id: number): Promise<PackageRow | undefined> {
  const [row] = await ex.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row;
}

export async function insertPackage(ex: Executor, values: typeof packages.$inferInsert): Promise<PackageRow> {
  const [row] = await ex.insert(packages).values(values).returning();
  return row!;
}

export async function updatePackage(ex: Executor, id: number, patch: Partial<typeof packages.$inferInsert>): Promise<PackageRow | undefined> {
  const [row] = await ex
    .update(packages)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(packages.id, id))
    .returning();
  return row;
}

export async function deletePackage(ex: Executor, id: number): Promise<boolean> {
  const rows = await ex.delete(packages).where(eq(packages.id, id)).returning({ id: packages.id });
  return rows.length > 0;
}

export async function countPackages(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(packages);
  return row?.n ?? 0;
}

/** The learning-course codes named by some packages, whatever their status now. */
export async function learningCoursesOf(ex: Executor, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ex
    .selectDistinct({ code: packages.learningCourse })
    .from(packages)
    .where(and(inArray(packages.id, ids), ne(packages.learningCourse, '')));
  return rows.map((row) => row.code);
}
