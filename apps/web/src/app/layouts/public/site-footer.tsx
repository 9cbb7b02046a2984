import { ActionIcon, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import classes from './public-layout.module.css';
import { InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from './social-icons';

const SOCIAL_LINKS: ReadonlyArray<{ key: string; href: string; Icon: ComponentType }> = [
  { key: 'x', href: 'https://x.com/moharapp', Icon: XIcon },
  { key: 'linkedin', href: 'https://www.linkedin.com/company/moharapp', Icon: LinkedInIcon },
  { key: 'instagram', href: 'https://www.instagram.com/moharapp', Icon: InstagramIcon },
  { key: 'youtube', href: 'https://www.youtube.com/@moharapp', Icon: YouTubeIcon },
];

const COLUMNS = [
  {
    key: 'company',
    links: [
      { key: 'about', to: paths.company.about() },
      { key: 'pricing', to: paths.company.pricing() },
      { key: 'resources', to: paths.resources.list() },
      { key: 'career', to: paths.company.career() },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'support', to: paths.contact() },
      { key: 'contact', to: paths.contact() },
      { key: 'verifyNotary', to: paths.notaryDirectory() },
      { key: 'verifyDocument', to: paths.verify() },
      { key: 'terms', to: paths.legal.terms() },
      { key: 'privacy', to: paths.legal.privacy() },
      { key: 'refund', to: paths.legal.refund() },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('layout');
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer} data-testid="site-footer">
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={40}>
          <Stack gap="md">
            <Logo size={32} withWordmark />
            <Text size="sm" className={classes.muted} maw={320}>
              {t('footer.tagline')}
            </Text>
            <Group
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label={t('footer.social')}
            >
              {SOCIAL_LINKS.map(({ key, href, Icon }) => (
                <li key={key}>
                  <ActionIcon
                    component="a"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="default"
                    size="lg"
                    radius="xl"
                    aria-label={t(`footer.socialLinks.${key}`)}
                  >
                    <Icon />
                  </ActionIcon>
                </li>
              ))}
            </Group>
          </Stack>
          {COLUMNS.map((column) => (
            <nav key={column.key} aria-labelledby={`footer-${column.key}`}>
              <h2 id={`footer-${column.key}`} className={classes.footerHeading}>
                {t(`footer.${column.key}`)}
              </h2>
              <ul className={classes.footerList}>
                {column.links.map((link) => (
                  <li key={link.key}>
                    <AppLink to={link.to} className={classes.footerLink}>
                      {t(`footer.links.${link.key}`)}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </SimpleGrid>
        <Text size="sm" className={classes.muted} mt={40} ta="center">
          {t('footer.copyright', { year })}
        </Text>
      </Container>
    </footer>
  );
}
