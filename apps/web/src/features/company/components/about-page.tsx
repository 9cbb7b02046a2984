import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './company.module.css';
import { PageHeader } from './page-header';

const HOW_STEPS = ['upload', 'verify', 'session', 'seal', 'download'] as const;

export function AboutPage() {
  const { t } = useTranslation('company');
  return (
    <Container size="md" py={64}>
      <PageHeader
        title={t('about.title')}
        lead={t('about.lead')}
        metaDescription={t('about.metaDescription')}
      />
      <Stack gap={48} className={classes.prose}>
        <section aria-labelledby="about-mission">
          <Title order={2} id="about-mission" mb="sm">
            {t('about.mission.title')}
          </Title>
          <Text>{t('about.mission.body')}</Text>
        </section>

        <section aria-labelledby="about-how">
          <Title order={2} id="about-how" mb="sm">
            {t('about.how.title')}
          </Title>
          <List type="ordered" spacing="sm">
            {HOW_STEPS.map((key) => (
              <List.Item key={key}>{t(`about.how.steps.${key}`)}</List.Item>
            ))}
          </List>
        </section>

        {/* Brand rule: say what the law does and does not yet say; never claim a compliance we cannot show. */}
        <section aria-labelledby="about-law">
          <Title order={2} id="about-law" mb="sm">
            {t('about.law.title')}
          </Title>
          <Stack gap="sm">
            <Text>{t('about.law.notaries')}</Text>
            <Text>{t('about.law.remote')}</Text>
            <Text>{t('about.law.evidence')}</Text>
            <Text>
              {t('about.law.excludedBefore')}{' '}
              <Anchor component={Link} to={paths.legal.terms()} underline="always">
                {t('about.law.excludedLink')}
              </Anchor>
              {t('about.law.excludedAfter')}
            </Text>
          </Stack>
        </section>

        <section aria-labelledby="about-contact">
          <Title order={2} id="about-contact" mb="sm">
            {t('about.contact.title')}
          </Title>
          <Text mb="md">{t('about.contact.body')}</Text>
          <Button component={Link} to={paths.contact()} size="md">
            {t('about.contact.action')}
          </Button>
        </section>
      </Stack>
    </Container>
  );
}
