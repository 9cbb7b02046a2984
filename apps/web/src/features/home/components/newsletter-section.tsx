import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './home.module.css';

// The form, its form library and (on first use) the contract stay out of the landing bundle: the section sits below
// the fold, and the form's chunk is fetched as soon as the page renders.
const NewsletterForm = lazy(async () => ({ default: (await import('./newsletter-form')).NewsletterForm }));

export function NewsletterSection() {
  const { t } = useTranslation('home');
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
            <Suspense fallback={null}>
              <NewsletterForm />
            </Suspense>
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
