import { AspectRatio, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { paths } from '@/config/paths';
import { LANDING_POSTER } from '../landing-poster';
import classes from './home.module.css';

export function HeroSection() {
  const { t } = useTranslation('home');
  return (
    <section className={classes.section} aria-labelledby="home-hero-title" data-testid="home-hero">
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={48}
          verticalSpacing={40}
          style={{ alignItems: 'center' }}
        >
          <Stack gap="lg">
            <Title order={1} id="home-hero-title" fz={{ base: 34, sm: 44 }} lh={1.15}>
              {t('hero.title')}
            </Title>
            <Text size="xl" fw={500}>
              {t('hero.tagline')}
            </Text>
            <Text size="md" className={`${classes.muted} ${classes.lead}`}>
              {t('hero.body')}
            </Text>
            <Group gap="sm">
              <Button component={AppLink} to={paths.auth.login()} size="md" color="saffron.4" autoContrast>
                {t('hero.notarizeNow')}
              </Button>
              <Button component={AppLink} to={paths.contact({ topic: 'demo' })} size="md" variant="default">
                {t('hero.bookDemo')}
              </Button>
            </Group>
          </Stack>
          <AspectRatio ratio={16 / 9} className={classes.videoFrame}>
            {/* preload="none": nothing but the poster is fetched until the visitor presses play. */}
            <video
              className={classes.video}
              controls
              muted
              playsInline
              preload="none"
              poster={LANDING_POSTER}
              aria-label={t('hero.videoLabel')}
            >
              <source src="/media/mohar-demo.webm" type="video/webm" />
              <source src="/media/mohar-demo.mp4" type="video/mp4" />
              {t('hero.videoFallback')}
            </video>
          </AspectRatio>
        </SimpleGrid>
      </Container>
    </section>
  );
}
