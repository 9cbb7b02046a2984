import type { Application, applicationResponse } from '@mohar/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { APPLICATIONS_QUERY_KEY, applicationQueryKey } from './query-keys';

/** GET /applications/:id — shared by the wizard (a draft) and the application view. */
export const getApplication = async (id: string, signal?: AbortSignal) =>
  (await api.get<typeof applicationResponse>(`/applications/${encodeURIComponent(id)}`, signal)).application;

export const applicationQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationQueryKey(id), queryFn: ({ signal }) => getApplication(id, signal) });

export const useApplication = (id: string) => useQuery(applicationQueryOptions(id));

/** After a change the server answered with the new application: store it, and let every list refetch. */
export function setApplication(queryClient: QueryClient, application: Application) {
  queryClient.setQueryData(applicationQueryKey(application._id), application);
  void queryClient.invalidateQueries({ queryKey: [...APPLICATIONS_QUERY_KEY, 'list'] });
}

/** The private PDF of an application (owner, assigned notary, admins). */
export const applicationDocumentPath = (id: string) => `/applications/${encodeURIComponent(id)}/document`;
