import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';
import { loggableError } from './database-errors.ts';

/**
 * Paths whose last segments are credentials: a signatory's link, an e-mail verification, a password reset, a
 * one-time sign-in link, a support reply link, a newsletter confirmation or unsubscribe link.
 */
const TOKEN_IN_PATH =
  /(\/(?:access|access-application|verify-email|password\/reset|login\/link|sign-in-link|support\/replies|support\/reply|newsletter\/confirm|newsletter\/unsubscribe)\/)(?!resend\b)[^/?#]+/g;

/** A URL as it may be logged: the tokens in it replaced, so that log readers cannot use the links. */
export const loggableUrl = (url: string) => url.replace(TOKEN_IN_PATH, '$1[token]');

/** pino options: JSON in production, readable lines on a developer's terminal; secrets never written. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const isPretty = config.env === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    // Every log call, wherever it is made (request errors, jobs, mail): a failed query's SQL and parameters never
    // reach the log, only its PostgreSQL code and names (database-errors.ts).
    hooks: {
      logMethod(args, method) {
        return method.apply(this, withoutQueryText(args) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(isPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/** A log call's arguments with any database error (as the object, or under `err`/`error`) made loggable. */
export function withoutQueryText(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) return [loggableError(first), ...rest];
  if (first && typeof first === 'object') {
    const fields = first as Record<string, unknown>;
    if ('err' in fields || 'error' in fields) {
      const cleaned = { ...fields };
      if ('err' in cleaned) cleaned.err = loggableError(cleaned.err);
      if ('error' in cleaned) cleaned.error = loggableError(cleaned.error);
      return [cleaned, ...rest];
    }
  }
  return args;
}
