import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const paise = z.coerce.number({ message: 'expected a whole number of paise' }).int().nonnegative();

/** Every environment variable the server reads. Parsed once at start; a bad value stops the process. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SUPPORT_PHONE: z.string().min(3).default('+91 11 4567 8900'),
  SUPPORT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('support@mohar.example'),
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  FEE_PLATFORM_PAISE: paise.default(29_900),
  FEE_NOTARIAL_PAISE: paise.default(20_000),
  FEE_EXTRA_SIGNATORY_PAISE: paise.default(9_900),
  FEE_INCLUDED_SIGNATORIES: z.coerce.number().int().min(1).max(6).default(2),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  supportPhone: string;
  supportEmail: string;
  seedDemo: boolean;
  trustProxy: boolean;
  fees: {
    platformPaise: number;
    notarialPaise: number;
    extraSignatoryPaise: number;
    includedSignatories: number;
  };
};

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Reads the environment; throws one ConfigError naming every bad key, so a deploy fails fast and completely. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "not set": `FOO= npm start` should fall back to the default, not fail.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    fees: {
      platformPaise: e.FEE_PLATFORM_PAISE,
      notarialPaise: e.FEE_NOTARIAL_PAISE,
      extraSignatoryPaise: e.FEE_EXTRA_SIGNATORY_PAISE,
      includedSignatories: e.FEE_INCLUDED_SIGNATORIES,
    },
  };
}
