import { APPLICATION_STATUSES, type ApplicationListQuery, type ApplicationStatus } from '@mohar/contracts';

/** Rows per page of the Application List. */
export const LIST_PAGE_SIZE = 10;

export type StatusFilter = ApplicationStatus | 'all';
export type ListState = { status: StatusFilter; search: string; page: number };

const isStatus = (value: string | null): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value ?? '');

/** The list's state from the address bar (so back, forward and reload keep it); anything unknown is the default. */
export function listStateOf(params: URLSearchParams): ListState {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    status: isStatus(status) ? status : 'all',
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address bar for a state; defaults are left out so the plain list has the plain URL. */
export function listParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== 'all') params.set('status', state.status);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a state (also the list's query key: equal states share one cache entry). */
export function listQuery(state: ListState): ApplicationListQuery {
  const search = state.search.trim();
  return {
    ...(state.status === 'all' ? {} : { status: state.status }),
    ...(search ? { search } : {}),
    page: state.page,
    pageSize: LIST_PAGE_SIZE,
  };
}

export const hasFilters = (state: ListState) => state.status !== 'all' || state.search.trim() !== '';
