import { useCallback, useEffect, useState } from 'react';
import { type DesktopAlertState, desktopAlertStateOf } from '../lib/request-view';

const currentState = () => desktopAlertStateOf(window as { Notification?: typeof Notification });

/**
 * The browser's permission for desktop notifications. `allow` asks for it: call it only from a click, since
 * browsers ignore (and some penalise) prompts nobody asked for.
 */
export function useDesktopAlerts() {
  const [state, setState] = useState<DesktopAlertState>(currentState);

  useEffect(() => {
    // The permission can change in the site settings while the page is open.
    const onFocus = () => setState(currentState());
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  const allow = useCallback(async () => {
    if (currentState() === 'unsupported') return;
    try {
      setState(await Notification.requestPermission());
    } catch {
      setState(currentState());
    }
  }, []);

  return { state, allow };
}
