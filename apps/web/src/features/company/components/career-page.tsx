import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './company.module.css';
import { PageHeader } from './page-header';

// The server's site info carries only the support address; until it exposes a careers address, it lives here.
const CAREERS_EMAIL = 'careers@mohar.example';

const ROLES = ['engineer', 'notaryPartnerships', 'support'] as const;

export function CareerPage() {
  const { t } = useTranslation('company');
  return (
    <Container size="md" py={64}>
      <PageHeader
        title={t('career.title')}
        lead={t('career.lead')}
        metaDescription={t('career.metaDescription')}
      />
      <Stack gap={48}>
        <section aria-labelledby="career-roles">
          <Title order={2} id="career-roles" mb="md">
            {t('career.roles.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {ROLES.map((role) => (
              <Card key={role} withBorder radius="lg" padding="lg">
                <Title order={3} size="h4" mb="xs">
                  {t(`career.roles.items.${role}.title`)}
                </Title>
                <Text size="sm" className={classes.muted}>
                  {t(`career.roles.items.${role}.body`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="career-apply" className={classes.prose}>
          <Title order={2} id="career-apply" mb="sm">
            {t('career.apply.title')}
          </Title>
          <Text mb="sm">
            {t('career.apply.before')}{' '}
            <Anchor href={`mailto:${CAREERS_EMAIL}`} fw={600} underline="always">
              {CAREERS_EMAIL}
            </Anchor>{' '}
            {t('career.apply.after')}
          </Text>
          <Text className={classes.muted}>{t('career.apply.note')}</Text>
        </section>
      </Stack>
    </Container>
  );
}
