import { sql, type SQL } from 'drizzle-orm';
import type { PreparedPglite } from './pglite-statements.js';

/**
 * A connection or transaction that runs a statement: the app's executors (client.ts) are such,
 * named by shape so the queue's store sits below the client that builds it.
 */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** What pg-boss needs from a database it does not connect to itself (its `db` option). */
export interface QueueSqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Where the job queue keeps its tables: on PostgreSQL a pool of its own (so a long poll or a
 * maintenance pass never waits behind the app's requests for a connection); on PGlite the app's
 * one embedded client, because PGlite is a single session in this process.
 */
export type QueueStore = { kind: 'postgres'; connectionString: string; max: number } | { kind: 'pglite'; db: QueueSqlRunner };

/**
 * pg-boss on the embedded PGlite. pg-boss sends its schema creation, migrations and maintenance
 * as one parameterless string of several statements (some wrapped in BEGIN … COMMIT); PGlite's
 * `query` takes one statement only, so those go through `exec`, and everything with parameters
 * through `query`. Both wait for any open app transaction on the client to finish first.
 */
export function pgliteQueueRunner(client: Pick<PreparedPglite, 'query' | 'exec'>): QueueSqlRunner {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        // A failed statement inside pg-boss's own BEGIN … COMMIT leaves the one shared session
        // in an aborted transaction, which would fail every later query of the app.
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * pg-boss statements run inside an app transaction (`tx`), so that a job is enqueued if and only
 * if that transaction commits. pg-boss numbers its parameters `$1`, `$2`, …; drizzle numbers
 * its own, so the text is rebuilt as drizzle SQL with each placeholder bound to its value.
 */
export function executorQueueRunner(ex: SqlExecutor): QueueSqlRunner {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await ex.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/** NOTIFY inside the caller's transaction: listeners hear it when, and only if, it commits. */
export async function notifyWithin(ex: SqlExecutor, channel: string, payload: string): Promise<void> {
  await ex.execute(sql`select pg_notify(${channel}, ${payload})`);
}
