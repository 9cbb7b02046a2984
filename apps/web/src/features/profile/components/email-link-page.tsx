import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadingStatus } from '@/components/query-states';
import { paths } from '@/config/paths';
import { type EmailLinkKind, useFollowEmailLink } from '../api/change-email';

/**
 * An e-mailed change-of-address link: it acts when the page opens (a mail program that only fetches the page runs no
 * script, so it changes nothing), then says what happened.
 */
function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const { t } = useTranslation('profile');
  const token = useParams().token ?? '';
  const follow = useFollowEmailLink();
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is followed once, when the page opens.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    follow.mutate({ kind, token });
  }, []);
  return (
    <Container size="sm" py={{ base: 'xl', md: 80 }}>
      <title>{`${t(`emailLink.${kind}.pageTitle`)} · Mohar`}</title>
      <meta name="robots" content="noindex" />
      <Stack gap="md" align="flex-start" data-testid={`email-${kind}`}>
        {follow.isError ? (
          <>
            <Title order={1}>{t('emailLink.invalidTitle')}</Title>
            <Text>{t(`emailLink.${kind}.invalid`)}</Text>
          </>
        ) : follow.isSuccess ? (
          <>
            <Title order={1}>{t(`emailLink.${kind}.doneTitle`)}</Title>
            <Text role="status">{t(`emailLink.${kind}.doneBody`)}</Text>
          </>
        ) : (
          <LoadingStatus label={t(`emailLink.${kind}.working`)} />
        )}
        <Button component={Link} to={paths.auth.login()} variant="default">
          {t('emailLink.toLogin')}
        </Button>
      </Stack>
    </Container>
  );
}

/** /email/confirm/:token — the link sent to the new address. */
export function EmailConfirmPage() {
  return <EmailLinkPage kind="confirm" />;
}

/** /email/undo/:token — the link sent to the old address. */
export function EmailUndoPage() {
  return <EmailLinkPage kind="undo" />;
}
