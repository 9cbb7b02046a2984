import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { DevMail } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatNotificationDate } from '@/lib/format';
import classes from './mailbox.module.css';

export function MailList(props: { mails: DevMail[]; selectedId: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation('mailbox');
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="mail-list-heading">
      <Text id="mail-list-heading" fw={700} px="md" pt="sm" component="h2" fz="md">
        {t('listHeading', { count: props.mails.length })}
      </Text>
      <ul className={classes.list}>
        {props.mails.map((mail) => (
          <li key={mail._id}>
            <UnstyledButton
              className={classes.item}
              aria-current={mail._id === props.selectedId ? 'true' : undefined}
              onClick={() => props.onSelect(mail._id)}
            >
              <Stack gap={2}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {mail.subject}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {mail.to}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={mail.createdAt}>{formatNotificationDate(mail.createdAt)}</time>
                </Text>
              </Stack>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
