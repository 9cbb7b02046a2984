import { useDebouncedValue } from '@mantine/hooks';
import { INPUT_DEBOUNCE_MS } from '@mohar/contracts/constants';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

/**
 * Searches once the input has been still for 500 ms (spec: input debounce). While a click on a result is taking the
 * user to another page (its screen still loading, this one still mounted), the settled search is dropped: applying
 * it would navigate back to the list and swallow the click.
 */
export function useSettledSearch(options: {
  value: string;
  current: string;
  onSettle: (value: string) => void;
}) {
  const [settled] = useDebouncedValue(options.value, INPUT_DEBOUNCE_MS);
  const navigation = useNavigation();
  const location = useLocation();
  const isLeaving = useRef(false);
  isLeaving.current = navigation.state !== 'idle' && navigation.location?.pathname !== location.pathname;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (isLeaving.current) return;
    if (settled.trim() !== latest.current.current.trim()) latest.current.onSettle(settled);
  }, [settled]);

  return settled;
}
