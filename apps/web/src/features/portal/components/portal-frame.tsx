import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import type { LanguageCode } from '@/lib/i18n';
import classes from './portal.module.css';

/** The portal's window: the Mohar mark, one narrow column, and where to ask for help. No sign-in anywhere. */
export function PortalFrame(props: {
  children: ReactNode;
  testId?: string;
  code?: string;
  withHelp?: boolean;
  /** Where the signatory's choice is kept besides this browser: their link (once the page knows whose it is). */
  onChooseLanguage?: (language: LanguageCode) => void;
}) {
  const { t } = useTranslation('portal');
  return (
    <Box mih="100dvh" className={classes.backdrop} data-testid={props.testId} data-code={props.code}>
      <Container size={680} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group component="header" justify="space-between" gap="sm">
            <Box c="var(--mantine-color-anchor)">
              <Logo size={30} />
            </Box>
            {/* Signatories have no account and no settings: the language is chosen right here, for their link. */}
            <LanguageSwitch onChoose={props.onChooseLanguage} />
          </Group>
          {props.children}
          {props.withHelp !== false && (
            <Text component="footer" size="sm" c="dimmed" ta="center" pb="md">
              {t('help.text')}{' '}
              <Anchor component={Link} to={paths.contact()} size="sm" underline="always">
                {t('help.link')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
