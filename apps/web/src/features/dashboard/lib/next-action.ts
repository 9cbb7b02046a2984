import type { ApplicationListItem, ApplicationStatus } from '@mohar/contracts';
import { paths } from '@/config/paths';

/** What the person does next with an application, and where that is done. */
export type NextAction = {
  key: 'continue' | 'pay' | 'verify' | 'start' | 'waiting' | 'join' | 'download' | 'rejoin' | 'view';
  href: string;
};

/** Ended without a notarised document: nothing left to do, so the dashboard does not list them. */
const ENDED: ReadonlySet<ApplicationStatus> = new Set(['cancelled', 'failed', 'rejected']);

/** A client's next step on one of their applications; null once it ended. */
export function clientNextAction(item: Pick<ApplicationListItem, '_id' | 'status'>): NextAction | null {
  const view = paths.applications.view(item._id);
  switch (item.status) {
    case 'draft':
      return { key: 'continue', href: paths.applications.edit(item._id) };
    case 'awaiting_payment':
      return { key: 'pay', href: paths.applications.pay(item._id) };
    case 'awaiting_identity':
      return { key: 'verify', href: view };
    case 'ready':
      return { key: 'start', href: view };
    case 'waiting_for_notary':
      return { key: 'waiting', href: view };
    case 'in_session':
      return { key: 'join', href: view };
    case 'notarised':
      return { key: 'download', href: view };
    default:
      return null;
  }
}

/** A notary's way back into one of their acts: the live call, or the application (with the download). */
export function notaryNextAction(item: Pick<ApplicationListItem, '_id' | 'status'>): NextAction {
  return item.status === 'in_session'
    ? { key: 'rejoin', href: paths.session.notary(item._id) }
    : { key: 'view', href: paths.applications.view(item._id) };
}

/** The client's applications still under way (and notarised ones, for the download), newest first, at most `limit`. */
export function activeApplications<T extends Pick<ApplicationListItem, 'status'>>(
  items: T[],
  limit = 5,
): T[] {
  return items.filter((item) => !ENDED.has(item.status)).slice(0, limit);
}

/** The notary's acts: the sessions they took, live or done, newest first. */
export function recentActs<T extends Pick<ApplicationListItem, 'status'>>(items: T[], limit = 5): T[] {
  return items.filter((item) => item.status === 'in_session' || item.status === 'notarised').slice(0, limit);
}
