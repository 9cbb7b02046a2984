import { APPLICATION_ERROR_CODES, type Application } from '@mohar/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '@/lib/api-errors';
import { applicationQueryOptions, setApplication } from '@/lib/application';
import { applicationQueryKey } from '@/lib/query-keys';

/**
 * Stores the server's answer unless a newer one is already stored: an upload can finish after a later autosave,
 * and its older snapshot must not undo what the autosave stored.
 */
export function storeApplication(queryClient: QueryClient, application: Application) {
  const current = queryClient.getQueryData(applicationQueryOptions(application._id).queryKey);
  if (current && current.updatedAt > application.updatedAt) return;
  setApplication(queryClient, application);
}

/**
 * A save refused because the application is gone or no longer a draft (submitted from another tab, say): reload
 * it, so the wizard shows what it is now (a non-draft leaves the wizard for the application view).
 */
export function refreshIfStale(options: { queryClient: QueryClient; id: string; error: unknown }) {
  if (
    hasErrorCode(options.error, APPLICATION_ERROR_CODES.notEditable) ||
    hasErrorCode(options.error, APPLICATION_ERROR_CODES.notFound)
  )
    void options.queryClient.invalidateQueries({ queryKey: applicationQueryKey(options.id) });
}
