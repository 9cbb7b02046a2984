import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One registered route, as the fuzz and access tests walk them (the real table, not a hand-written list). */
export type RouteEntry = { method: string; url: string; schema: FastifySchema | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Registered before any route. Two rules for every route:
 * - A route's own `preHandler`s are its access checks (the auth guard, by convention nothing else): they run first,
 *   as `onRequest` hooks — before the body is parsed and validated — so who you are is settled before what you sent:
 *   a signed-out caller gets 401 (never 400, 413 or 415) and learns nothing of a route's body shape.
 *   (record-access.ts then answers a stranger 404 on someone else's record, still before validation.)
 * - Every route is recorded in `app.routeTable`.
 */
export function registerRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of asList(route.method)) table.push({ method, url: route.url, schema: route.schema });
    const guards = asList(route.preHandler);
    if (guards.length === 0) return;
    route.onRequest = [...asList(route.onRequest), ...guards] as RouteOptions['onRequest'];
    route.preHandler = undefined;
  });
}
