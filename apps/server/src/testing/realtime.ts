import type { AddressInfo } from 'node:net';
import { NEW_NOTIFICATION_EVENT, type Notification, REALTIME_PATH } from '@mohar/contracts';
import { io, type Socket } from 'socket.io-client';
import type { App } from '../app.ts';

/** Starts the app on a free port (once) and returns its origin, for real websocket clients. */
export async function listening(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export type TestSocket = Socket & { received: Notification[] };

/** A websocket client as the web app opens one; resolves once connected, rejects with the server's refusal. */
export function connect(
  origin: string,
  options: { cookie?: string; portalToken?: string; originHeader?: string } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.originHeader) headers.origin = options.originHeader;
  const socket = io(origin, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    // One connection per socket: each carries its own cookie (the client would otherwise share one per URL).
    forceNew: true,
    extraHeaders: headers,
    auth: options.portalToken ? { portalToken: options.portalToken } : {},
    timeout: 5_000,
  }) as TestSocket;
  socket.received = [];
  socket.on(NEW_NOTIFICATION_EVENT, (payload: Notification) => socket.received.push(payload));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Waits until `check` holds (events arrive asynchronously), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Gives in-flight events a moment to arrive, for checks that something did NOT arrive. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
