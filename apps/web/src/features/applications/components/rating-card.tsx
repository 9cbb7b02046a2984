import { Button, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RATING_COMMENT_MAX_LENGTH, type RateSessionRequest, rateSessionRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { contractResolver, parseRequest } from '@/lib/form-validation';
import { formatDateTime } from '@/lib/format';
import { useApplicationRating, useRateSession } from '../api/session-rating';
import { ViewSection } from './view-section';

type Values = { stars: number; comment: string };
const toRequest = (values: Values): RateSessionRequest => ({
  stars: values.stars,
  ...(values.comment.trim() ? { comment: values.comment } : {}),
});

function RatingForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('applications');
  const rate = useRateSession(applicationId);
  const form = useForm<Values>({
    initialValues: { stars: 0, comment: '' },
    validate: contractResolver<Values, 'stars' | 'comment'>({
      schema: rateSessionRequest,
      fields: ['stars', 'comment'],
      toRequest,
      translate: ({ field }) =>
        field === 'stars'
          ? t('rating.starsRequired')
          : t('rating.commentTooLong', { max: RATING_COMMENT_MAX_LENGTH }),
    }),
  });
  const onSubmit = form.onSubmit((values) =>
    rate.mutate(parseRequest(rateSessionRequest, toRequest(values))),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="rating-form">
      <Stack gap="sm">
        <Text size="sm">{t('rating.intro')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="rating-stars-label">
            {t('rating.starsLabel')}
          </Text>
          <Rating
            size="lg"
            role="radiogroup"
            aria-labelledby="rating-stars-label"
            getSymbolLabel={(value) => t('rating.starLabel', { count: value })}
            value={form.values.stars}
            onChange={(value) => form.setFieldValue('stars', value)}
            data-testid="rating-stars"
          />
          {form.errors.stars && (
            <Text size="sm" c="red" role="alert">
              {form.errors.stars}
            </Text>
          )}
        </Stack>
        <Textarea
          label={t('rating.commentLabel')}
          description={t('rating.commentHint', { max: RATING_COMMENT_MAX_LENGTH })}
          maxLength={RATING_COMMENT_MAX_LENGTH}
          autosize
          minRows={2}
          {...form.getInputProps('comment')}
          data-testid="rating-comment"
        />
        {rate.isError && <FormAlert tone="error">{failureMessage(rate.error, t('rating.failed'))}</FormAlert>}
        <Button type="submit" loading={rate.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('rating.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The owner's rating of a completed session (decision 0065): a small form until they rate, then what they gave.
 * Nothing shows while it loads, or when the read fails: rating is optional and must not crowd the page.
 */
export function RatingCard({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('applications');
  const query = useApplicationRating(applicationId);
  const data = query.data;
  if (!data || (!data.rating && !data.canRate)) return null;
  return (
    <ViewSection id="session-rating" title={t('rating.title')} testId="session-rating">
      {data.rating ? (
        <Stack gap={4} data-testid="session-rating-given">
          <Rating
            value={data.rating.stars}
            readOnly
            // The sentence below says the same in words.
            aria-hidden
          />
          <Text size="sm">{t('rating.given', { count: data.rating.stars })}</Text>
          {data.rating.comment && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {data.rating.comment}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('rating.givenAt', { date: formatDateTime(data.rating.createdAt) })}
          </Text>
        </Stack>
      ) : (
        <RatingForm applicationId={applicationId} />
      )}
    </ViewSection>
  );
}
