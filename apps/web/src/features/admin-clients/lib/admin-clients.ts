import { ADMIN_CLIENT_FILTERS, type AdminClientFilter } from '@mohar/contracts';

/** The list's filter chips: everyone, or one of the server's filters. */
export const CLIENT_FILTERS = ['all', ...ADMIN_CLIENT_FILTERS] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

export type ClientListState = { filter: ClientFilter; search: string; page: number };

/** The list's state from the address bar; anything unknown falls back to every client, page 1. */
export function clientListStateOf(params: URLSearchParams): ClientListState {
  const status = params.get('status') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    filter: (ADMIN_CLIENT_FILTERS as readonly string[]).includes(status)
      ? (status as AdminClientFilter)
      : 'all',
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address bar for a list state (defaults left out), which is also the API's query. */
export function clientListParams(state: ClientListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filter !== 'all') params.set('status', state.filter);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** GET /admin/clients's query for a list state. */
export function clientListQuery(state: ClientListState): string {
  const params = clientListParams(state);
  params.set('page', String(state.page));
  return `?${params.toString()}`;
}
