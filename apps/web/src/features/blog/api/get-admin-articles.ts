import type { blogArticlesResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ADMIN_ARTICLES_QUERY_KEY = ['admin', 'blog', 'articles'] as const;

/** GET /admin/blog/articles — every article, drafts and scheduled ones too. */
export const getAdminArticles = (signal?: AbortSignal) =>
  api.get<typeof blogArticlesResponse>('/admin/blog/articles', signal);

export const adminArticlesQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_ARTICLES_QUERY_KEY, queryFn: ({ signal }) => getAdminArticles(signal) });

export const useAdminArticles = () => useQuery(adminArticlesQueryOptions());
