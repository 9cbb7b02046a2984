import type { Application } from '@mohar/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '@/lib/api-errors';
import { setApplication } from '@/lib/application';
import { applicationQueryKey } from '@/lib/query-keys';
import { applicationEventsQueryKey } from './get-application-events';

/** A status change: the server's answer is the new application; its history gained an event; lists change. */
export function onApplicationChanged(queryClient: QueryClient, application: Application) {
  setApplication(queryClient, application);
  void queryClient.invalidateQueries({ queryKey: applicationEventsQueryKey(application._id) });
}

/** Refused because the application moved on meanwhile (another tab, the notary): show it as it now is. */
export function onApplicationChangeFailed(options: { queryClient: QueryClient; id: string; error: unknown }) {
  if (
    hasErrorCode(options.error, 'applications.illegal_transition') ||
    hasErrorCode(options.error, 'applications.not_editable')
  )
    void options.queryClient.invalidateQueries({ queryKey: applicationQueryKey(options.id) });
}
