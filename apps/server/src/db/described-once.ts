import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * Named statements on PostgreSQL described once per connection instead of on every run.
 *
 * node-postgres runs a named (prepared) statement as Bind, Describe, Execute, Sync every time:
 * PostgreSQL answers each Describe with the columns again, and the driver rebuilds its column
 * list, its value parsers and an empty row object from them, field by field. For the session
 * lookup every authenticated request makes (35 columns) that was the largest single cost of a
 * small request, larger than the query's own round trip in the driver. A statement's columns
 * cannot change while it stays prepared on a connection (PostgreSQL refuses to run it then, with
 * "cached plan must not change result type"), so they are kept per connection from the first
 * run and later runs go Bind, Execute, Sync. The embedded database does the same in
 * db/pglite-statements.ts.
 *
 * Anything that is not a plain named statement through the pool (text queries, transactions'
 * own clients, cursors) runs exactly as before. An error forgets what was kept for that
 * statement on that connection, so the next run describes it again.
 */
export function describeNamedStatementsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  const run = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    if (callback === undefined && typeof values !== 'function' && isNamedConfig(config)) {
      return query(new DescribedOnceQuery(config, values as unknown[] | undefined));
    }
    return query(config, values, callback);
  };
  pool.query = run as typeof pool.query;
}

interface NamedConfig {
  name: string;
  text: string;
  submit?: unknown;
}

function isNamedConfig(config: unknown): config is NamedConfig {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as NamedConfig).name === 'string' &&
    (config as NamedConfig).name !== '' &&
    typeof (config as NamedConfig).text === 'string' &&
    typeof (config as NamedConfig).submit !== 'function'
  );
}

type Parser = (value: unknown) => unknown;

/** What node-postgres's Connection offers a query; only the messages this file sends. */
interface Connection {
  bind(config: { portal: string; statement: string; values: unknown[] | undefined; binary: boolean | undefined; valueMapper: Parser }): void;
  close(config: { type: 'S'; name: string }): void;
  sync(): void;
}

/** The internals of node-postgres's Query this file relies on (lib/query.js, lib/result.js). */
interface QueryInternals {
  name: string | undefined;
  text: string;
  values: unknown[] | undefined;
  portal: string;
  binary: boolean | undefined;
  rows: number | undefined;
  types: unknown;
  callback: unknown;
  _accumulateRows: boolean;
  _result: { fields: unknown[]; _parsers: Parser[] | undefined; _prebuiltEmptyResultObject: Record<string, null> | null };
  hasBeenParsed(connection: Connection): boolean;
  _getRows(connection: Connection, rows: number | undefined): void;
  listeners(event: string): unknown[];
  prepare(connection: Connection): void;
  handleRowDescription(message: unknown): void;
  handleError(error: Error, connection: Connection): void;
}

/** What a run learned from its Describe, to stand in for the Describe of later runs. */
interface Described {
  text: string;
  types: unknown;
  fields: unknown[];
  parsers: Parser[] | undefined;
  empty: Record<string, null> | null;
}

/** Per connection (node-postgres keeps its prepared statements per connection too), by name. */
const described = new WeakMap<Connection, Map<string, Described>>();

// The value mapping node-postgres binds parameters with (dates, JSON, arrays, buffers).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: Parser };

const QueryBase = pg.Query as unknown as new (config: object, values?: unknown[]) => QueryInternals;

class DescribedOnceQuery extends QueryBase {
  /** The connection this run sent a Describe on: node-postgres hands the row description no connection. */
  private describingOn: Connection | undefined;

  override prepare(connection: Connection): void {
    const known = this.name === undefined ? undefined : described.get(connection)?.get(this.name);
    if (!known || known.text !== this.text || known.types !== this.types || this.rows || !this.hasBeenParsed(connection)) {
      this.describingOn = connection;
      super.prepare(connection);
      return;
    }
    // As node-postgres's own prepare, without the Describe.
    try {
      connection.bind({ portal: this.portal, statement: this.name!, values: this.values, binary: this.binary, valueMapper: prepareValue });
    } catch (error) {
      connection.close({ type: 'S', name: this.name! });
      connection.sync();
      this.handleError(error as Error, connection);
      return;
    }
    const result = this._result;
    result.fields = known.fields;
    result._parsers = known.parsers;
    result._prebuiltEmptyResultObject = known.empty;
    // What the row description would have decided: keep rows unless they are streamed to listeners.
    this._accumulateRows = Boolean(this.callback) || this.listeners('row').length === 0;
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: unknown): void {
    super.handleRowDescription(message);
    const connection = this.describingOn;
    if (!connection || this.name === undefined) return;
    this.describingOn = undefined;
    const result = this._result;
    let statements = described.get(connection);
    if (!statements) described.set(connection, (statements = new Map()));
    statements.set(this.name, { text: this.text, types: this.types, fields: result.fields, parsers: result._parsers, empty: result._prebuiltEmptyResultObject });
  }

  override handleError(error: Error, connection: Connection): void {
    if (this.name !== undefined) described.get(connection)?.delete(this.name);
    super.handleError(error, connection);
  }
}
