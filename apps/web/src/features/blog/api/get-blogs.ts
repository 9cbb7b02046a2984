import type { blogListResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Published articles only: the API never returns drafts. */
export const getBlogs = (signal?: AbortSignal) => api.get<typeof blogListResponse>('/blogs', signal);

export const blogsQueryOptions = () =>
  queryOptions({ queryKey: ['blogs'], queryFn: ({ signal }) => getBlogs(signal) });

export const useBlogs = () => useQuery(blogsQueryOptions());
