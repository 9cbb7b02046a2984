import { lazy, Suspense } from 'react';
import { useOrganisations } from '../api/get-organisations';

const ActingAsSwitcher = lazy(() =>
  import('./acting-as-switcher').then((m) => ({ default: m.ActingAsSwitcher })),
);

/**
 * Reads the person's organisations and fetches the switcher's code (a select, Mantine's input parts) only when they
 * belong to one: most clients belong to none, and their dashboard then never loads it (decision 0077). Both read the
 * same query, so the list is asked for once.
 */
export function ActingAsSwitcherGate(props: { fullWidth?: boolean }) {
  const organisations = useOrganisations();
  if ((organisations.data?.organisations.length ?? 0) === 0) return null;
  return (
    <Suspense fallback={null}>
      <ActingAsSwitcher {...props} />
    </Suspense>
  );
}
