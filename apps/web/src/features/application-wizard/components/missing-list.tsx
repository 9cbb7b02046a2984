import { Anchor, Group, Text } from '@mantine/core';
import type { ApplicationMissingItem } from '@mohar/contracts';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { missingText } from '@/lib/missing-text';
import classes from './wizard.module.css';

/** What still stops submission, each item linked to the step that completes it, in the reader's language. */
export function MissingList(props: { applicationId: string; missing: readonly ApplicationMissingItem[] }) {
  const { t } = useTranslation('wizard');
  // What is missing is worded with the application's view (the applications namespace).
  const { t: missingT } = useTranslation('applications');
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
              {missingText(item, missingT)}{' '}
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
