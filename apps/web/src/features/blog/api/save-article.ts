import type {
  BlogArticleInput,
  BlogArticleResponse,
  blogArticleResponse,
  blogArticlesResponse,
} from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminArticleQueryKey } from './get-admin-article';
import { ADMIN_ARTICLES_QUERY_KEY } from './get-admin-articles';
import { BLOG_CATEGORIES_QUERY_KEY } from './get-blog-categories';

/** POST /admin/blog/articles (no id yet) or PUT /admin/blog/articles/:id. */
export const saveArticle = (options: { id?: string; input: BlogArticleInput }) =>
  options.id
    ? api.put<typeof blogArticleResponse>(
        `/admin/blog/articles/${encodeURIComponent(options.id)}`,
        options.input,
      )
    : api.post<typeof blogArticleResponse>('/admin/blog/articles', options.input);

/** PUT /admin/blog/articles/:id/image — a JPEG or PNG; the server stores it re-encoded. */
export const uploadArticleImage = (options: { id: string; file: File }) => {
  const form = new FormData();
  form.append('file', options.file);
  return api.upload<typeof blogArticleResponse>(
    `/admin/blog/articles/${encodeURIComponent(options.id)}/image`,
    form,
  );
};

export const deleteArticle = (id: string) =>
  api.delete<typeof blogArticlesResponse>(`/admin/blog/articles/${encodeURIComponent(id)}`);

/** What a saved article changes: its own copy, the console's list and counts, and the public list. */
function useArticleWritten() {
  const queryClient = useQueryClient();
  return (answer: BlogArticleResponse | undefined, id?: string) => {
    if (answer) queryClient.setQueryData(adminArticleQueryKey(answer.article._id), answer);
    else if (id) queryClient.removeQueries({ queryKey: adminArticleQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: ADMIN_ARTICLES_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: BLOG_CATEGORIES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['blogs'] });
  };
}

export function useSaveArticle() {
  const written = useArticleWritten();
  return useMutation({ mutationFn: saveArticle, onSuccess: (answer) => written(answer) });
}

export function useUploadArticleImage() {
  const written = useArticleWritten();
  return useMutation({ mutationFn: uploadArticleImage, onSuccess: (answer) => written(answer) });
}

export function useDeleteArticle() {
  const written = useArticleWritten();
  return useMutation({ mutationFn: deleteArticle, onSuccess: (_answer, id) => written(undefined, id) });
}
