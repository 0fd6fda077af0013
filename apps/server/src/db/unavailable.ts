/**
 * Tells a database that is out (stopped, restarting, unreachable, closed) from a query that
 * failed on its own. The first is nobody's fault and passes: the caller hears '503' with a
 * Retry-After and keeps its session; only the second is a bug worth a '500'.
 */

/** Socket-level failures of node-postgres reaching or keeping its server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin_shutdown (a stop, or
 * pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in
 * recovery), 53300 too_many_connections. Class 08 (connection exception) is matched whole.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres, its pool and PGlite say when the connection is gone or was never had; they
 * carry no code, so their words are matched.
 */
const MESSAGES = [
  /^Connection terminated/, // pg: the server closed the socket, or the connection timeout hit
  /timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis waiting for a client
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /^PGlite is closed$/, // the embedded database after close()
];

/** True when `error` (or what it wraps: drizzle's `cause`, an AggregateError's list) says the database is out. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  // Bounded: a cause chain is a few links deep, and a cycle must not hang the error handler.
  for (let looked = 0; pending.length > 0 && looked < 16; looked++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors.slice(0, 4));
  }
  return false;
}
