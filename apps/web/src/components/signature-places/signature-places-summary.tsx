import { Text, type TextProps } from '@mantine/core';
import type { SignaturePlaces } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

/**
 * One line saying where the signatures go: "2 boxes placed · Initials on every page", or "Default signature block"
 * when no one has a box. For next to the "Place signature boxes" button.
 */
export function SignaturePlacesSummary(props: { places: SignaturePlaces } & Omit<TextProps, 'children'>) {
  const { places, ...textProps } = props;
  const { t, ready } = useTranslation('places');
  if (!ready) return null;
  const parts = [
    places.placements.length === 0
      ? t('summary.defaultBlock')
      : t('summary.boxes', { count: places.placements.length }),
    ...(places.initialsOnEveryPage ? [t('summary.initials')] : []),
  ];
  return (
    <Text size="sm" c="dimmed" {...textProps} data-testid="places-summary">
      {parts.join(' · ')}
    </Text>
  );
}
