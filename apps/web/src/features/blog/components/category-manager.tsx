import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { BlogCategory } from '@mohar/contracts';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { failureMessage } from '@/lib/api-errors';
import { useBlogCategories, useChangeBlogCategories } from '../api/get-blog-categories';

/** The order with one category moved a place up (-1) or down (+1). */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  const other = index + by;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other] as string, next[index] as string];
  return next;
}

function RenameDialog(props: { category: BlogCategory | null; onClose: () => void }) {
  const { t } = useTranslation('admin-blog');
  const change = useChangeBlogCategories();
  const [name, setName] = useState(props.category?.name ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.category) return;
    change.mutate({ kind: 'rename', id: props.category._id, name }, { onSuccess: props.onClose });
  };
  return (
    <Modal
      opened={props.category !== null}
      onClose={props.onClose}
      title={t('categories.renameTitle', { name: props.category?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <TextInput
            label={t('categories.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            required
            data-autofocus
          />
          {change.isError && (
            <FormAlert tone="error">{failureMessage(change.error, t('categories.failed'))}</FormAlert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('categories.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CategoryRows({ categories }: { categories: BlogCategory[] }) {
  const { t } = useTranslation('admin-blog');
  const change = useChangeBlogCategories();
  const [renaming, setRenaming] = useState<BlogCategory | null>(null);
  const [deleting, setDeleting] = useState<BlogCategory | null>(null);
  const ids = categories.map((c) => c._id);
  const reorder = (index: number, by: -1 | 1) => change.mutate({ kind: 'order', ids: moved(ids, index, by) });
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="blog-categories">
      {categories.map((category, index) => (
        <Paper component="li" key={category._id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={0}>
              <Text fw={600}>{category.name}</Text>
              <Text size="sm" c="dimmed">
                {t('categories.count', { count: category.articleCount })}
              </Text>
            </Stack>
            <Group gap="xs">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('categories.moveUp', { name: category.name })}
                disabled={index === 0 || change.isPending}
                onClick={() => reorder(index, -1)}
              >
                <ArrowUp size={16} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('categories.moveDown', { name: category.name })}
                disabled={index === categories.length - 1 || change.isPending}
                onClick={() => reorder(index, 1)}
              >
                <ArrowDown size={16} aria-hidden="true" />
              </ActionIcon>
              <Button variant="default" size="xs" onClick={() => setRenaming(category)}>
                {t('categories.rename')}
              </Button>
              <Button
                variant="light"
                color="red"
                size="xs"
                aria-label={t('categories.deleteLabel', { name: category.name })}
                title={category.articleCount > 0 ? t('categories.notEmpty') : undefined}
                disabled={category.articleCount > 0}
                onClick={() => setDeleting(category)}
              >
                {t('categories.delete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {change.isError && !renaming && !deleting && (
        <FormAlert tone="error">{failureMessage(change.error, t('categories.failed'))}</FormAlert>
      )}
      {renaming && <RenameDialog category={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('categories.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('categories.deleteBody')}
        confirmLabel={t('categories.delete')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={change.isPending}
        failure={change.isError ? failureMessage(change.error, t('categories.failed')) : undefined}
        onConfirm={() =>
          deleting &&
          change.mutate({ kind: 'delete', id: deleting._id }, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => {
          change.reset();
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

function AddCategory() {
  const { t } = useTranslation('admin-blog');
  const change = useChangeBlogCategories();
  const [name, setName] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ kind: 'create', name }, { onSuccess: () => setName('') });
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('categories.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            required
            style={{ flex: '1 1 16rem' }}
            data-testid="category-name"
          />
          <Button type="submit" loading={change.isPending} data-testid="add-category">
            {t('categories.add')}
          </Button>
        </Group>
        {change.isError && (
          <FormAlert tone="error">{failureMessage(change.error, t('categories.failed'))}</FormAlert>
        )}
      </Stack>
    </form>
  );
}

/** Categories: add, rename, put in order (the order /resources lists them in), delete an empty one. */
export function CategoryManager() {
  const { t } = useTranslation('admin-blog');
  const categories = useBlogCategories();
  return (
    <Stack gap="md" maw={760}>
      <AddCategory />
      {categories.isPending ? (
        <LoadingStatus label={t('loading')} />
      ) : categories.isError ? (
        <LoadFailure
          title={t('failed')}
          message={failureMessage(categories.error, t('failed'))}
          retryLabel={t('retry')}
          onRetry={() => void categories.refetch()}
        />
      ) : categories.data.categories.length === 0 ? (
        <Text c="dimmed">{t('categories.empty')}</Text>
      ) : (
        <CategoryRows categories={categories.data.categories} />
      )}
    </Stack>
  );
}
