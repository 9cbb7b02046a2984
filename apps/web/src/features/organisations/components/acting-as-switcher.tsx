import { NativeSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actingAs, setActingAs } from '@/lib/acting-as';
import { useOrganisations } from '../api/get-organisations';

const PERSONAL = '';

/**
 * The header's "acting as" choice (decision 0068): the personal account or one of the person's organisations.
 * Shown only to someone who belongs to one: in the header on wider screens, at the foot of the phone's drawer.
 * Choosing re-reads every screen's data for the new account.
 */
export function ActingAsSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const organisations = useOrganisations();
  const [value, setValue] = useState(() => actingAs() ?? PERSONAL);
  const list = organisations.data?.organisations ?? [];
  if (list.length === 0) return null;
  // A stored choice the person no longer has reads as the personal account.
  const current = list.some((o) => o._id === value) ? value : PERSONAL;
  return (
    <NativeSelect
      aria-label={fullWidth ? undefined : t('shell.actingAs')}
      label={fullWidth ? t('shell.actingAs') : undefined}
      size={fullWidth ? 'sm' : 'xs'}
      w={fullWidth ? '100%' : 220}
      data-testid="acting-as"
      value={current}
      data={[
        { value: PERSONAL, label: t('shell.personalAccount') },
        ...list.map((o) => ({ value: o._id, label: o.legalName })),
      ]}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setActingAs(next === PERSONAL ? null : next);
        setValue(next);
        void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      }}
    />
  );
}
