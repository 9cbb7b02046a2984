import type { SignatoryAct } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { latestIdentityDecisions } from '../sessions/call.service.ts';
import * as repo from './signing.repository.ts';

/**
 * What happened to each signatory in the act, from the record: the notary's latest identity decision and the time
 * of their signature. The portal and the application view show this (issue 19), so it is read, never inferred.
 */
export async function readActFacts(db: DbOrTx, applicationId: string): Promise<Map<string, SignatoryAct>> {
  const decisions = await latestIdentityDecisions(db, applicationId);
  const signed = new Map(
    (await repo.signaturesOf(db, applicationId)).map((s) => [s.signatoryId, s.createdAt]),
  );
  const facts = new Map<string, SignatoryAct>();
  for (const id of new Set([...decisions.keys(), ...signed.keys()]))
    facts.set(id, { identity: decisions.get(id) ?? null, signedAt: signed.get(id)?.toISOString() ?? null });
  return facts;
}
