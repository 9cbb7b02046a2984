import type { ApplicationStatus, WebhookEventType } from '@mohar/contracts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

type Change = { from: ApplicationStatus; to: ApplicationStatus };

/**
 * The events a status change stands for, besides `application.status_changed` itself: the session starts when the
 * application goes into it, completes when it leaves it (notarised or failed), and the document is notarised when
 * the seal is applied. Payments and refunds are not status changes: their modules emit those.
 */
export function eventsOfTransition(change: Change): Array<{ type: WebhookEventType; data: object }> {
  const events: Array<{ type: WebhookEventType; data: object }> = [
    { type: 'application.status_changed', data: { from: change.from, to: change.to } },
  ];
  if (change.to === 'in_session') events.push({ type: 'session.started', data: {} });
  if (change.from === 'in_session' && change.to !== 'in_session')
    events.push({ type: 'session.completed', data: { outcome: change.to } });
  if (change.to === 'notarised') events.push({ type: 'document.notarised', data: {} });
  return events;
}

/** Status changes become webhook events in the same transaction as the change (the outbox). */
export function emitOnTransitions(deps: {
  applicationsService: Pick<ApplicationsService, 'onTransition'>;
  webhooksService: Pick<WebhooksService, 'emit'>;
}) {
  deps.applicationsService.onTransition(async (tx, change) => {
    for (const event of eventsOfTransition(change))
      await deps.webhooksService.emit(tx, {
        applicationId: change.applicationId,
        type: event.type,
        data: { ...event.data },
      });
  });
}
