import {
  blogArticleInput,
  blogArticleResponse,
  blogArticlesResponse,
  blogCategoriesResponse,
  blogCategoryInput,
  blogCategoryOrderInput,
  errorResponse,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { blogErrors } from './blog.errors.ts';
import type { BlogAdminService, BlogEditor } from './blog-admin.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

const editorOf = (request: FastifyRequest): BlogEditor => {
  const { user } = authOf(request);
  return { userId: user.id, adminRoles: user.adminRoles, ipAddress: request.ip };
};

/** The blog editor (issue 22), for `content` (and `owner`): categories, articles, their images. */
export function adminBlogRoutes(deps: {
  guard: AuthGuard;
  blogAdmin: BlogAdminService;
}): FastifyPluginAsyncZod {
  const { guard, blogAdmin } = deps;
  return async (app) => {
    const content = guard.requireAdmin('blog');
    const tags = ['admin'];

    app.get(
      '/admin/blog/categories',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Resources categories, in their order, with how many articles each holds',
          response: { 200: blogCategoriesResponse, ...errors },
        },
      },
      async () => blogAdmin.listCategories(),
    );

    app.post(
      '/admin/blog/categories',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Add a category (last in the order)',
          body: blogCategoryInput,
          response: { 201: blogCategoriesResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await blogAdmin.createCategory({ name: request.body.name, editor: editorOf(request) });
        return reply.status(201).send(answer);
      },
    );

    app.put(
      '/admin/blog/categories/order',
      {
        preHandler: content,
        schema: {
          tags,
          summary: "Put the categories in this order (every category's id)",
          body: blogCategoryOrderInput,
          response: { 200: blogCategoriesResponse, ...errors },
        },
      },
      async (request) => blogAdmin.orderCategories({ ids: request.body.ids, editor: editorOf(request) }),
    );

    app.patch(
      '/admin/blog/categories/:id',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Rename a category (its articles follow)',
          params: recordIdParams,
          body: blogCategoryInput,
          response: { 200: blogCategoriesResponse, ...errors },
        },
      },
      async (request) =>
        blogAdmin.renameCategory({
          id: request.params.id,
          name: request.body.name,
          editor: editorOf(request),
        }),
    );

    app.delete(
      '/admin/blog/categories/:id',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Delete a category that holds no article',
          params: recordIdParams,
          response: { 200: blogCategoriesResponse, ...errors },
        },
      },
      async (request) => blogAdmin.deleteCategory({ id: request.params.id, editor: editorOf(request) }),
    );

    app.get(
      '/admin/blog/articles',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Every article, drafts and scheduled ones too, last edited first',
          response: { 200: blogArticlesResponse, ...errors },
        },
      },
      async () => blogAdmin.listArticles(),
    );

    app.post(
      '/admin/blog/articles',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Write an article (a draft, published now, or scheduled)',
          body: blogArticleInput,
          response: { 201: blogArticleResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await blogAdmin.createArticle({ input: request.body, editor: editorOf(request) });
        return reply.status(201).send(answer);
      },
    );

    app.get(
      '/admin/blog/articles/:id',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'One article for the editor, with its preview as readers will see it',
          params: recordIdParams,
          response: { 200: blogArticleResponse, ...errors },
        },
      },
      async (request) => blogAdmin.getArticle(request.params.id),
    );

    app.put(
      '/admin/blog/articles/:id',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Save an article',
          params: recordIdParams,
          body: blogArticleInput,
          response: { 200: blogArticleResponse, ...errors },
        },
      },
      async (request) =>
        blogAdmin.updateArticle({ id: request.params.id, input: request.body, editor: editorOf(request) }),
    );

    app.delete(
      '/admin/blog/articles/:id',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Delete an article and its image; answers the articles left',
          params: recordIdParams,
          response: { 200: blogArticlesResponse, ...errors },
        },
      },
      async (request) => blogAdmin.deleteArticle({ id: request.params.id, editor: editorOf(request) }),
    );

    app.put(
      '/admin/blog/articles/:id/image',
      {
        preHandler: content,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }) },
        schema: {
          tags,
          summary: 'Set the article\'s image: JPEG or PNG (multipart field "file"), stored re-encoded',
          consumes: ['multipart/form-data'],
          params: recordIdParams,
          response: { 200: blogArticleResponse, 413: errorResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => {
        const file = await request.file({ limits: { files: 1 } }).catch(() => undefined);
        if (!file) throw blogErrors.imageInvalid('Choose an image to upload.');
        const bytes = await file.toBuffer().catch(() => {
          throw blogErrors.imageInvalid('The image is larger than 10 MB. Upload a smaller one.');
        });
        return blogAdmin.setImage({ id: request.params.id, bytes, editor: editorOf(request) });
      },
    );

    app.get(
      '/admin/blog/articles/:id/image',
      {
        preHandler: content,
        schema: {
          tags,
          summary: "An article's image, whatever its state (the editor's preview)",
          params: recordIdParams,
        },
      },
      async (request, reply) => {
        const image = await blogAdmin.readImage(request.params.id);
        return reply
          .header('cache-control', 'private, no-cache')
          .header('etag', image.etag)
          .header('x-content-type-options', 'nosniff')
          .type(image.contentType)
          .send(image.body);
      },
    );
  };
}
