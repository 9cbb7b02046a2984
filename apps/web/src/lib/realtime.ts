import { REALTIME_PATH } from '@mohar/contracts';
import type { Socket } from 'socket.io-client';

/**
 * The signed-in user's (or a signatory's) live channel (Socket.IO at /api/v1/realtime, websocket only). The session cookie
 * authenticates it; the server sends each user only their own events. socket.io-client loads with the signed-in
 * shell, never on the public pages.
 */
export async function openRealtime(options: { portalToken?: string } = {}): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    withCredentials: true,
    // A signatory has no account: their personal link's token admits them to their own application's channel.
    auth: options.portalToken ? { portalToken: options.portalToken } : {},
    // Reconnects by itself (backing off up to 10 s); the app catches up on what it missed once it is back.
    reconnectionDelayMax: 10_000,
  });
}

/** Fetches the client's code ahead of `openRealtime` (a page that will surely open the channel, e.g. the call). */
export function preloadRealtime(): void {
  void import('socket.io-client').catch(() => undefined);
}
