import { Box, Button, Container, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { reportError } from '@/lib/log';
import { useBlogs } from '../api/get-blogs';
import { groupByCategory } from '../lib/group-by-category';
import classes from './blog.module.css';
import { BlogCard } from './blog-card';
import { CategoryList } from './category-list';

const CATEGORY_PARAM = 'category';

/** /resources (spec §2): categories on the left, the selected category's articles as cards on the right. */
export function ResourcesPage() {
  const { t } = useTranslation('blog');
  const blogsQuery = useBlogs();
  const [searchParams, setSearchParams] = useSearchParams();
  const categoriesHeadingId = useId();

  // Spec §8: a failed fetch is logged only; the visitor sees the empty state.
  useEffect(() => {
    if (blogsQuery.error) reportError('Could not load the blog list', blogsQuery.error);
  }, [blogsQuery.error]);

  const categories = useMemo(() => groupByCategory(blogsQuery.data?.data ?? []), [blogsQuery.data]);
  // The URL keeps the choice so a link can be shared; without one, the first category is selected (spec §2).
  const selectedName = searchParams.get(CATEGORY_PARAM) ?? categories[0]?.name ?? null;
  const selected = categories.find((category) => category.name === selectedName);

  const onSelect = (name: string) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(CATEGORY_PARAM, name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Container size="lg" py={{ base: 'xl', md: 64 }}>
      <title>{`${t('pageTitle')} · Mohar`}</title>
      <meta name="description" content={t('metaDescription')} />
      <Title order={1} mb="xl">
        {t('heading')}
      </Title>

      {blogsQuery.isPending ? (
        // As tall as the screen: the footer stays below it until the articles arrive, so it never jumps.
        <Box mih="100dvh">
          <PageLoader />
        </Box>
      ) : categories.length === 0 ? (
        <Stack align="flex-start" gap="md" data-testid="blog-categories">
          <Text size="lg" fw={600}>
            {t('noCategories')}
          </Text>
          <Text className={classes.muted}>{t('noCategoriesHint')}</Text>
          <Button component={Link} to={paths.contact()} variant="default">
            {t('contactSupport')}
          </Button>
        </Stack>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <Box data-testid="blog-categories">
              <Title order={2} size="h4" mb="sm" id={categoriesHeadingId}>
                {t('categories')}
              </Title>
              <CategoryList
                categories={categories}
                selected={selected?.name ?? null}
                onSelect={onSelect}
                labelledBy={categoriesHeadingId}
              />
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
            <Box component="section">
              {selected ? (
                <>
                  <Title order={2} size="h3" mb="md">
                    {t('articlesIn', { category: selected.name })}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                    {selected.blogs.map((blog, index) => (
                      <BlogCard key={blog._id} blog={blog} eager={index === 0} />
                    ))}
                  </SimpleGrid>
                </>
              ) : (
                <Stack gap="xs">
                  <Text size="lg" fw={600}>
                    {t('noBlogs')}
                  </Text>
                  <Text className={classes.muted}>{t('noBlogsHint')}</Text>
                </Stack>
              )}
            </Box>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
