import { Anchor, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { SERVICE_HOURS, type SupportTicketResponse } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { emptyTicketForm, formatClockTime, isSupportTopic } from '../lib/ticket-form';
import classes from './contact.module.css';
import { ContactForm } from './contact-form';
import { ContactSuccess } from './contact-success';

/** /contact — Customer Support. `?topic=demo` (the Book a Demo button) preselects that topic. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const [searchParams] = useSearchParams();
  const topicParam = searchParams.get('topic');
  const initialTopic = isSupportTopic(topicParam) ? topicParam : '';
  const [sent, setSent] = useState<SupportTicketResponse | null>(null);
  // A new key gives a fresh, empty form after "Send another message".
  const [formKey, setFormKey] = useState(0);

  return (
    <Container size="lg" py={{ base: 'xl', md: 64 }}>
      <title>{`${t('pageTitle')} · Mohar`}</title>
      <meta name="description" content={t('metaDescription')} />
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" maw="60ch">
            <Title order={1}>{t('heading')}</Title>
            <Text size="lg">{t('intro')}</Text>
            <Text>
              {t('hours', {
                opensAt: formatClockTime(SERVICE_HOURS.opensAt),
                closesAt: formatClockTime(SERVICE_HOURS.closesAt),
              })}
            </Text>
            {initialTopic === 'demo' && <Text>{t('demoIntro')}</Text>}
            <Text className={classes.muted}>
              {t('refundHint')}{' '}
              <Anchor component={Link} to={paths.legal.refund()} underline="always">
                {t('refundLink')}
              </Anchor>
            </Text>
            <Text size="sm" fw={600}>
              {t('privacyNote')}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {sent ? (
            <ContactSuccess
              response={sent}
              onSendAnother={() => {
                setSent(null);
                setFormKey((key) => key + 1);
              }}
            />
          ) : (
            <section aria-labelledby="contact-form-heading">
              <Title order={2} size="h3" mb="md" id="contact-form-heading">
                {t('form.legend')}
              </Title>
              <ContactForm key={formKey} initialValues={emptyTicketForm(initialTopic)} onSent={setSent} />
            </section>
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
