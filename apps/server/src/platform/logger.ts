import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

/** pino options: JSON in production, readable lines on a developer's terminal; secrets never written. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const isPretty = config.env === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
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
