import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { ApiError, failureMessage } from '@/lib/api-errors';
import { loadErrorTexts } from '@/lib/i18n';
import classes from './home.module.css';

export function NewsletterSection() {
  const { t } = useTranslation('home');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSending(true);
    try {
      // The API client, the contract and the error texts load on first use: most visitors never subscribe.
      const [{ newsletterSubscribeRequest, subscribeNewsletter }] = await Promise.all([
        import('../api/subscribe-newsletter'),
        loadErrorTexts(),
      ]);
      // The contract's own rule, so the browser and the server agree on what a valid address is.
      const parsed = newsletterSubscribeRequest.safeParse({ email });
      if (!parsed.success) {
        setError(t('newsletter.invalidEmail'));
        return;
      }
      setError(null);
      const data = await subscribeNewsletter(parsed.data);
      void showToast({ message: data.message, color: 'green', closeLabel: t('common:close') });
      setEmail('');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failureMessage(failure, t('newsletter.failed'))
          : t('newsletter.failed'),
      );
    } finally {
      setIsSending(false);
    }
  };

  return (
    <section
      className={classes.section}
      aria-labelledby="home-newsletter-title"
      data-testid="home-newsletter"
    >
      <Container size="sm">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
          <Stack gap="md">
            <Title order={2} id="home-newsletter-title">
              {t('newsletter.title')}
            </Title>
            <Text className={classes.muted}>{t('newsletter.body')}</Text>
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="sm">
                <TextInput
                  type="email"
                  name="email"
                  autoComplete="email"
                  label={t('newsletter.emailLabel')}
                  placeholder={t('newsletter.emailPlaceholder')}
                  leftSection={<Mail size={16} aria-hidden />}
                  value={email}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    if (error) setError(null);
                  }}
                  error={error}
                  size="md"
                />
                <Button type="submit" size="md" loading={isSending} style={{ alignSelf: 'flex-start' }}>
                  {t('newsletter.subscribe')}
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
