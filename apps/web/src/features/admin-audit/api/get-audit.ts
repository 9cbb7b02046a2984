import type { auditResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { type AuditListState, auditCsvQuery, auditListParams } from '../lib/audit-list';

const AUDIT_QUERY_KEY = ['admin', 'audit'] as const;

/** GET /admin/audit — every module's audited events, newest first, by the filters, in pages. */
export const getAudit = (state: AuditListState, signal?: AbortSignal) => {
  const params = auditListParams(state);
  params.set('page', String(state.page));
  return api.get<typeof auditResponse>(`/admin/audit?${params.toString()}`, signal);
};

export const auditQueryOptions = (state: AuditListState) =>
  queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, state],
    queryFn: ({ signal }) => getAudit(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAudit = (state: AuditListState) => useQuery(auditQueryOptions(state));

/** GET /admin/audit.csv — the same filters as a download (the session cookie goes with the link). */
export const auditCsvUrl = (state: AuditListState) => `${API_BASE}/admin/audit.csv${auditCsvQuery(state)}`;
