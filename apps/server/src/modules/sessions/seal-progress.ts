import type { SealStage } from '@mohar/contracts';

/**
 * Where each call's sealing is, so that someone who reloads or rejoins mid-seal is told the stage at once instead of a
 * bare "Sealing…" until the next one. A finished or failed seal is forgotten. `note` never waits: the stage is a hint
 * for a later join, and the call hears every stage from the event itself.
 */
export type SealProgress = {
  note(applicationId: string, stage: SealStage): void;
  of(applicationId: string): Promise<SealStage | undefined>;
};

const isOver = (stage: SealStage) => stage === 'done' || stage === 'failed';

/** One process: the stages of the seals this process runs. */
export function createSealProgress(): SealProgress {
  const stages = new Map<string, SealStage>();
  return {
    note(applicationId, stage) {
      if (isOver(stage)) stages.delete(applicationId);
      else stages.set(applicationId, stage);
    },
    of: async (applicationId) => stages.get(applicationId),
  };
}

/** The commands used (node-redis's client has them; its generic type does not widen well). */
type RedisClient = {
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
  del(key: string): Promise<unknown>;
  get(key: string): Promise<string | null>;
};

/** A seal takes seconds; a stage older than this belongs to a process that died mid-seal. */
const STAGE_TTL_SECONDS = 15 * 60;

/**
 * Several processes (REDIS_URL): the seal runs on whichever process took the notary's request, and the person who
 * rejoins may reach another one. Redis answers in order on one connection, so stages land in the order noted. When
 * Redis is away the stage is simply not known (the next stage's event still arrives).
 */
export function createRedisSealProgress(client: RedisClient, prefix: string): SealProgress {
  const keyOf = (applicationId: string) => `${prefix}:seal-stage:${applicationId}`;
  return {
    note(applicationId, stage) {
      const key = keyOf(applicationId);
      const write = isOver(stage) ? client.del(key) : client.set(key, stage, { EX: STAGE_TTL_SECONDS });
      void write.catch(() => undefined);
    },
    async of(applicationId) {
      const stage = await client.get(keyOf(applicationId)).catch(() => null);
      return (stage ?? undefined) as SealStage | undefined;
    },
  };
}
