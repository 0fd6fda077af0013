import { protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { readReplies, type Replies } from './pglite-replies.js';

/**
 * PGlite as drizzle's and pg-boss's client, with every statement prepared once.
 *
 * PGlite's own `query()` parses and plans each statement again on every call, in six separate
 * calls into the database (parse, describe, bind, describe, execute, sync), and reads each reply
 * through a reader that copies every value before decoding it. That is fixed cost the single
 * embedded session pays for every query of every request in turn (planning also asks the file
 * system for every relation's size). Here a statement text is parsed and described once into a
 * named statement, and each later run is one call: bind, execute and sync together, its replies
 * read where they lie (db/pglite-replies.ts). PostgreSQL then reuses the plan where a generic one
 * is as good, exactly as it does for the prepared statements the PostgreSQL driver names.
 *
 * The statements are kept per text, the least recently used closed past `capacity` (filters
 * build texts of many shapes). Values are serialised and rows parsed by PGlite's serialisers and
 * parsers, errors are PGlite's `DatabaseError`, and the transaction and query locks are the ones
 * `query()` takes. A NOTIFY that reaches the session with a statement's replies goes to the
 * listeners of `listen` here, as PGlite hands those reaching it to its own.
 */
export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PreparedPglite) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; answers a function that stops listening. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** How many statements are prepared now (the tests read it). */
  readonly prepared: number;
}

interface Statement {
  name: string;
  /** The parameters' types as PostgreSQL inferred them, to serialize values as `query()` does. */
  paramTypes: number[];
  /** The columns it answers, described once: a run needs no description of its own. */
  fields: { name: string; dataTypeID: number }[];
}

/** A statement whose table changed shape since it was prepared must be prepared again. */
const STALE_PLAN = 'cached plan must not change result type';
/** Commands whose tag counts the rows they changed, which `affectedRows` reports. */
const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

export function preparedPglite(pg: PGlite, capacity = 400): PreparedPglite {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const statements = new Map<string, Statement>();
  let sequence = 0;
  const closing: Uint8Array[] = [];
  const listeners = new Map<string, Set<(payload: string) => void>>();

  async function send(parts: Uint8Array[], text: string, params: unknown[]): Promise<Replies> {
    // The streaming call hands over the bytes as they are written and leaves them unread (the
    // plain raw call also runs them through PGlite's reader); a view into the database's memory
    // lasts only for the callback, hence the copy.
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(concat(parts), { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) });
    const replies = readReplies(chunks.length === 1 ? chunks[0]! : concat(chunks));
    for (const { channel, payload } of replies.notifications) {
      // After the caller has its answer, as PGlite calls its own listeners.
      for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    }
    // The statement and its values ride on the error, as PGlite's `query()` adds them.
    if (replies.error) throw Object.assign(replies.error, { query: text, params });
    return replies;
  }

  async function prepare(text: string, params: unknown[]): Promise<Statement> {
    const name = `nc_${++sequence}`;
    const replies = await send(
      [
        ...closing.splice(0),
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ],
      text,
      params,
    );
    const statement = { name, paramTypes: replies.paramTypes, fields: replies.fields ?? [] };
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
    // PGlite's own query() says this of a closed database; the protocol calls below would
    // instead fail reading the freed WebAssembly module, which tells nobody what happened.
    if (pg.closed) throw new Error('PGlite is closed');
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, params);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[type] ?? pg.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    let replies: Replies;
    try {
      replies = await send(
        [...closing.splice(0), protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()],
        text,
        params,
      );
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw error;
      // The schema changed under the statement: prepare it anew. Inside a transaction the
      // error has already aborted it, so only the caller can start over.
      statements.delete(text);
      closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
      if (inTransaction) throw error;
      return run(text, params, options, inTransaction);
    }
    if (!inTransaction) await pg.syncToFs();
    return toResults<T>(replies, statement.fields, options);
  }

  /**
   * The rows and the command's counts, as PGlite's `parseResults` makes them, with each column's
   * parser looked up once per run rather than the parser table copied for every query.
   */
  function toResults<T>(replies: Replies, fields: Statement['fields'], options: QueryOptions | undefined): Results<T> {
    const parsers = fields.map((field) => options?.parsers?.[field.dataTypeID] ?? pg.parsers[field.dataTypeID]);
    const parseAt = (value: string | null, i: number) => {
      if (value === null) return null;
      const parser = parsers[i];
      return parser ? parser(value, fields[i]!.dataTypeID) : value;
    };
    const rows =
      options?.rowMode === 'array'
        ? replies.rows.map((values) => values.map(parseAt))
        : replies.rows.map((values) => {
            const row: Record<string, unknown> = {};
            for (let i = 0; i < values.length; i++) row[fields[i]!.name] = parseAt(values[i]!, i);
            return row;
          });
    const results: Results<T> = { rows: rows as Results<T>['rows'], fields, affectedRows: 0 };
    if (replies.command) {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5": a count ends the tag when the command has one.
      const parts = replies.command.split(' ');
      const count = Number.parseInt(parts.at(-1)!, 10);
      results.command = parts[0]!;
      if (!Number.isNaN(count)) results.rowCount = count;
      if (CHANGING.has(parts[0]!)) results.affectedRows = count;
    }
    return results;
  }

  async function listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const stop = await pg.listen(channel, handler);
    let own = listeners.get(channel);
    if (!own) listeners.set(channel, (own = new Set()));
    own.add(handler);
    return async () => {
      own.delete(handler);
      if (!pg.closed) await stop();
    };
  }

  /** A file to copy or types named by the caller: PGlite's own `query()` does that, not this path. */
  const ownPath = (options: QueryOptions | undefined) => !options?.blob && !options?.paramTypes;

  /** Outside a transaction a statement waits for any transaction to end, as `query()` does. */
  const outside: PreparedPglite = {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      !ownPath(options)
        ? pg.query<T>(text, params, options)
        : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(text, params, options, false))),
    exec: (text, options) => pg.exec(text, options),
    transaction: (callback) => pg.transaction((tx) => callback(inside(tx))),
    listen,
    get prepared() {
      return statements.size;
    },
  };

  /** Inside one, it holds the transaction lock already; only the query lock is taken. */
  const inside = (tx: Transaction): PreparedPglite => ({
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return !ownPath(options)
        ? tx.query<T>(text, params, options)
        : pg._runExclusiveQuery(() => run<T>(text, params, options, true));
    },
    exec: (text, options) => tx.exec(text, options),
    transaction: () => Promise.reject(new Error('PGlite has no nested transactions; drizzle uses savepoints')),
    listen,
    get prepared() {
      return statements.size;
    },
  });

  return outside;
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
