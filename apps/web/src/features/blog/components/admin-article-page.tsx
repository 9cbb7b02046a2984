import {
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  BLOG_ERROR_CODES,
  type BlogArticleResponse,
  type BlogCategory,
  blogArticleInput,
  META_DESCRIPTION_MAX_CHARS,
} from '@mohar/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useAdminArticle } from '../api/get-admin-article';
import { useBlogCategories } from '../api/get-blog-categories';
import { useDeleteArticle, useSaveArticle, useUploadArticleImage } from '../api/save-article';
import { type ArticleFormValues, articleFormValuesOf, articleRequestOf } from '../lib/article-form';
import { ArticleStateBadge } from './admin-blog-page';
import { ArticleView } from './article-page';
import { IstDateTimeField } from './ist-date-time-field';
import { RichTextField } from './rich-text-field';

type Article = BlogArticleResponse['article'];

function ImageField({ article }: { article: Article | undefined }) {
  const { t } = useTranslation('admin-blog');
  const { t: tCommon } = useTranslation();
  const upload = useUploadArticleImage();
  const image = article?.preview.image ?? null;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('editor.fields.image')}
      </Text>
      {image && (
        <Image src={image} alt={t('editor.image.alt')} radius="md" maw={400} data-testid="article-image" />
      )}
      {article ? (
        <Group gap="sm" wrap="wrap">
          <FileButton
            accept="image/jpeg,image/png"
            onChange={(file) =>
              file &&
              upload.mutate(
                { id: article._id, file },
                {
                  onSuccess: () =>
                    void showToast({
                      color: 'green',
                      message: t('editor.image.uploaded'),
                      closeLabel: tCommon('close'),
                    }),
                },
              )
            }
          >
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending} data-testid="upload-image">
                {image ? t('editor.image.replace') : t('editor.image.upload')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('editor.image.hint')}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('editor.image.saveFirst')}
        </Text>
      )}
      {upload.isError && (
        <FormAlert tone="error">{failureMessage(upload.error, t('editor.image.failed'))}</FormAlert>
      )}
    </Stack>
  );
}

