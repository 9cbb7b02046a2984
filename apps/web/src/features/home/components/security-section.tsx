import { Button, Container, Group, SimpleGrid } from '@mantine/core';
import { KeyRound, Lock, QrCode, ScanFace } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { paths } from '@/config/paths';
import { FeatureCard } from './feature-card';
import classes from './home.module.css';
import { SectionHeading } from './section-heading';

// US-style knowledge-based authentication does not work in India (no credit-bureau data), so identity rests on
// these four safeguards instead (design/domain.md).
const SAFEGUARDS = [
  { key: 'mfa', icon: KeyRound },
  { key: 'aadhaar', icon: QrCode },
  { key: 'face', icon: ScanFace },
  { key: 'encryption', icon: Lock },
] as const;

export function SecuritySection() {
  const { t } = useTranslation('home');
  return (
    <section className={classes.section} aria-labelledby="home-security-title" data-testid="home-security">
      <Container size="lg">
        <SectionHeading
          id="home-security-title"
          eyebrow={t('security.eyebrow')}
          title={t('security.title')}
          lead={t('security.lead')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {SAFEGUARDS.map((item) => (
            <FeatureCard
              key={item.key}
              icon={item.icon}
              title={t(`security.items.${item.key}.title`)}
              body={t(`security.items.${item.key}.body`)}
            />
          ))}
        </SimpleGrid>
        <Group mt="xl">
          <Button component={AppLink} to={paths.resources.list()} size="md">
            {t('security.readNow')}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
