import type { NotaryStatus } from '@mohar/contracts';

/** The queue's tabs: pending first (what needs a decision), then each outcome, then everything. */
export const STATUS_TABS = ['pending', 'verified', 'rejected', 'suspended', 'all'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

export type AdminListState = { tab: StatusTab; search: string; page: number };

/** The list's state from the address bar; anything unknown falls back to the pending queue, page 1. */
export function adminListStateOf(params: URLSearchParams): AdminListState {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    tab: (STATUS_TABS as readonly string[]).includes(status ?? '') ? (status as StatusTab) : 'pending',
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address bar for a list state (the defaults are left out). */
export function adminListParams(state: AdminListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'pending') params.set('status', state.tab);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a list state ("all" sends no status). */
export function adminListQuery(state: AdminListState): string {
  const params = new URLSearchParams();
  if (state.tab !== 'all') params.set('status', state.tab);
  if (state.search.trim()) params.set('search', state.search.trim());
  params.set('page', String(state.page));
  return `?${params.toString()}`;
}

export type DecisionAction = 'approve' | 'reject' | 'suspend' | 'reinstate';

/** What an admin may do from each status (the server's transitions); reject and suspend need a reason. */
export function actionsFor(status: NotaryStatus): DecisionAction[] {
  switch (status) {
    case 'pending':
      return ['approve', 'reject'];
    case 'verified':
      return ['suspend'];
    case 'suspended':
      return ['reinstate'];
    default:
      return [];
  }
}

export const needsReason = (action: DecisionAction) => action === 'reject' || action === 'suspend';
