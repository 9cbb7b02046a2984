import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isUuid } from './ids.ts';

/** Routes under `prefix` (its `:id` naming a record) whose record the caller must be able to see. */
export type RecordAccessRule = {
  prefix: string;
  /** Throws (404) when the signed-in caller may not see record `id`; does nothing for a signed-out caller. */
  check: (request: FastifyRequest, id: string) => Promise<unknown>;
};

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Who you are before what you sent, for records: on every route under a rule's prefix, a caller who cannot see the
 * record gets the record's 404 before the body is even parsed — a stranger's malformed body on someone else's
 * application is a 404, never a 400/415 that would confirm the route against a real id. It runs as the route's last
 * `onRequest` hook, after its guard (route-table.ts), so the caller is known. Malformed ids are left to the params
 * schema (also 404). Call after registerRouteTable and before the routes.
 */
export function registerRecordAccess(app: FastifyInstance, rules: readonly RecordAccessRule[]) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const rule = rules.find((r) => route.url === r.prefix || route.url.startsWith(`${r.prefix}/`));
    if (!rule) return;
    const checkRecord = async (request: FastifyRequest) => {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' && isUuid(id)) await rule.check(request, id);
    };
    route.onRequest = [...asList(route.onRequest), checkRecord] as RouteOptions['onRequest'];
  });
}
