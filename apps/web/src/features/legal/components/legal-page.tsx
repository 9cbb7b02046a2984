import { Alert, Anchor, Box, Container, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type InlineTag, type LegalBlock, parseInline, sectionsOf } from '../lib/legal-text';
import classes from './legal.module.css';

type LegalDocument = 'terms' | 'refund' | 'privacy';

/** In-text link to another page of the site: one colour that keeps AA contrast in both colour modes. */
export function LegalLink(props: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={props.to} className={classes.link} underline="always">
      {props.children}
    </Anchor>
  );
}

const LINKS: Record<Exclude<InlineTag, 'b'>, () => string> = {
  refund: paths.legal.refund,
  privacy: paths.legal.privacy,
  terms: paths.legal.terms,
  contact: paths.contact,
};

/** A text of the legal file with its links and bold runs (the only markup it may hold, lib/legal-text.ts). */
function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) => {
        const key = `${index}`;
        if (typeof part === 'string') return part;
        if (part.tag === 'b') return <strong key={key}>{part.text}</strong>;
        return (
          <LegalLink key={key} to={LINKS[part.tag]()}>
            {part.text}
          </LegalLink>
        );
      })}
    </>
  );
}

function Block(props: { block: LegalBlock; table?: ReactNode }) {
  const { block } = props;
  if ('p' in block)
    return (
      <p>
        <Inline text={block.p} />
      </p>
    );
  if ('ul' in block || 'ol' in block) {
    const items = 'ul' in block ? block.ul : block.ol;
    const List = 'ul' in block ? 'ul' : 'ol';
    return (
      <List>
        {items.map((item) => (
          <li key={item}>
            <Inline text={item} />
          </li>
        ))}
      </List>
    );
  }
  return <>{props.table}</>;
}

/**
 * The frame every legal page shares: title, dates, a table of contents and the sections, in the reader's language
 * (issue 23). The texts are in `legal.json`; the English text governs, and a Hindi reader is told so above it.
 * `values` fills the texts' figures (ages, days, dates) from the shared constants; `table` is the privacy policy's.
 */
export function LegalPage(props: {
  document: LegalDocument;
  lastUpdated: string;
  effective?: string;
  values: Record<string, string | number>;
  table?: ReactNode;
}) {
  const { t, i18n } = useTranslation('legal');
  const isEnglishUi = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');
  const title = t(`${props.document}.title`);
  const sections = sectionsOf(t(`${props.document}.sections`, { returnObjects: true, ...props.values }));

  return (
    <Container size="md" py={{ base: 'xl', md: 64 }}>
      <title>{`${title} · Mohar`}</title>
      <meta name="description" content={t(`${props.document}.metaDescription`)} />
      <Stack gap="xl" className={classes.prose}>
        {!isEnglishUi && (
          <Alert
            variant="light"
            color="ink"
            title={t('translationTitle')}
            data-testid="legal-translation-notice"
          >
            {t('translationNotice')}
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
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`} className={classes.link}>
                  {section.title}
                </Anchor>
              </li>
            ))}
          </ul>
        </Box>

        <Typography>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className={classes.section}
            >
              <h2 id={`${section.id}-heading`}>{section.title}</h2>
              {section.blocks.map((block) => (
                <Block key={JSON.stringify(block)} block={block} table={props.table} />
              ))}
            </section>
          ))}
        </Typography>
      </Stack>
    </Container>
  );
}
