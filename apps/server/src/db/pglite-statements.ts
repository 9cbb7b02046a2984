import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named statements for PGlite. Its `query` parses and plans every statement again (the unnamed statement of the
 * extended protocol), and in WebAssembly that is most of a hot read's cost: about 1.0 of 1.25 ms for the application
 * view here, against 0.2 ms to run it prepared. drizzle's PGlite driver drops a statement's name, so the texts that
 * db/prepared.ts builds are registered here, and `query` sends those as the server's named statements: parsed and
 * planned once per database (PostgreSQL then keeps a generic plan when it is no costlier), then only bound and run —
 * as node-postgres does for the same statements on PostgreSQL.
 */
export type StatementRegistry = { keep: (text: string) => void };

const { serialize } = protocol;
type Parser = PGlite['parsers'][number];
type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

// Errors after which the statement is prepared again: it was dropped (26000), or a change of schema changed what it
// returns (0A000, "cached plan must not change result type").
const STALE_STATEMENT = new Set(['26000', '0A000']);

/**
 * Routes the client's `query` calls for kept texts through named statements (other texts, and calls with options
 * beyond rows and parsers, go on as before). Transactions run on PGlite's own transaction object and are untouched.
 * Install before anything else wraps `query` (the tests' statement counter), so those still see every statement.
 */
export function keepStatementsPrepared(client: PGlite): StatementRegistry {
  const kept = new Set<string>();
  const prepared = new Map<string, { name: string; paramTypes: number[] }>();
  const plainQuery = client.query.bind(client);
  let serial = 0;

  const prepare = async (text: string) => {
    serial += 1;
    const name = `mohar_kept_${serial}`;
    const described = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    prepared.set(text, statement);
    return statement;
  };

  const run = async (text: string, params: unknown[], options: QueryOptions | undefined) => {
    const statement = prepared.get(text) ?? (await prepare(text));
    // Parameters as PGlite's own query serialises them, by the types the server inferred.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const result = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return result.messages;
  };

  const runKept = async (text: string, params: unknown[], options: QueryOptions | undefined) => {
    let messages: Message[];
    try {
      messages = await run(text, params, options);
    } catch (error) {
      if (!STALE_STATEMENT.has(String((error as { code?: unknown }).code))) throw error;
      const stale = prepared.get(text);
      prepared.delete(text);
      if (stale) {
        await client.execProtocol(
          concat([serialize.close({ type: 'S', name: stale.name }), serialize.sync()]),
        );
      }
      messages = await run(text, params, options);
    }
    // The parsers passed once, not merged into a copy of PGlite's whole table on every call (as its own parse does).
    return parse.parseResults(messages, parsersFor(options), { rowMode: options?.rowMode })[0];
  };

  // drizzle passes the same parsers object with every call of a statement: the merged table is made once for it, and
  // falls back to PGlite's own (live) table for every other type.
  const merged = new WeakMap<object, Record<string, Parser>>();
  const parsersFor = (options: QueryOptions | undefined) => {
    const own = options?.parsers;
    if (!own) return client.parsers;
    let parsers = merged.get(own);
    if (!parsers) {
      parsers = Object.assign(Object.create(client.parsers) as Record<string, Parser>, own);
      merged.set(own, parsers);
    }
    return parsers;
  };

  client.query = (async <T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    const plainOptions =
      !options || Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers');
    if (!kept.has(text) || !plainOptions) return plainQuery<T>(text, params, options);
    await client._checkReady();
    // The locks PGlite's own query takes: after any open transaction, one statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => (await runKept(text, params ?? [], options)) as Results<T>),
    );
  }) as PGlite['query'];

  return { keep: (text) => kept.add(text) };
}
