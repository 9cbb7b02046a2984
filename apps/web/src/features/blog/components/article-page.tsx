import { Box, Button, Container, Stack, Text, Title, Typography } from '@mantine/core';
import type { Blog } from '@mohar/contracts';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type NavigateFunction, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { formatArticleDate } from '@/lib/format';
import { reportError } from '@/lib/log';
import { isNotFound, useBlog } from '../api/get-blog';
import { categoryListUrl, dropServedArticleHead, metaDescriptionOf, metaTitleOf } from '../lib/meta';
import classes from './blog.module.css';
import { BlogImage } from './blog-image';

function BackToList({ category }: { category?: string }) {
  const { t } = useTranslation('blog');
  const to = category ? categoryListUrl(paths.resources.list(), category) : paths.resources.list();
  return (
    <Button component={Link} to={to} variant="default" style={{ alignSelf: 'flex-start' }}>
      {t('backToList')}
    </Button>
  );
}

function ArticleMessage(props: { title: string; body: string; onRetry?: () => void }) {
  const { t } = useTranslation('blog');
  return (
    <Stack gap="md" className={classes.article} py={{ base: 'xl', md: 64 }}>
      <title>{`${props.title} · Mohar`}</title>
      <Title order={1}>{props.title}</Title>
      <Text size="lg" className={classes.muted}>
        {props.body}
      </Text>
      {props.onRetry && (
        <Button onClick={props.onRetry} style={{ alignSelf: 'flex-start' }}>
          {t('retry')}
        </Button>
      )}
      <BackToList />
    </Stack>
  );
}

/**
 * Article HTML links to our own pages with plain <a href>. Following them through the router keeps the app loaded
 * (no full reload); other sites, new-tab clicks and downloads behave as the browser normally does.
 */
function followInternalLink(event: MouseEvent<HTMLDivElement>, navigate: NavigateFunction) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  const anchor = (event.target as Element).closest('a');
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(`${url.pathname}${url.search}${url.hash}`);
}

/** An article as readers see it: the page's body, and the editor's preview (admin-article-page.tsx). */
export function ArticleView({ blog }: { blog: Blog }) {
  const { t } = useTranslation('blog');
  const navigate = useNavigate();
  return (
    <Stack
      component="article"
      gap="lg"
      className={classes.article}
      py={{ base: 'xl', md: 48 }}
      data-testid="blog-article"
    >
      <title>{metaTitleOf(blog)}</title>
      <meta name="description" content={metaDescriptionOf(blog)} />
      <BackToList category={blog.category} />
      <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <BlogImage src={blog.image} alt={blog.blogName} placeholder={t('renderingImage')} eager />
      </Box>
      <Stack gap={4}>
        <Text size="sm" className={classes.muted} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <time dateTime={blog.createdAt}>{formatArticleDate(blog.createdAt)}</time>
          {' · '}
          {blog.category}
        </Text>
        <Title order={1}>{blog.blogName}</Title>
      </Stack>
      <Typography className={classes.content} onClick={(event) => followInternalLink(event, navigate)}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises article HTML with an allow-list when it is saved and again when it is served (blog contract: "content (sanitised HTML)"), and the response is schema-checked; only published, admin-authored articles reach this view. */}
        <div dangerouslySetInnerHTML={{ __html: blog.content }} />
      </Typography>
      <BackToList category={blog.category} />
    </Stack>
  );
}

/**
 * /resources/:slug — opens directly from its URL; from the list after a brief spinner (spec: "Read Now opens the
 * article after a brief spinner"), often none, as its card's "Read Now" fetched it when pointed at or focused.
 */
export function ArticlePage() {
  const { t } = useTranslation('blog');
  const { slug = '' } = useParams();
  const blogQuery = useBlog(slug);
  const notFound = isNotFound(blogQuery.error);
  // The app's own title and description take over from the ones the server wrote for crawlers.
  useEffect(() => dropServedArticleHead(document.head), []);

  useEffect(() => {
    if (blogQuery.error && !notFound) reportError(`Could not load the article "${slug}"`, blogQuery.error);
  }, [blogQuery.error, notFound, slug]);

  let body: ReactNode;
  if (blogQuery.data) body = <ArticleView blog={blogQuery.data.data} />;
  else if (blogQuery.isPending || blogQuery.isFetching) body = <PageLoader />;
  else if (notFound) body = <ArticleMessage title={t('notFoundTitle')} body={t('notFoundBody')} />;
  else
    body = (
      <ArticleMessage
        title={t('loadFailedTitle')}
        body={t('loadFailedBody')}
        onRetry={() => void blogQuery.refetch()}
      />
    );

  return <Container size="lg">{body}</Container>;
}
