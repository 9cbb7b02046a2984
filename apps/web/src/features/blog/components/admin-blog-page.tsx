import { Anchor, Badge, Button, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import type { BlogArticleState, BlogArticleSummary } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useAdminArticles } from '../api/get-admin-articles';
import { CategoryManager } from './category-manager';

const STATE_COLORS: Record<BlogArticleState, string> = {
  draft: 'gray',
  scheduled: 'yellow',
  published: 'green',
};

export function ArticleStateBadge({ state }: { state: BlogArticleState }) {
  const { t } = useTranslation('admin-blog');
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-testid="article-state">
      {t(`states.${state}`)}
    </Badge>
  );
}

function ArticleTable({ articles }: { articles: BlogArticleSummary[] }) {
  const { t } = useTranslation('admin-blog');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="admin-articles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('articles.columns.title')}</Table.Th>
            <Table.Th>{t('articles.columns.category')}</Table.Th>
            <Table.Th>{t('articles.columns.state')}</Table.Th>
            <Table.Th>{t('articles.columns.when')}</Table.Th>
            <Table.Th>{t('articles.columns.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {articles.map((article) => (
            <Table.Tr key={article._id}>
              <Table.Td>
                <Anchor component={Link} to={paths.admin.blogArticle(article._id)} fw={600}>
                  {article.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {paths.resources.article(article.slug)}
                </Text>
              </Table.Td>
              <Table.Td>{article.category}</Table.Td>
              <Table.Td>
                <ArticleStateBadge state={article.state} />
              </Table.Td>
              <Table.Td>{article.publishAt ? formatDateTime(article.publishAt) : '—'}</Table.Td>
              <Table.Td>{formatDateTime(article.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Articles() {
  const { t } = useTranslation('admin-blog');
  const articles = useAdminArticles();
  if (articles.isPending) return <LoadingStatus label={t('loading')} />;
  if (articles.isError)
    return (
      <LoadFailure
        title={t('failed')}
        message={failureMessage(articles.error, t('failed'))}
        retryLabel={t('retry')}
        onRetry={() => void articles.refetch()}
      />
    );
  if (articles.data.articles.length === 0)
    return (
      <Stack gap={4} py="md" data-testid="admin-articles-empty">
        <Text fw={600}>{t('articles.empty')}</Text>
        <Text c="dimmed">{t('articles.emptyHint')}</Text>
      </Stack>
    );
  return <ArticleTable articles={articles.data.articles} />;
}

/** /admin/blog — the articles (drafts, scheduled, published) and the categories, for `content` admins. */
export function AdminBlogPage() {
  const { t } = useTranslation('admin-blog');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'categories' ? 'categories' : 'articles';
  return (
    <Stack gap="lg" data-testid="admin-blog-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeading title={t('title')} intro={t('intro')} />
        <Button component={Link} to={paths.admin.blogArticleNew()} data-testid="new-article">
          {t('articles.new')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === 'categories' ? { tab: 'categories' } : {}, { replace: true })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="articles">{t('tabs.articles')}</Tabs.Tab>
          <Tabs.Tab value="categories" data-testid="categories-tab">
            {t('tabs.categories')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="articles" pt="md">
          <Articles />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CategoryManager />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
