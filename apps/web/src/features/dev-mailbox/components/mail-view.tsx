import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { DevMail } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatNotificationDate } from '@/lib/format';
import { linkParts } from '../lib/link-parts';
import classes from './mailbox.module.css';

/** One message: the text part with its links clickable, and the HTML part in a sandbox that can run nothing. */
export function MailView({ mail }: { mail: DevMail }) {
  const { t } = useTranslation('mailbox');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="article"
      aria-labelledby="mail-subject"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="mail-subject" style={{ overflowWrap: 'anywhere' }}>
            {mail.subject}
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('to')}: {mail.to}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={mail.createdAt}>{formatNotificationDate(mail.createdAt)}</time>
          </Text>
        </Stack>
        <section aria-labelledby="mail-text-heading">
          <Title order={3} size="h5" id="mail-text-heading" mb="xs">
            {t('textPart')}
          </Title>
          <pre className={classes.text} data-testid="mail-text">
            {linkParts(mail.text).map((part, index) =>
              part.kind === 'link' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
                <Anchor key={index} href={part.href} underline="always">
                  {part.href}
                </Anchor>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
                <span key={index}>{part.text}</span>
              ),
            )}
          </pre>
        </section>
        <section aria-labelledby="mail-html-heading">
          <Title order={3} size="h5" id="mail-html-heading" mb="xs">
            {t('htmlPart')}
          </Title>
          {/* sandbox="" : no scripts, no forms, no navigation of this page; CSP allows no inline SVG or script anyway. */}
          <iframe
            className={classes.frame}
            sandbox=""
            srcDoc={mail.html}
            title={t('htmlFrameTitle', { subject: mail.subject })}
          />
        </section>
      </Stack>
    </Paper>
  );
}
