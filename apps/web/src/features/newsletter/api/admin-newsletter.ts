import type {
  adminSubscribersResponse,
  NewsletterMailingRequest,
  NewsletterSubscriberStatus,
  newsletterMailingResponse,
} from '@mohar/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';

export type SubscriberListState = {
  status: NewsletterSubscriberStatus | 'all';
  search: string;
  page: number;
};

/** The filters as query parameters (defaults left out): the address bar's, the API's and the CSV's. */
export function subscriberListParams(state: SubscriberListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== 'all') params.set('status', state.status);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** GET /admin/newsletter/subscribers — newest first, in pages. */
export const getSubscribers = (state: SubscriberListState, signal?: AbortSignal) => {
  const params = subscriberListParams(state);
  params.set('page', String(state.page));
  return api.get<typeof adminSubscribersResponse>(
    `/admin/newsletter/subscribers?${params.toString()}`,
    signal,
  );
};

export const subscribersQueryOptions = (state: SubscriberListState) =>
  queryOptions({
    queryKey: ['admin', 'newsletter', 'subscribers', state],
    queryFn: ({ signal }) => getSubscribers(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSubscribers = (state: SubscriberListState) => useQuery(subscribersQueryOptions(state));

/** GET /admin/newsletter/subscribers.csv — the same filters as a download (the session cookie goes with the link). */
export const subscribersCsvUrl = (state: SubscriberListState) => {
  const query = subscriberListParams({ ...state, page: 1 }).toString();
  return `${API_BASE}/admin/newsletter/subscribers.csv${query ? `?${query}` : ''}`;
};

/** POST /admin/newsletter/mailings — to confirmed subscribers only; no cached list changes. */
export const useSendMailing = () =>
  useMutation({
    mutationFn: (request: NewsletterMailingRequest) =>
      api.post<typeof newsletterMailingResponse>('/admin/newsletter/mailings', request),
  });
