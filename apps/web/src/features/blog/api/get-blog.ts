import type { blogResponse } from '@mohar/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export const getBlog = (idOrSlug: string, signal?: AbortSignal) =>
  api.get<typeof blogResponse>(`/blogs/${encodeURIComponent(idOrSlug)}`, signal);

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const blogQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['blogs', idOrSlug],
    queryFn: ({ signal }) => getBlog(idOrSlug, signal),
    // A missing article stays missing: retrying a 404 only delays the not-found message.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });

/** One article by slug, with its HTML (the list carries none): the spinner shows until it arrives. */
export const useBlog = (slug: string) => useQuery(blogQueryOptions(slug));

/**
 * Starts fetching an article when the visitor shows the intent to open it (pointer over, focus on or touch of its
 * "Read Now"), so the article is usually there by the time the click lands. A copy fetched within the query
 * client's fresh time is not asked for again; a failure here is not shown (the article page fetches on its own).
 */
export function usePrefetchBlog() {
  const queryClient = useQueryClient();
  return (slug: string) => void queryClient.prefetchQuery(blogQueryOptions(slug));
}
