import { AUDIT_ACTIONS, type AuditAction } from '@mohar/contracts';

/** The audit view's state, all of it in the address bar (a reload or a shared link shows the same events). */
export type AuditListState = {
  search: string;
  action: AuditAction | '';
  actor: string;
  from: string;
  to: string;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | null) => (value && DAY.test(value) ? value : '');

/** The state from the address bar; anything unknown is left out. */
export function auditListStateOf(params: URLSearchParams): AuditListState {
  const action = params.get('action') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : '',
    actor: (params.get('actor') ?? '').slice(0, 254),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The filters as query parameters (empty ones and page 1 left out): the address bar's, the API's and the CSV's. */
export function auditListParams(state: AuditListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.action) params.set('action', state.action);
  if (state.actor.trim()) params.set('actor', state.actor.trim());
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The CSV export's query: the same filters, no page. */
export function auditCsvQuery(state: AuditListState): string {
  const params = auditListParams({ ...state, page: 1 });
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether any filter narrows the list (the empty state says so). */
export const isFiltered = (state: AuditListState) =>
  Boolean(state.search.trim() || state.action || state.actor.trim() || state.from || state.to);
