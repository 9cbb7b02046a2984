import { APPLICATION_UPDATED_EVENT } from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reportError } from '@/lib/log';
import { openRealtime } from '@/lib/realtime';
import { portalAccessQueryKey } from '../api/get-portal-access';

/**
 * While the portal is open, the application's moves (a notary accepted, the request lapsed, the session ended) show
 * at once: the link's token opens the realtime channel, and a hint reloads the page's data. After a dropped
 * connection it reloads once too, for whatever it missed.
 */
export function usePortalUpdates(token: string, isEnabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled) return;
    let isCancelled = false;
    let close = () => {};
    const reload = () => void queryClient.invalidateQueries({ queryKey: portalAccessQueryKey(token) });
    void openRealtime({ portalToken: token }).then(
      (socket) => {
        if (isCancelled) {
          socket.disconnect();
          return;
        }
        socket.on(APPLICATION_UPDATED_EVENT, reload);
        socket.io.on('reconnect', reload);
        close = () => socket.disconnect();
      },
      (error: unknown) => reportError('portal: realtime', error),
    );
    return () => {
      isCancelled = true;
      close();
    };
  }, [token, isEnabled, queryClient]);
}
