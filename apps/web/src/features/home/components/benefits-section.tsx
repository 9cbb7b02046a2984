import { Button, Container, Group, SimpleGrid } from '@mantine/core';
import { Landmark, ShieldCheck, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { paths } from '@/config/paths';
import { FeatureCard } from './feature-card';
import classes from './home.module.css';
import { SectionHeading } from './section-heading';

const BENEFITS = [
  { key: 'accessible', icon: Smartphone },
  { key: 'secure', icon: ShieldCheck },
  // Worded with care: no Indian statute yet provides expressly for remote notarisation (design/domain.md).
  { key: 'compliant', icon: Landmark },
] as const;

export function BenefitsSection() {
  const { t } = useTranslation('home');
  return (
    <section
      className={`${classes.section} ${classes.tinted}`}
      aria-labelledby="home-benefits-title"
      data-testid="home-benefits"
    >
      <Container size="lg">
        <SectionHeading
          id="home-benefits-title"
          eyebrow={t('benefits.eyebrow')}
          title={t('benefits.title')}
          lead={t('benefits.lead')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {BENEFITS.map((benefit) => (
            <FeatureCard
              key={benefit.key}
              icon={benefit.icon}
              title={t(`benefits.items.${benefit.key}.title`)}
              body={t(`benefits.items.${benefit.key}.body`)}
            />
          ))}
        </SimpleGrid>
        <Group mt="xl">
          <Button component={AppLink} to={paths.auth.register()} size="md">
            {t('benefits.registerNow')}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
