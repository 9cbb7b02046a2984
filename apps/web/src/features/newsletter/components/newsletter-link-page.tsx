import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadingStatus } from '@/components/query-states';
import { paths } from '@/config/paths';
import { type NewsletterLinkKind, useFollowNewsletterLink } from '../api/newsletter-links';

/**
 * An e-mailed newsletter link: it acts as soon as the page opens (one click: nothing more to press), then says what
 * happened. A mail program that only fetches the page runs no script, so it confirms or unsubscribes nothing.
 */
function NewsletterLinkPage({ kind }: { kind: NewsletterLinkKind }) {
  const { t } = useTranslation('newsletter');
  const token = useParams().token ?? '';
  const follow = useFollowNewsletterLink();
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is followed once, when the page opens.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    follow.mutate({ kind, token });
  }, []);
  return (
    <Container size="sm" py={{ base: 'xl', md: 80 }}>
      <title>{`${t(`${kind}.pageTitle`)} · Mohar`}</title>
      <meta name="robots" content="noindex" />
      <Stack gap="md" align="flex-start" data-testid={`newsletter-${kind}`}>
        {follow.isError ? (
          <>
            <Title order={1}>{t('invalid.title')}</Title>
            <Text>{t('invalid.body')}</Text>
          </>
        ) : follow.isSuccess ? (
          <>
            <Title order={1}>{t(`${kind}.doneTitle`)}</Title>
            <Text role="status">{t(`${kind}.doneBody`)}</Text>
          </>
        ) : (
          <LoadingStatus label={t(`${kind}.working`)} />
        )}
        <Button component={Link} to={paths.home()} variant="default">
          {t('toHome')}
        </Button>
      </Stack>
    </Container>
  );
}

/** /newsletter/confirm/:token — the double opt-in's confirmation link. */
export function NewsletterConfirmPage() {
  return <NewsletterLinkPage kind="confirm" />;
}

/** /newsletter/unsubscribe/:token — the one-click unsubscribe link in every mailing. */
export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
