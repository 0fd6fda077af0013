import type { Db } from './client.js';

/**
 * A statement built once per database handle instead of per request: building a query is most
 * of drizzle's cost on a hot path, and a named statement is parsed and planned by PostgreSQL
 * once per connection. `build` calls `.prepare(name)` with a name unique to the statement.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
