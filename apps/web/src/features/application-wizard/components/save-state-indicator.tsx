import { Button, Group, Loader, Text } from '@mantine/core';
import { CircleAlert, CircleCheck, Cloud } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../lib/draft-saver';

/** The autosave's state in words, announced politely; a failed save offers Retry. */
export function SaveStateIndicator(props: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation('wizard');
  const { state } = props;
  const icon =
    state === 'saving' || state === 'pending' ? (
      <Loader size={14} aria-hidden="true" />
    ) : state === 'saved' ? (
      <CircleCheck size={16} color="var(--mantine-color-green-light-color)" aria-hidden="true" />
    ) : state === 'error' || state === 'invalid' ? (
      <CircleAlert size={16} color="var(--mantine-color-error)" aria-hidden="true" />
    ) : (
      <Cloud size={16} aria-hidden="true" />
    );
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-state={state}
      mih={28}
    >
      {icon}
      <Text
        size="sm"
        fw={state === 'error' || state === 'invalid' ? 600 : undefined}
        c={state === 'error' || state === 'invalid' ? 'var(--mantine-color-error)' : 'dimmed'}
      >
        {t(`saveState.${state === 'pending' ? 'saving' : state}`)}
      </Text>
      {state === 'error' && (
        <Button variant="subtle" size="compact-sm" onClick={props.onRetry} data-testid="save-retry">
          {t('saveState.retry')}
        </Button>
      )}
    </Group>
  );
}
