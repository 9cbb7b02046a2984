import { Alert, Button, Container, Grid, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useMailbox } from '../api/get-mailbox';
import { MailList } from './mail-list';
import { MailView } from './mail-view';

/**
 * /dev/mailbox — development only: the e-mails the server would have sent (verification, password reset), so
 * accounts can be tried without a mail server. `?to=` shows one recipient's mail.
 */
export function MailboxPage() {
  const { t } = useTranslation('mailbox');
  const [searchParams, setSearchParams] = useSearchParams();
  const recipient = (searchParams.get('to') ?? '').trim().toLowerCase();
  const mailbox = useMailbox();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const mails = (mailbox.data?.data ?? []).filter(
    (mail) => recipient === '' || mail.to.toLowerCase().includes(recipient),
  );
  const selected = mails.find((mail) => mail._id === selectedId) ?? mails[0];

  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('filterLabel')}
            type="search"
            value={searchParams.get('to') ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setSearchParams(value ? { to: value } : {}, { replace: true });
            }}
            style={{ flex: '1 1 240px', maxWidth: 420 }}
          />
          <Button variant="default" onClick={() => void mailbox.refetch()} loading={mailbox.isFetching}>
            {t('refresh')}
          </Button>
        </Group>

        {mailbox.isPending && (
          <Group role="status" aria-live="polite" gap="sm">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('loading')}</Text>
          </Group>
        )}
        {mailbox.isError && (
          <Alert color="red" variant="light" role="alert">
            {hasErrorCode(mailbox.error, 'route.not_found')
              ? t('unavailable')
              : failureMessage(mailbox.error, t('failed'))}
          </Alert>
        )}
        {mailbox.isSuccess && mails.length === 0 && (
          <Text>{recipient ? t('emptyFiltered') : t('empty')}</Text>
        )}
        {selected && (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <MailList mails={mails} selectedId={selected._id} onSelect={setSelectedId} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <MailView mail={selected} />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
