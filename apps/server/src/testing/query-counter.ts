import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Every statement a test database is sent, counted at the driver (under drizzle, transactions included), so a test
 * can hold a route to a number of round trips on the real engine.
 */
export type QueryLog = { count: number; statements: string[] };

export const createQueryLog = (): QueryLog => ({ count: 0, statements: [] });

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '');

function record(log: QueryLog, query: unknown) {
  log.count += 1;
  log.statements.push(textOf(query));
}

type Queryable = Pick<PGlite, 'query' | 'exec'> | Pick<Transaction, 'query' | 'exec'>;

function countOn(target: Queryable, log: QueryLog) {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, ...rest: unknown[]) => {
    record(log, text);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof target.query;
  target.exec = ((text: string, ...rest: unknown[]) => {
    record(log, text);
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof target.exec;
}

/** PGlite: its own query/exec and those of each transaction it opens (drizzle runs a transaction's statements there). */
export function countPgliteQueries(client: PGlite, log: QueryLog) {
  countOn(client, log);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      countOn(tx, log);
      return callback(tx);
    })) as typeof client.transaction;
}

/** node-postgres: every pooled connection's query (pool.query runs on one too). */
export function countPostgresQueries(pool: pg.Pool, log: QueryLog) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((first: unknown, ...rest: unknown[]) => {
      record(log, first);
      return query(first, ...rest);
    }) as typeof client.query;
  });
}
