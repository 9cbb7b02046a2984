import type { Blog, blogResponse } from '@mohar/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { blogsQueryOptions } from './get-blogs';

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

/**
 * One article by slug. When the list is already cached (the visitor came from /resources), its copy shows at once
 * while the article itself is fetched, so "Read Now" feels instant; a direct visit shows the spinner instead.
 */
export function useBlog(slug: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...blogQueryOptions(slug),
    placeholderData: () => {
      const cached: Blog | undefined = queryClient
        .getQueryData(blogsQueryOptions().queryKey)
        ?.data.find((blog) => blog.slug === slug);
      return cached ? { data: cached } : undefined;
    },
  });
}
