import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { SupportTicketResponse } from '@mohar/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './contact.module.css';

/** Replaces the form once the ticket exists; focus moves here so screen readers announce the outcome. */
export function ContactSuccess(props: { response: SupportTicketResponse; onSendAnother: () => void }) {
  const { t } = useTranslation('contact');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Paper withBorder radius="md" p="xl" data-testid="contact-success" className={classes.success}>
      <Stack gap="md">
        <Title order={2} ref={headingRef} tabIndex={-1} className={classes.focusTarget}>
          {t('success.title')}
        </Title>
        <Text>{props.response.message}</Text>
        <div>
          <Text size="sm" className={classes.muted}>
            {t('success.reference')}
          </Text>
          <Text fz={28} fw={700} className={classes.reference} data-testid="contact-reference">
            {props.response.reference}
          </Text>
        </div>
        <Text size="sm" className={classes.muted}>
          {t('success.keepReference')}
        </Text>
        <Button variant="default" onClick={props.onSendAnother} style={{ alignSelf: 'flex-start' }}>
          {t('success.sendAnother')}
        </Button>
      </Stack>
    </Paper>
  );
}
