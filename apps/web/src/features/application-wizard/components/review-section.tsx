import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import type { ApplicationStep } from '@mohar/contracts';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** One step's answers on the review, with an Edit link back to that step. */
export function ReviewSection(props: {
  applicationId: string;
  step: Exclude<ApplicationStep, 'review'>;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('wizard');
  const headingId = `review-${props.step}-heading`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`review-${props.step}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {props.title}
          </Title>
          <Anchor
            component={Link}
            to={paths.applications.edit(props.applicationId, props.step)}
            aria-label={t('review.editNamed', { section: props.title })}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <Pencil size={14} aria-hidden="true" />
              {t('review.edit')}
            </Group>
          </Anchor>
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}
