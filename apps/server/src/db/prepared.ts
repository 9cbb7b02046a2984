import { type DbOrTx, pgliteStatements } from './client.ts';

/**
 * A hot read's statement, built once per database handle instead of on every call: drizzle's query building is a
 * tenth of a signed-in request's CPU, and on PostgreSQL a named statement is parsed and planned once per pooled
 * connection (afterwards only its parameters travel). A transaction is a handle of its own (its statement is built
 * for it). The `name` must be unique to the statement's text. On PGlite, whose driver drops the name, the statement's
 * text is registered with the client instead (pglite-statements.ts), which keeps it prepared by that text.
 */
export function preparedPerHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byHandle = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (!statement) {
      statement = build(db);
      byHandle.set(db, statement);
      // drizzle's PGlite statement keeps its SQL as `queryString`; a transaction's handle has no registry.
      const text = (statement as { queryString?: unknown }).queryString;
      if (typeof text === 'string') pgliteStatements.get(db)?.keep(text);
    }
    return statement;
  };
}
