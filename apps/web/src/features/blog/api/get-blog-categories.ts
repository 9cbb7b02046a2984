import type { BlogCategoriesResponse, blogCategoriesResponse } from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const BLOG_CATEGORIES_QUERY_KEY = ['admin', 'blog', 'categories'] as const;
/** The public list (get-blogs.ts): categories' names and order show there. */
const PUBLIC_BLOGS_KEY = ['blogs'] as const;

/** GET /admin/blog/categories — every category in its order, with its article count. */
export const getBlogCategories = (signal?: AbortSignal) =>
  api.get<typeof blogCategoriesResponse>('/admin/blog/categories', signal);

export const blogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: BLOG_CATEGORIES_QUERY_KEY, queryFn: ({ signal }) => getBlogCategories(signal) });

export const useBlogCategories = () => useQuery(blogCategoriesQueryOptions());

export type CategoryChange =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'order'; ids: string[] }
  | { kind: 'delete'; id: string };

/** POST, PATCH, PUT …/order and DELETE on /admin/blog/categories: each answers the whole list. */
export const changeBlogCategories = (change: CategoryChange) => {
  type Answer = typeof blogCategoriesResponse;
  switch (change.kind) {
    case 'create':
      return api.post<Answer>('/admin/blog/categories', { name: change.name });
    case 'rename':
      return api.patch<Answer>(`/admin/blog/categories/${encodeURIComponent(change.id)}`, {
        name: change.name,
      });
    case 'order':
      return api.put<Answer>('/admin/blog/categories/order', { ids: change.ids });
    case 'delete':
      return api.delete<Answer>(`/admin/blog/categories/${encodeURIComponent(change.id)}`);
  }
};

export function useChangeBlogCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBlogCategories,
    onSuccess: (answer: BlogCategoriesResponse) => {
      queryClient.setQueryData(BLOG_CATEGORIES_QUERY_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_BLOGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'blog', 'articles'] });
    },
  });
}
