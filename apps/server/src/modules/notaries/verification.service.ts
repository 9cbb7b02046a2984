import type { NotaryStatus, NoticeKey } from '@mohar/contracts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { recordAvailabilityChange } from './availability-history.service.ts';
import { notaryErrors } from './notaries.errors.ts';
import { notaryDecisionMail } from './notaries.mails.ts';
import * as repo from './notaries.repository.ts';
import type { NotariesCore } from './notaries-core.ts';
import { missingSteps, type NotaryAction, TRANSITIONS } from './notary-rules.ts';

/** The verification workflow: a notary submits, admins look through the queue and decide. */
export function createVerification(core: NotariesCore) {
  const { db, mailer, config, notificationsService, now, toProfile, getRow } = core;
  const dashboardUrl = `${config.publicUrl}/dashboard`;

  /** Moves an application along TRANSITIONS inside one transaction with its audit event and e-mail. */
  async function transition(options: {
    notaryId: string;
    action: NotaryAction;
    actorId: string;
    /** An admin's roles and address, for the audit trail (a notary's own submission has neither). */
    actorAdminRoles?: readonly string[];
    ip?: string;
    reason?: string;
  }) {
    const rule = TRANSITIONS[options.action];
    await db.transaction(async (tx) => {
      const row = await repo.findNotaryForUpdate(tx, options.notaryId);
      if (!row) throw notaryErrors.notFound();
      if (!(rule.from as readonly string[]).includes(row.status)) {
        throw notaryErrors.illegalTransition({ from: row.status, action: rule.verb });
      }
      if (options.action === 'submit') {
        const missing = missingSteps(row);
        if (missing.length > 0) throw notaryErrors.incomplete(missing);
      }
      const at = now();
      await repo.updateNotary(tx, options.notaryId, {
        status: rule.to,
        statusReason: options.reason ?? null,
        ...(options.action === 'submit' ? { submittedAt: at } : {}),
        ...(rule.to === 'verified' ? { verifiedAt: at } : {}),
        // A suspended notary is taken offline at once.
        ...(rule.to === 'suspended' ? { isOnline: false } : {}),
      });
      if (rule.to === 'suspended' && row.isOnline) {
        await recordAvailabilityChange(tx, {
          notaryId: options.notaryId,
          isOnline: false,
          workingFrom: row.workingFrom,
          workingTo: row.workingTo,
          cause: 'suspension',
          actor: {
            userId: options.actorId,
            role: 'admin',
            adminRoles: options.actorAdminRoles,
            ipAddress: options.ip ?? null,
          },
        });
      }
      await repo.insertStatusEvent(tx, {
        notaryId: options.notaryId,
        fromStatus: row.status,
        toStatus: rule.to,
        reason: options.reason ?? null,
        actorId: options.actorId,
      });
      await recordAudit(tx, {
        actor: {
          userId: options.actorId,
          role: options.action === 'submit' ? 'notary' : 'admin',
          adminRoles: options.actorAdminRoles,
          ipAddress: options.ip ?? null,
        },
        action: 'notary.status_changed',
        subject: { type: 'notary', id: options.notaryId },
        detail: `${row.status} → ${rule.to}${options.reason ? `: ${options.reason}` : ''}`,
      });
      const notary = await repo.findNotary(tx, options.notaryId);
      if (notary) {
        await mailer.enqueue(
          tx,
          notaryDecisionMail({
            to: notary.email,
            name: notary.fullName,
            language: (await findUserContact(tx, options.notaryId))?.language,
            decision:
              rule.to === 'pending'
                ? 'submitted'
                : options.action === 'reinstate'
                  ? 'reinstated'
                  : (rule.to as 'verified' | 'rejected' | 'suspended'),
            reason: options.reason,
            dashboardUrl,
          }),
        );
        const news: Partial<Record<string, NoticeKey>> = {
          verified: 'notary_verified',
          rejected: 'notary_rejected',
          suspended: 'notary_suspended',
        };
        const key = options.action === 'reinstate' ? 'notary_reinstated' : news[rule.to];
        if (key)
          await notificationsService?.notify(tx, {
            userId: notary.userId,
            kind: 'notary_verification',
            text: { key, params: { reason: options.reason || undefined } },
            // The decision is e-mailed above already.
          });
      }
    });
    mailer.kick();
    return toProfile(await getRow(options.notaryId));
  }

  return {
    submit: (userId: string) => transition({ notaryId: userId, action: 'submit', actorId: userId }),
    decide: (options: {
      notaryId: string;
      action: Exclude<NotaryAction, 'submit'>;
      actorId: string;
      actorAdminRoles?: readonly string[];
      ip?: string;
      reason?: string;
    }) => transition(options),

    async listForAdmin(options: {
      status?: NotaryStatus;
      search?: string;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 20;
      const { total, rows } = await repo.listNotaries(db, {
        status: options.status,
        search: options.search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { notaries: rows.map(toProfile), totalPages: Math.max(1, Math.ceil(total / pageSize)), page };
    },

    getForAdmin: async (notaryId: string) => toProfile(await getRow(notaryId)),
  };
}
