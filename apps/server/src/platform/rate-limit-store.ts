import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** The one call the store makes (node-redis's client has it; its generic type does not widen well). */
type RedisClient = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
};
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin passes to `child` at run time: the route's options and where it is (not in its types). */
type RouteOptions = { continueExceeding?: boolean; routeInfo?: { method: string; url: string } };

// Count and window in one round trip, atomically: the first hit of a window sets its expiry.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl
if current == 1 or (ARGV[3] == 'true' and current > tonumber(ARGV[2])) then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
else
  ttl = redis.call('PTTL', KEYS[1])
end
return { current, ttl }
`;

/**
 * A store for @fastify/rate-limit on the node-redis client the realtime adapter also uses (the plugin's own Redis
 * store wants ioredis). With REDIS_URL every process counts the same attempts: five wrong passwords are five, not
 * five per process behind the load balancer.
 */
export function redisRateLimitStore(client: RedisClient, prefix: string): FastifyRateLimitStoreCtor {
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    readonly continueExceeding: boolean;
    readonly key: string;

    constructor(options: { continueExceeding?: boolean }, key = `${prefix}:rate:`) {
      this.continueExceeding = options.continueExceeding ?? false;
      this.key = key;
    }

    incr(id: string, callback: Callback, timeWindow: number, max: number) {
      client
        .eval(INCREMENT, {
          keys: [this.key + id],
          arguments: [String(timeWindow), String(max), String(this.continueExceeding)],
        })
        .then(
          (result) => {
            const [current, ttl] = result as [number, number];
            callback(null, { current, ttl });
          },
          (error: Error) => callback(error),
        );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      const route = options as RouteOptions;
      // A limiter made outside a route (the per-key limit: `createRateLimit`) has an empty routeInfo.
      const where = route.routeInfo?.method ? `${route.routeInfo.method}${route.routeInfo.url}` : 'route';
      return new RedisRateLimitStore(route, `${this.key}${where}-`);
    }
  };
}
