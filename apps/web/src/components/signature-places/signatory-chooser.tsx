import { ColorSwatch, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAX_PLACEMENTS_PER_SIGNATORY } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import type { SignatoryLook } from './signatories';

type Entry = SignatoryLook & { count: number };

function SignatoryLine(props: { entry: Entry }) {
  const { t } = useTranslation('places');
  const { entry } = props;
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <ColorSwatch color={entry.color} size={16} radius="sm" withShadow={false} aria-hidden="true" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('chooser.count', { count: entry.count, max: MAX_PLACEMENTS_PER_SIGNATORY })}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * Whose box a tap adds, each signatory in their own colour: the same colours mark their boxes on the pages, so this
 * is the legend too. Read-only, it is only the legend.
 */
export function SignatoryChooser(props: {
  entries: Entry[];
  chosenId: string | null;
  isEditable: boolean;
  onChoose(signatoryId: string): void;
}) {
  const { t } = useTranslation('places');
  const grid = { base: 1, xs: 2, md: 3 };

  if (!props.isEditable) {
    return (
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('chooser.legend')}
        </Text>
        <SimpleGrid cols={grid} spacing="xs">
          {props.entries.map((entry) => (
            <SignatoryLine key={entry.signatoryId} entry={entry} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Radio.Group
      label={t('chooser.label')}
      value={props.chosenId}
      onChange={props.onChoose}
      name="places-signatory"
      data-testid="places-signatory"
    >
      <SimpleGrid cols={grid} spacing="xs" mt={6}>
        {props.entries.map((entry) => (
          <Radio.Card
            key={entry.signatoryId}
            value={entry.signatoryId}
            radius="sm"
            p="xs"
            data-signatory-id={entry.signatoryId}
          >
            <Group gap="xs" wrap="nowrap">
              <Radio.Indicator size="xs" />
              <SignatoryLine entry={entry} />
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
