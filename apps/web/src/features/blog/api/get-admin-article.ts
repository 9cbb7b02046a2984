import type { blogArticleResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_ARTICLES_QUERY_KEY } from './get-admin-articles';

export const adminArticleQueryKey = (id: string) => [...ADMIN_ARTICLES_QUERY_KEY, id] as const;

/** GET /admin/blog/articles/:id — the form's values and the preview as readers will see it. */
export const getAdminArticle = (id: string, signal?: AbortSignal) =>
  api.get<typeof blogArticleResponse>(`/admin/blog/articles/${encodeURIComponent(id)}`, signal);

export const adminArticleQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminArticleQueryKey(id), queryFn: ({ signal }) => getAdminArticle(id, signal) });

export const useAdminArticle = (id: string | undefined) =>
  useQuery({ ...adminArticleQueryOptions(id ?? ''), enabled: Boolean(id) });
