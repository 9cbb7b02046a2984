import { API_BASE } from '@/lib/api-client';

export type RegisterFilters = { from?: string; to?: string };

/** The query string of a register request or export: only the filters that are set. */
export function registerQueryString(options: RegisterFilters & { page?: number }): string {
  const params = new URLSearchParams();
  if (options.from) params.set('from', options.from);
  if (options.to) params.set('to', options.to);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A plain same-origin link (the session cookie goes with it) to the register as CSV or PDF, with the filters. */
export const registerExportUrl = (options: { format: 'csv' | 'pdf'; filters: RegisterFilters }) =>
  `${API_BASE}/notary/register/export.${options.format}${registerQueryString(options.filters)}`;

export { notarialActKey } from '@/lib/notarial-act';

/** A date range where the end comes before the start finds nothing: said before asking. */
export const isRangeReversed = (filters: RegisterFilters) =>
  Boolean(filters.from && filters.to && filters.to < filters.from);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters and page from the address bar, ignoring anything malformed (a hand-edited URL must not break the page). */
export function registerStateOf(params: URLSearchParams): RegisterFilters & { page: number } {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    ...(ISO_DATE.test(from) ? { from } : {}),
    ...(ISO_DATE.test(to) ? { to } : {}),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}
