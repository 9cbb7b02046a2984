import { SUPPORT_TICKET_STATUSES } from '@mohar/contracts';

/** The inbox's status tabs: the tickets still to handle (the default), each status, or every ticket. */
export const TICKET_VIEWS = ['active', ...SUPPORT_TICKET_STATUSES, 'all'] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];
export const ASSIGNEE_FILTERS = ['any', 'me', 'none'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

export type TicketListState = { view: TicketView; assignee: AssigneeFilter; search: string; page: number };

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The inbox's state from the address bar; anything unknown falls back to the active tickets, page 1. */
export function ticketListStateOf(params: URLSearchParams): TicketListState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    view: oneOf(TICKET_VIEWS, params.get('status'), 'active'),
    assignee: oneOf(ASSIGNEE_FILTERS, params.get('assignee'), 'any'),
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address bar for a state (defaults left out), which is also the API's query. */
export function ticketListParams(state: TicketListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'active') params.set('status', state.view);
  if (state.assignee !== 'any') params.set('assignee', state.assignee);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API's query: the same, always with a page. */
export function ticketListQuery(state: TicketListState): string {
  const params = ticketListParams(state);
  params.set('page', String(state.page));
  return `?${params.toString()}`;
}

export const isFiltered = (state: TicketListState) =>
  state.view !== 'active' || state.assignee !== 'any' || Boolean(state.search.trim());

/** "2 h 05 min" of service hours: how long a ticket waited (or has waited) for its first reply. */
export function serviceTimeParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
