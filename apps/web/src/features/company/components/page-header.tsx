import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './company.module.css';

/** The h1 and lead line of a company page, plus its document title and description (React 19 hoists both). */
export function PageHeader(props: { title: string; lead: string; metaDescription: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mb={40}>
      <title>{`${props.title} · ${t('appName')}`}</title>
      <meta name="description" content={props.metaDescription} />
      <Title order={1}>{props.title}</Title>
      <Text size="lg" className={`${classes.muted} ${classes.prose}`}>
        {props.lead}
      </Text>
    </Stack>
  );
}
