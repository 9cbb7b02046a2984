import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '@/lib/use-near-viewport';
import classes from './home.module.css';

// The form, its form library and inputs (the `forms` file and its CSS) and, on first use, the contract load only when
// the section comes near the viewport (docs/decisions/0022): most visits never scroll this far.
const NewsletterForm = lazy(async () => ({ default: (await import('./newsletter-form')).NewsletterForm }));

/** Holds the form's place, at its height, until its code is there: nothing below moves when it arrives. */
function FormPlaceholder() {
  return <div className={classes.newsletterFormSpace} data-testid="home-newsletter-placeholder" />;
}

export function NewsletterSection() {
  const { t } = useTranslation('home');
  const formArea = useRef<HTMLDivElement>(null);
  // About a screen ahead: on a phone the code (about 20 KB) arrives before the visitor reaches the section.
  const isNear = useNearViewport(formArea, '800px 0px');
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
            <div ref={formArea}>
              {isNear ? (
                <Suspense fallback={<FormPlaceholder />}>
                  <NewsletterForm />
                </Suspense>
              ) : (
                <FormPlaceholder />
              )}
            </div>
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
