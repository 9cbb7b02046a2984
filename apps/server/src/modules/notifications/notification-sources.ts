import type { ApplicationStatus } from '@mohar/contracts';
import { type ApplicationsService, findApplication } from '../applications/applications.service.ts';
import type { NotificationInput, NotificationsService } from './notifications.service.ts';

/** What a status change tells the owner, or null when it is their own doing (they already know). */
export function statusNotice(change: {
  applicationId: string;
  ownerId: string;
  title: string | null;
  from: ApplicationStatus;
  to: ApplicationStatus;
  actorUserId: string | null;
}): NotificationInput | null {
  const base = { userId: change.ownerId, applicationId: change.applicationId };
  const title = change.title ?? undefined;
  // The request's outcome (accepted, declined, nobody in time) is told by the sessions module, with its reason.
  if (change.from === 'waiting_for_notary' && (change.to === 'in_session' || change.to === 'ready'))
    return null;
  if (change.from === 'awaiting_payment' && change.to === 'awaiting_identity')
    return {
      ...base,
      kind: 'payment_succeeded',
      text: { key: 'payment_received', params: { title } },
    };
  if (change.to === 'ready')
    return {
      ...base,
      kind: 'all_signatories_ready',
      text: { key: 'all_ready', params: { title } },
      isImportant: true,
    };
  if (change.actorUserId === change.ownerId) return null;
  return {
    ...base,
    kind: 'application_status',
    text: { key: 'status_changed', params: { title, status: change.to } },
    isImportant: change.to === 'notarised' || change.to === 'failed' || change.to === 'rejected',
  };
}

/** Status changes become notifications in the same transaction as the change. */
export function notifyOnTransitions(deps: {
  applicationsService: ApplicationsService;
  notificationsService: NotificationsService;
}) {
  deps.applicationsService.onTransition(async (tx, change) => {
    const row = await findApplication(tx, change.applicationId);
    if (!row) return;
    const notice = statusNotice({
      applicationId: change.applicationId,
      ownerId: row.ownerId,
      title: row.title,
      from: change.from,
      to: change.to,
      actorUserId: change.actor.userId,
    });
    if (notice) await deps.notificationsService.notify(tx, notice);
  });
}