function DeleteArticle({ article }: { article: Article }) {
  const { t } = useTranslation('admin-blog');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteArticle();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpen(true)}>
        {t('editor.delete')}
      </Button>
      <ConfirmDialog
        opened={isOpen}
        title={t('editor.deleteTitle', { title: article.input.title })}
        body={t('editor.deleteBody')}
        confirmLabel={t('editor.delete')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={remove.isPending}
        failure={remove.isError ? failureMessage(remove.error, t('editor.deleteFailed')) : undefined}
        onConfirm={() =>
          remove.mutate(article._id, {
            onSuccess: () => {
              void showToast({ color: 'green', message: t('editor.deleted'), closeLabel: tCommon('close') });
              void navigate(paths.admin.blog(), { replace: true });
            },
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ArticleForm(props: { article: Article | undefined; categories: BlogCategory[] }) {
  const { t } = useTranslation('admin-blog');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveArticle();
  const { article } = props;
  const [tab, setTab] = useState<string | null>('write');
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: blogArticleInput,
    initialValues: articleFormValuesOf(article, { defaultCategoryId: props.categories[0]?._id ?? '' }),
    toRequest: articleRequestOf,
    check: (values: ArticleFormValues): { publishAt?: string } =>
      values.publication === 'schedule' && articleRequestOf(values).publishAt === null
        ? { publishAt: t('editor.scheduleNeeded') }
        : {},
  });
  const { values } = form;

  const onSave = onSubmit((request) =>
    save.mutate(
      { id: article?._id, input: request },
      {
        onSuccess: (answer) => {
          void showToast({ color: 'green', message: t('editor.saved'), closeLabel: tCommon('close') });
          form.setValues(articleFormValuesOf(answer.article, { defaultCategoryId: '' }));
          form.resetDirty();
          if (!article) void navigate(paths.admin.blogArticle(answer.article._id), { replace: true });
        },
        onError: (error) =>
          showFailure(error, {
            fallback: t('editor.failed'),
            codeFields: {
              [BLOG_ERROR_CODES.slugTaken]: 'slug',
              [BLOG_ERROR_CODES.categoryNotFound]: 'categoryId',
            },
          }),
      },
    ),
  );

  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List>
        <Tabs.Tab value="write">{t('editor.tabs.write')}</Tabs.Tab>
        <Tabs.Tab value="preview" data-testid="preview-tab">
          {t('editor.tabs.preview')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="md">
        <form ref={containerRef} onSubmit={onSave} noValidate data-testid="article-form">
          <Stack gap="md" maw={900}>
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput
              label={t('editor.fields.title')}
              required
              maxLength={200}
              {...form.getInputProps('title')}
            />
            <TextInput
              label={t('editor.fields.slug')}
              description={t('editor.fields.slugHint')}
              maxLength={120}
              {...form.getInputProps('slug')}
            />
            <Select
              label={t('editor.fields.category')}
              required
              allowDeselect={false}
              data={props.categories.map((c) => ({ value: c._id, label: c.name }))}
              {...form.getInputProps('categoryId')}
            />
            <RichTextField
              label={t('editor.fields.content')}
              value={values.content}
              error={form.errors.content as string | undefined}
              onChange={(html) => form.setFieldValue('content', html)}
            />
            <ImageField article={article} />
            <TextInput
              label={t('editor.fields.metaTitle')}
              description={t('editor.fields.metaTitleHint')}
              maxLength={200}
              {...form.getInputProps('metaTitle')}
            />
            <Textarea
              label={t('editor.fields.metaDescription')}
              description={t('editor.fields.metaDescriptionHint', { count: values.metaDescription.length })}
              autosize
              minRows={2}
              maxLength={META_DESCRIPTION_MAX_CHARS}
              {...form.getInputProps('metaDescription')}
            />
            <Stack gap={4}>
              <Text fw={500} size="sm" id="publication-label">
                {t('editor.fields.publication')}
              </Text>
              <SegmentedControl
                aria-labelledby="publication-label"
                data={(['draft', 'now', 'schedule'] as const).map((value) => ({
                  value,
                  label: t(`editor.publication.${value}`),
                }))}
                {...form.getInputProps('publication')}
                data-testid="publication"
              />
            </Stack>
            {values.publication === 'schedule' && (
              <IstDateTimeField
                label={t('editor.fields.publishAt')}
                value={values.publishAt}
                error={form.errors.publishAt as string | undefined}
                onChange={(value) => form.setFieldValue('publishAt', value)}
              />
            )}
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <Button type="submit" loading={save.isPending} data-testid="save-article">
                  {t('editor.save')}
                </Button>
                {article?.state === 'published' && (
                  <Anchor component={Link} to={paths.resources.article(article.input.slug)} target="_blank">
                    {t('editor.open')}
                  </Anchor>
                )}
              </Group>
              {article && <DeleteArticle article={article} />}
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="md">
        {article ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('editor.previewHint')}
            </Text>
            <Paper withBorder radius="md" px="md" data-testid="article-preview">
              <ArticleView blog={article.preview} />
            </Paper>
          </Stack>
        ) : (
          <Text c="dimmed">{t('editor.previewUnsaved')}</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

/** /admin/blog/new and /admin/blog/:id — write an article, add its image, publish or schedule it, preview it. */
export function AdminArticlePage() {
  const { t } = useTranslation('admin-blog');
  const { id } = useParams();
  const article = useAdminArticle(id);
  const categories = useBlogCategories();
  const isNotFound = hasErrorCode(article.error, 'blog.not_found');
  const title = id ? t('editor.editTitle') : t('editor.newTitle');

  let body: ReactNode;
  if ((id && article.isPending) || categories.isPending) body = <LoadingStatus label={t('loading')} />;
  else if (isNotFound) body = <Text>{t('editor.notFound')}</Text>;
  else if (article.isError || categories.isError)
    body = (
      <LoadFailure
        title={t('failed')}
        message={failureMessage(article.error ?? categories.error, t('failed'))}
        retryLabel={t('retry')}
        onRetry={() => {
          void article.refetch();
          void categories.refetch();
        }}
      />
    );
  else if (categories.data.categories.length === 0) body = <Text>{t('categories.empty')}</Text>;
  else
    body = (
      <ArticleForm
        key={id ?? 'new'}
        article={article.data?.article}
        categories={categories.data.categories}
      />
    );

  return (
    <Stack gap="lg" data-testid="admin-article-page">
      <Anchor component={Link} to={paths.admin.blog()} size="sm">
        {t('editor.back')}
      </Anchor>
      <Group gap="sm" align="center">
        <PageHeading title={title} />
        {article.data && <ArticleStateBadge state={article.data.article.state} />}
      </Group>
      {body}
    </Stack>
  );
}
