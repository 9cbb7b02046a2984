import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoadingStatus } from '@/components/query-states';

/**
 * The page of an e-mailed one-click link (newsletter confirm/unsubscribe, e-mail change confirm/undo): it acts as
 * soon as the page opens (nothing more to press), then says what happened. A mail program that only fetches the
 * page runs no script, so it changes nothing.
 */
export function EmailedLinkPage(props: {
  follow: Pick<UseMutationResult<unknown, unknown, void>, 'mutate' | 'isError' | 'isSuccess'>;
  testId: string;
  texts: {
    pageTitle: string;
    working: string;
    doneTitle: string;
    doneBody: string;
    invalidTitle: string;
    invalidBody: string;
    back: string;
  };
  backTo: string;
}) {
  const { follow, texts } = props;
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is followed once, when the page opens.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    follow.mutate();
  }, []);
  return (
    <Container size="sm" py={{ base: 'xl', md: 80 }}>
      <title>{`${texts.pageTitle} · Mohar`}</title>
      <meta name="robots" content="noindex" />
      <Stack gap="md" align="flex-start" data-testid={props.testId}>
        {follow.isError ? (
          <>
            <Title order={1}>{texts.invalidTitle}</Title>
            <Text>{texts.invalidBody}</Text>
          </>
        ) : follow.isSuccess ? (
          <>
            <Title order={1}>{texts.doneTitle}</Title>
            <Text role="status">{texts.doneBody}</Text>
          </>
        ) : (
          <LoadingStatus label={texts.working} />
        )}
        <Button component={Link} to={props.backTo} variant="default">
          {texts.back}
        </Button>
      </Stack>
    </Container>
  );
}
