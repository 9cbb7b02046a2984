import { REALTIME_PATH } from '@mohar/contracts';
import type { Socket } from 'socket.io-client';

/**
 * The signed-in user's live channel (Socket.IO at /api/v1/realtime, websocket only). The session cookie
 * authenticates it; the server sends each user only their own events. socket.io-client loads with the signed-in
 * shell, never on the public pages.
 */
export async function openRealtime(): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    withCredentials: true,
    // Reconnects by itself (backing off up to 10 s); the app catches up on what it missed once it is back.
    reconnectionDelayMax: 10_000,
  });
}
