import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * PGlite as drizzle's and pg-boss's client, with every statement prepared once.
 *
 * PGlite's own `query()` parses and plans each statement again on every call, in six separate
 * calls into the database (parse, describe, bind, describe, execute, sync); each call and each
 * planning is fixed cost that the single embedded session pays for every query of every request
 * in turn (planning also asks the file system for every relation's size). Here a statement text
 * is parsed once into a named statement, and each later run is one call: bind, describe, execute
 * and sync together. PostgreSQL then reuses the plan where a generic one is as good, exactly as
 * it does for the prepared statements the PostgreSQL driver names.
 *
 * The statements are kept per text, the least recently used closed past `capacity` (filters
 * build texts of many shapes). Results, errors and the transaction and query locks are PGlite's
 * own: the same parsers, the same `DatabaseError`, the same mutexes `query()` takes.
 */
export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PreparedPglite) => Promise<T>): Promise<T>;
  /** How many statements are prepared now (the tests read it). */
  readonly prepared: number;
}

interface Statement {
  name: string;
  /** The parameters' types as PostgreSQL inferred them, to serialize values as `query()` does. */
  paramTypes: number[];
}

/** A statement whose table changed shape since it was prepared must be prepared again. */
const STALE_PLAN = 'cached plan must not change result type';

export function preparedPglite(pg: PGlite, capacity = 400): PreparedPglite {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const statements = new Map<string, Statement>();
  let sequence = 0;
  const closing: Uint8Array[] = [];

  const send = (messages: Uint8Array[]) => pg.execProtocolStream(concat(messages), { syncToFs: false });

  async function prepare(text: string): Promise<Statement> {
    const name = `nc_${++sequence}`;
    const replies = await send([
      ...closing.splice(0),
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(replies) };
    statements.set(text, statement);
    if (statements.size > capacity) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      // Closed with the next statement's messages: one call fewer.
      closing.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text).catch((error: unknown) => {
        throw describeError(error, text, params);
      });
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = options?.serializers?.[statement.paramTypes[i]!] ?? pg.serializers[statement.paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    let replies;
    try {
      replies = await send([
        ...closing.splice(0),
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw describeError(error, text, params);
      // The schema changed under the statement: prepare it anew. Inside a transaction the
      // error has already aborted it, so only the caller can start over.
      statements.delete(text);
      closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
      if (inTransaction) throw describeError(error, text, params);
      return run(text, params, options, inTransaction);
    }
    if (!inTransaction) await pg.syncToFs();
    return parse.parseResults(replies, pg.parsers, options)[0] as Results<T>;
  }

  /** Outside a transaction a statement waits for any transaction to end, as `query()` does. */
  const outside: PreparedPglite = {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      options?.blob || options?.paramTypes
        ? pg.query<T>(text, params, options)
        : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(text, params, options, false))),
    exec: (text, options) => pg.exec(text, options),
    transaction: (callback) => pg.transaction((tx) => callback(inside(tx))),
    get prepared() {
      return statements.size;
    },
  };

  /** Inside one, it holds the transaction lock already; only the query lock is taken. */
  const inside = (tx: Transaction): PreparedPglite => ({
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (tx.closed) throw new Error('Transaction is closed');
      return options?.blob || options?.paramTypes
        ? tx.query<T>(text, params, options)
        : pg._runExclusiveQuery(() => run<T>(text, params, options, true));
    },
    exec: (text, options) => tx.exec(text, options),
    transaction: () => Promise.reject(new Error('PGlite has no nested transactions; drizzle uses savepoints')),
    get prepared() {
      return statements.size;
    },
  });

  return outside;
}

/** The statement and its values on the error, as PGlite's own `query()` adds them. */
function describeError(error: unknown, query: string, params: unknown[]): unknown {
  if (error instanceof Error) Object.assign(error, { query, params });
  return error;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
