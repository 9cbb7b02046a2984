import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

import { createConcurrencyLimit } from './concurrency-limit.ts';

// OWASP's argon2id parameters (m=19 MiB, t=2, p=1). Algorithm 2 is argon2id in @node-rs/argon2.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most two argon2 computations at once per process; the rest wait their turn in order. Each takes 19 MiB
 * and the libuv pool would otherwise run four (and queue file reads behind them): a burst of sign-ins grew the
 * process by 450 MB, and two hashes already keep both cores of a small machine busy (decision 0019).
 */
export const ARGON2_CONCURRENCY = 2;
export const passwordHashing = createConcurrencyLimit(ARGON2_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordHashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A hash of a random password: verified against when the account does not exist, so timing tells nothing. */
let decoyHash: Promise<string> | null = null;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}

// The dictionaries are loaded on the first password set, not at start: a few MB of heap that sign-ins never use.
let estimator: Promise<ZxcvbnFactory> | null = null;
const loadEstimator = async () => {
  const [{ ZxcvbnFactory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
};

/**
 * Refuses passwords found in breach-derived common-password lists or guessable from the user's own details
 * (ASVS 2.1.7, NIST 800-63B): no composition rules, only "is this easy to guess".
 */
export async function findPasswordWeakness(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  estimator ??= loadEstimator();
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[\s@.]+/)]).filter((v) => v.length >= 3);
  const result = await (await estimator).checkAsync(password, inputs);
  // Score 0–1 means guessable within about 10^6 attempts: common passwords, names, keyboard walks.
  return result.score < 2
    ? 'This password is too easy to guess. Try a longer phrase of unrelated words.'
    : null;
}
