import type { DbOrTx } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { insertAvailabilityEvent } from './availability-history.repository.ts';

/**
 * Records one change of a notary's availability (decision 0053) and its line in the audit view (decision 0058), in
 * the transaction that changes the profile: the notary's own switch, a suspension, a lapsed commission.
 */
export async function recordAvailabilityChange(
  tx: DbOrTx,
  change: Parameters<typeof insertAvailabilityEvent>[1] & { actor: AuditActor },
) {
  const { actor, ...row } = change;
  await insertAvailabilityEvent(tx, row);
  const hours = row.workingFrom && row.workingTo ? `, hours ${row.workingFrom}–${row.workingTo}` : '';
  await recordAudit(tx, {
    actor,
    action: 'notary.availability_changed',
    subject: { type: 'notary', id: row.notaryId },
    detail: `${row.isOnline ? 'online' : 'offline'}${hours} (${row.cause})`,
  });
}
