import { Alert, Anchor, Box, Container, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './legal.module.css';

export type LegalSection = { id: string; title: string; content: ReactNode };
type LegalDocument = 'terms' | 'refund' | 'privacy';

/** In-text link to another page of the site: one colour that keeps AA contrast in both colour modes. */
export function LegalLink(props: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={props.to} className={classes.link} underline="always">
      {props.children}
    </Anchor>
  );
}

/**
 * The frame every legal page shares: title, dates, a table of contents and the sections. The legal prose is English
 * only and the English governs, so the body is marked `lang="en"` and Hindi readers get a notice saying so.
 */
export function LegalPage(props: {
  document: LegalDocument;
  lastUpdated: string;
  effective?: string;
  intro?: ReactNode;
  sections: LegalSection[];
}) {
  const { t, i18n } = useTranslation('legal');
  const isEnglishUi = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');
  const title = t(`${props.document}.title`);

  return (
    <Container size="md" py={{ base: 'xl', md: 64 }}>
      <title>{`${title} · Mohar`}</title>
      <meta name="description" content={t(`${props.document}.metaDescription`)} />
      <Stack gap="xl" className={classes.prose}>
        {!isEnglishUi && (
          <Alert variant="light" color="ink" title={t('englishOnlyTitle')} data-testid="legal-english-only">
            {t('englishOnly')}
          </Alert>
        )}
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          <Text className={classes.muted} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('lastUpdated', { date: props.lastUpdated })}
            {props.effective ? ` · ${t('effective', { date: props.effective })}` : ''}
          </Text>
        </Stack>

        <Box component="nav" aria-labelledby="legal-toc" className={classes.toc}>
          <Title order={2} size="h5" id="legal-toc" mb="xs">
            {t('toc')}
          </Title>
          {/* Section titles carry their own numbers, so the list adds none. */}
          <ul lang="en">
            {props.sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`} className={classes.link}>
                  {section.title}
                </Anchor>
              </li>
            ))}
          </ul>
        </Box>

        <Typography lang="en">
          {props.intro}
          {props.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className={classes.section}
            >
              <h2 id={`${section.id}-heading`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
        </Typography>
      </Stack>
    </Container>
  );
}
