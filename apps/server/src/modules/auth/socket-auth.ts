import { fastifyCookie } from '@fastify/cookie';
import type { AppConfig } from '../../config.ts';
import type { SocketIdentity } from '../../platform/realtime.ts';
import { sessionCookie } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';

type LinkHolder = { signatoryId: string; applicationId: string };

/**
 * Who opens a realtime socket, decided once at the handshake: a signatory by a personal link's token (checked by the
 * portal, which owns the links), anyone else by the session cookie, exactly as for an HTTP request.
 */
export function createSocketAuthenticator(deps: {
  authService: Pick<AuthService, 'resolveSession'>;
  config: AppConfig;
  /** The portal's answer for a link token; null when the link does not open. */
  resolvePortalLink: (token: string) => Promise<LinkHolder | null>;
}) {
  const cookieName = sessionCookie(deps.config).name;
  return async (request: {
    cookieHeader: string | undefined;
    portalToken: unknown;
  }): Promise<SocketIdentity | null> => {
    if (typeof request.portalToken === 'string') {
      const holder = await deps.resolvePortalLink(request.portalToken);
      return holder ? { kind: 'signatory', ...holder } : null;
    }
    const token = request.cookieHeader ? fastifyCookie.parse(request.cookieHeader)[cookieName] : undefined;
    const auth = await deps.authService.resolveSession(token);
    return auth ? { kind: 'user', userId: auth.user.id, sessionId: auth.sessionId } : null;
  };
}
