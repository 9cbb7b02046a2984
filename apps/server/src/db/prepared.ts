import type { DbOrTx } from './client.ts';

/**
 * A hot read's statement, built once per database handle instead of on every call: drizzle's query building is a
 * tenth of a signed-in request's CPU, and on PostgreSQL a named statement is parsed and planned once per pooled
 * connection (afterwards only its parameters travel). A transaction is a handle of its own (its statement is built
 * for it). The `name` must be unique to the statement's text.
 */
export function preparedPerHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byHandle = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (!statement) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}
