import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type BlogArticleInput,
  type BlogArticleResponse,
  type BlogArticleState,
  type BlogArticleSummary,
  type BlogCategory,
  slugify,
} from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { checkImage } from '../../platform/image-check.ts';
import { loadSharp } from '../../platform/lazy-libraries.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { blogErrors, blogNotFound } from './blog.errors.ts';
import * as repo from './blog.repository.ts';
import type { BlogService } from './blog.service.ts';

export type BlogAdminService = ReturnType<typeof createBlogAdminService>;

/** Who is editing: the admin and where from (for the audit trail). */
export type BlogEditor = { userId: string; adminRoles: readonly string[]; ipAddress: string | null };

/** Wide enough for the article column on a large screen at 2× (decision 0060). */
const IMAGE_MAX_WIDTH = 1600;
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export function stateOf(row: repo.BlogRow, at: Date): BlogArticleState {
  if (!row.isPublished) return 'draft';
  return row.publishedAt && row.publishedAt > at ? 'scheduled' : 'published';
}

/**
 * The blog editor (issue 22): categories and articles. Every write commits with its audit event, then drops the
 * public list's cache (blog.service), so /resources shows it at the next read.
 */
export function createBlogAdminService(deps: {
  db: Database;
  blobStore: BlobStore;
  blogService: BlogService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { db, blogService } = deps;

  const audit = (
    tx: DbOrTx,
    options: {
      editor: BlogEditor;
      action: 'blog.category_changed' | 'blog.article_changed';
      id: string;
      detail: string;
    },
  ) =>
    recordAudit(tx, {
      actor: {
        userId: options.editor.userId,
        role: 'admin',
        adminRoles: options.editor.adminRoles,
        ipAddress: options.editor.ipAddress,
      },
      action: options.action,
      subject: {
        type: options.action === 'blog.category_changed' ? 'blog_category' : 'blog',
        id: options.id,
      },
      detail: options.detail,
    });

  const afterWrite = <T>(value: T) => {
    blogService.invalidatePublished();
    return value;
  };

  async function listCategories(): Promise<{ categories: BlogCategory[] }> {
    const rows = await repo.findCategories(db);
    return {
      categories: rows.map((row) => ({
        _id: row.id,
        name: row.name,
        position: row.position,
        articleCount: Number(row.articleCount),
      })),
    };
  }

  async function ensureNameFree(tx: DbOrTx, name: string, exceptId?: string) {
    const existing = await repo.findCategoryByName(tx, name);
    if (existing && existing.id !== exceptId) throw blogErrors.categoryExists();
  }

  async function createCategory(options: { name: string; editor: BlogEditor }) {
    await db.transaction(async (tx) => {
      await ensureNameFree(tx, options.name);
      const row = await repo.insertCategory(tx, { name: options.name });
      await audit(tx, {
        editor: options.editor,
        action: 'blog.category_changed',
        id: row.id,
        detail: `created “${row.name}”`,
      });
    });
    return listCategories();
  }

  async function renameCategory(options: { id: string; name: string; editor: BlogEditor }) {
    await db.transaction(async (tx) => {
      const category = await repo.findCategoryById(tx, options.id);
      if (!category) throw blogErrors.categoryNotFound();
      await ensureNameFree(tx, options.name, category.id);
      await repo.updateCategory(tx, category.id, { name: options.name });
      // Articles carry the name the public list shows: they follow in the same transaction.
      await repo.renameBlogsCategory(tx, { from: category.name, to: options.name, at: now() });
      await audit(tx, {
        editor: options.editor,
        action: 'blog.category_changed',
        id: category.id,
        detail: `renamed “${category.name}” to “${options.name}”`,
      });
    });
    return afterWrite(await listCategories());
  }

  async function orderCategories(options: { ids: readonly string[]; editor: BlogEditor }) {
    await db.transaction(async (tx) => {
      const known = new Set((await repo.findCategories(tx)).map((row) => row.id));
      if (options.ids.some((id) => !known.has(id))) throw blogErrors.categoryNotFound();
      for (const [position, id] of options.ids.entries()) await repo.updateCategory(tx, id, { position });
      await audit(tx, {
        editor: options.editor,
        action: 'blog.category_changed',
        id: options.ids[0] ?? '',
        detail: 'reordered the categories',
      });
    });
    return afterWrite(await listCategories());
  }

  async function deleteCategory(options: { id: string; editor: BlogEditor }) {
    await db.transaction(async (tx) => {
      const category = await repo.findCategoryById(tx, options.id);
      if (!category) throw blogErrors.categoryNotFound();
      if ((await repo.countBlogsInCategory(tx, category.name)) > 0) throw blogErrors.categoryNotEmpty();
      await repo.deleteCategory(tx, category.id);
      await audit(tx, {
        editor: options.editor,
        action: 'blog.category_changed',
        id: category.id,
        detail: `deleted “${category.name}”`,
      });
    });
    return listCategories();
  }

  const imageUrl = (row: repo.BlogRow) =>
    row.imageKey
      ? `/api/v1/admin/blog/articles/${row.id}/image?v=${(row.imageSha256 ?? '').slice(0, 12)}`
      : null;

  async function listArticles(): Promise<{ articles: BlogArticleSummary[] }> {
    const at = now();
    const rows = await repo.findAllBlogs(db);
    return {
      articles: rows.map((row) => ({
        _id: row.id,
        slug: row.slug,
        title: row.title,
        category: row.category,
        state: stateOf(row, at),
        publishAt: row.isPublished ? (row.publishedAt ?? row.createdAt).toISOString() : null,
        updatedAt: row.updatedAt.toISOString(),
        image: imageUrl(row),
      })),
    };
  }

  async function toArticle(row: repo.BlogRow): Promise<BlogArticleResponse> {
    const category = await repo.findCategoryByName(db, row.category);
    return {
      article: {
        _id: row.id,
        state: stateOf(row, now()),
        input: {
          title: row.title,
          slug: row.slug,
          categoryId: category?.id ?? '',
          content: row.content,
          metaTitle: row.metaTitle,
          metaDescription: row.metaDescription ?? '',
          publish: row.isPublished ? 'publish' : 'draft',
          publishAt: row.isPublished ? (row.publishedAt ?? row.createdAt).toISOString() : null,
        },
        // As readers will see it; the image from the editor's route, which serves drafts too.
        preview: { ...blogService.toBlog(row), image: imageUrl(row) },
      },
    };
  }

  async function getArticle(id: string) {
    const row = await repo.findBlogById(db, id);
    if (!row) throw blogNotFound();
    return toArticle(row);
  }

  /** The slug asked for (taken: refused), or one made from the title (taken: numbered until free). */
  async function slugFor(tx: DbOrTx, options: { input: BlogArticleInput; exceptId?: string }) {
    if (options.input.slug !== '') {
      if (await repo.isSlugTaken(tx, { slug: options.input.slug, exceptId: options.exceptId }))
        throw blogErrors.slugTaken();
      return options.input.slug;
    }
    // A title in Devanagari has no Latin letters to make one of.
    const base = slugify(options.input.title) || `article-${randomBytes(3).toString('hex')}`;
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.isSlugTaken(tx, { slug, exceptId: options.exceptId }))) return slug;
    }
  }

  /** The row's publication columns from the form: a draft has none; "publish" with no time (or a past one) is now. */
  function publicationOf(input: BlogArticleInput, current?: repo.BlogRow) {
    if (input.publish === 'draft') return { isPublished: false, publishedAt: null };
    const at = now();
    if (input.publishAt) return { isPublished: true, publishedAt: new Date(input.publishAt) };
    // Saving an article already on /resources keeps its date.
    if (current && stateOf(current, at) === 'published')
      return { isPublished: true, publishedAt: current.publishedAt ?? current.createdAt };
    return { isPublished: true, publishedAt: at };
  }

  async function columnsOf(tx: DbOrTx, options: { input: BlogArticleInput; current?: repo.BlogRow }) {
    const { input, current } = options;
    const category = await repo.findCategoryById(tx, input.categoryId);
    if (!category) throw blogErrors.categoryNotFound();
    return {
      slug: await slugFor(tx, { input, exceptId: current?.id }),
      title: input.title,
      blogName: input.title,
      category: category.name,
      content: input.content,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription === '' ? null : input.metaDescription,
      ...publicationOf(input, current),
      updatedAt: now(),
    };
  }

  async function createArticle(options: { input: BlogArticleInput; editor: BlogEditor }) {
    const row = await db.transaction(async (tx) => {
      const inserted = await repo.insertBlog(tx, {
        ...(await columnsOf(tx, { input: options.input })),
        createdAt: now(),
      });
      await audit(tx, {
        editor: options.editor,
        action: 'blog.article_changed',
        id: inserted.id,
        detail: `created “${inserted.title}” (${stateOf(inserted, now())})`,
      });
      return inserted;
    });
    return afterWrite(await toArticle(row));
  }

  async function updateArticle(options: { id: string; input: BlogArticleInput; editor: BlogEditor }) {
    const row = await db.transaction(async (tx) => {
      const current = await repo.findBlogById(tx, options.id);
      if (!current) throw blogNotFound();
      const updated = await repo.updateBlog(
        tx,
        current.id,
        await columnsOf(tx, { input: options.input, current }),
      );
      if (!updated) throw blogNotFound();
      await audit(tx, {
        editor: options.editor,
        action: 'blog.article_changed',
        id: updated.id,
        detail: `saved “${updated.title}” (${stateOf(updated, now())})`,
      });
      return updated;
    });
    return afterWrite(await toArticle(row));
  }

  async function deleteArticle(options: { id: string; editor: BlogEditor }) {
    const row = await db.transaction(async (tx) => {
      const deleted = await repo.deleteBlog(tx, options.id);
      if (!deleted) throw blogNotFound();
      await audit(tx, {
        editor: options.editor,
        action: 'blog.article_changed',
        id: deleted.id,
        detail: `deleted “${deleted.title}”`,
      });
      return deleted;
    });
    if (row.imageKey) await deps.blobStore.delete(row.imageKey).catch(() => undefined);
    return afterWrite(await listArticles());
  }

  /**
   * The article's picture: a JPEG or PNG by its bytes (platform/image-check.ts refuses anything else, or a file
   * riding behind the image), then re-encoded by sharp — no metadata, at most IMAGE_MAX_WIDTH wide, WebP — and
   * stored in the (encrypted) blob store.
   */
  async function setImage(options: { id: string; bytes: Buffer; editor: BlogEditor }) {
    if (!(await repo.findBlogById(db, options.id))) throw blogNotFound();
    if (options.bytes.length > IMAGE_MAX_BYTES)
      throw blogErrors.imageInvalid('The image is larger than 10 MB. Upload a smaller one.');
    const checked = await checkImage({ bytes: options.bytes, allowed: ['image/jpeg', 'image/png'] });
    if (!checked.ok) throw blogErrors.imageInvalid('Upload a JPEG or PNG image.');
    const sharp = await loadSharp();
    const webp = await sharp(checked.bytes)
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const { key } = await deps.blobStore.put({ body: webp, prefix: 'blog-images' });
    const sha256 = createHash('sha256').update(webp).digest('hex');
    const { row, previousKey } = await db
      .transaction(async (tx) => {
        const current = await repo.findBlogById(tx, options.id);
        if (!current) throw blogNotFound();
        const updated = await repo.updateBlog(tx, current.id, {
          imageKey: key,
          imageContentType: 'image/webp',
          imageSha256: sha256,
          updatedAt: now(),
        });
        if (!updated) throw blogNotFound();
        await audit(tx, {
          editor: options.editor,
          action: 'blog.article_changed',
          id: current.id,
          detail: `new image for “${current.title}”`,
        });
        return { row: updated, previousKey: current.imageKey };
      })
      .catch(async (error: unknown) => {
        await deps.blobStore.delete(key).catch(() => undefined);
        throw error;
      });
    if (previousKey) await deps.blobStore.delete(previousKey).catch(() => undefined);
    return afterWrite(await toArticle(row));
  }

  /** The image of any article, draft or not, for the editor's preview. */
  async function readImage(id: string): Promise<{ body: Readable; contentType: string; etag: string }> {
    const row = await repo.findBlogById(db, id);
    if (!row?.imageKey || !row.imageContentType) throw blogNotFound();
    return {
      body: await deps.blobStore.get(row.imageKey),
      contentType: row.imageContentType,
      etag: `"${row.imageSha256 ?? row.imageKey}"`,
    };
  }

  return {
    listCategories,
    createCategory,
    renameCategory,
    orderCategories,
    deleteCategory,
    listArticles,
    getArticle,
    createArticle,
    updateArticle,
    deleteArticle,
    setImage,
    readImage,
  };
}
