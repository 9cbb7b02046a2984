import { Anchor, Group, Text } from '@mantine/core';
import type { ApplicationMissingItem } from '@mohar/contracts';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { translateValidation } from '@/lib/i18n';
import classes from './wizard.module.css';

/**
 * What still stops submission, each item linked to the step that completes it. The server words each item in English;
 * a sentence with a translation in `validation.json` is shown in the reader's language.
 */
export function MissingList(props: { applicationId: string; missing: readonly ApplicationMissingItem[] }) {
  const { t } = useTranslation('wizard');
  return (
    <ul className={classes.plainList} data-testid="review-missing">
      {props.missing.map((item) => (
        <li key={`${item.step}:${item.message}`}>
          <Group gap="xs" py={4} wrap="nowrap" align="flex-start">
            <CircleAlert
              size={18}
              color="var(--mantine-color-error)"
              aria-hidden="true"
              style={{ flex: 'none' }}
            />
            <Text size="sm">
              {translateValidation(item.message)}{' '}
              {/* Inside a coloured alert: the alert's own text colour, underlined, reads in both colour modes. */}
              <Anchor
                component={Link}
                to={paths.applications.edit(props.applicationId, item.step)}
                size="sm"
                c="inherit"
                fw={600}
                underline="always"
              >
                {t('review.goTo', { step: t(`steps.${item.step}`) })}
              </Anchor>
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  );
}
