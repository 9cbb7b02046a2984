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
 * - A route's own `preHandler`s are its access checks (the auth guard, by convention nothing else): they run before
 *   validation (as `preValidation`), so who you are is settled before what you sent — a signed-out caller or a
 *   stranger never learns a route's body shape from a 400.
 * - Every route is recorded in `app.routeTable`.
 */
export function registerRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of asList(route.method)) table.push({ method, url: route.url, schema: route.schema });
    const guards = asList(route.preHandler);
    if (guards.length === 0) return;
    route.preValidation = [...guards, ...asList(route.preValidation)] as RouteOptions['preValidation'];
    route.preHandler = undefined;
  });
}
