import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { BlogListItem } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCardDate } from '@/lib/format';
import { usePrefetchBlog } from '../api/get-blog';
import classes from './blog.module.css';
import { BlogImage } from './blog-image';

/** `eager`: the first card, the page's largest paint on a phone: its image is fetched at once, not when laid out. */
export function BlogCard({ blog, eager = false }: { blog: BlogListItem; eager?: boolean }) {
  const { t } = useTranslation('blog');
  const prefetchBlog = usePrefetchBlog();
  const prefetch = () => prefetchBlog(blog.slug);
  return (
    <Card withBorder padding="lg" radius="md" component="article" data-testid="blog-card">
      <Card.Section>
        <BlogImage src={blog.image} alt={blog.blogName} placeholder={t('addImage')} eager={eager} />
      </Card.Section>
      <Stack gap="xs" mt="md" flex={1}>
        <Text size="sm" className={classes.muted} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <time dateTime={blog.createdAt}>{formatCardDate(blog.createdAt)}</time>
        </Text>
        <Title order={3} size="h4" lh={1.3}>
          {blog.blogName}
        </Title>
      </Stack>
      <Button
        component={Link}
        to={paths.resources.article(blog.slug)}
        mt="md"
        variant="filled"
        aria-label={t('readNowLabel', { name: blog.blogName })}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('readNow')}
      </Button>
    </Card>
  );
}
