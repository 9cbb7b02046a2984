import { type AdminArea, mayUseAdminArea, STEP_UP_MAX_AGE_MS, type UserRole } from '@mohar/contracts';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { authErrors } from './auth.errors.ts';
import type { AuthContext, AuthService } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * The session cookie. `__Host-` (Secure, Path=/, no Domain) when served over HTTPS, so no subdomain or plain-HTTP
 * page can set or read it; httpOnly and SameSite=Lax always.
 */
export function sessionCookie(config: AppConfig) {
  const isSecure = config.publicUrl.startsWith('https://');
  return {
    name: isSecure ? '__Host-mohar_session' : 'mohar_session',
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: isSecure,
      path: '/',
      maxAge: Math.floor(config.sessions.absoluteMs / 1000),
    },
  };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string) {
  const cookie = sessionCookie(config);
  reply.setCookie(cookie.name, token, cookie.options);
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  const cookie = sessionCookie(config);
  reply.clearCookie(cookie.name, { ...cookie.options, maxAge: undefined });
}

export function readSessionToken(request: FastifyRequest, config: AppConfig): string | undefined {
  return request.cookies[sessionCookie(config).name];
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** preHandlers that admit a signed-in user (optionally of some roles); the handler reads `authOf(request)`. */
export function createAuthGuard(deps: { authService: AuthService; config: AppConfig }) {
  function requireUser(
    options: {
      roles?: readonly UserRole[];
      allowDuringMfaSetup?: boolean;
      adminArea?: AdminArea;
      /**
       * A route outside the console that admits admins among others (decision 0058): an admin caller must be able
       * to use this area, or gets the console's 404; other roles pass as `roles` says.
       */
      adminsNeed?: AdminArea;
      /** A sensitive action: an admin whose last proof of identity is over 5 minutes old must prove it again. */
      stepUp?: boolean;
    } = {},
  ) {
    return async (request: FastifyRequest) => {
      // A request with an API key was authenticated by the api-keys module before any guard (decision 0070): it
      // reaches only routes that name a key scope, and acts as the key's creator.
      const auth = request.apiKey
        ? request.auth
        : await deps.authService.resolveSession(readSessionToken(request, deps.config));
      if (!auth) throw authErrors.unauthenticated();
      // The admin console (issue 22): anyone who may not use the area — a client, a notary, an admin without one
      // of its roles — gets the 404 of an address with nothing there, as the web app sends them to /404.
      if (
        options.adminArea &&
        (auth.user.role !== 'admin' || !mayUseAdminArea(auth.user.adminRoles, options.adminArea))
      ) {
        throw authErrors.notAdminArea();
      }
      if (options.roles && options.roles.length > 0 && !options.roles.includes(auth.user.role as UserRole)) {
        throw authErrors.forbidden();
      }
      if (
        options.adminsNeed &&
        auth.user.role === 'admin' &&
        !mayUseAdminArea(auth.user.adminRoles, options.adminsNeed)
      ) {
        throw authErrors.notAdminArea();
      }
      // Until a notary or admin turns MFA on (when their role requires it), only the setup itself is open.
      if (!options.allowDuringMfaSetup && deps.authService.isMfaSetupRequired(auth.user)) {
        throw authErrors.mfaSetupRequired();
      }
      if (options.stepUp && auth.user.role === 'admin' && isProofStale(auth))
        throw authErrors.stepUpRequired();
      request.auth = auth;
    };
  }
  // The real clock, like the database's now() that stamps the proof (a test app's fixed `now` plays no part).
  const isProofStale = (auth: AuthContext) => Date.now() - auth.verifiedAt.getTime() > STEP_UP_MAX_AGE_MS;
  /** Reads the session when there is one (`request.auth`), and admits a visitor too: public forms that link a
   * signed-in sender's account. */
  function optionalUser() {
    return async (request: FastifyRequest) => {
      if (request.apiKey) return;
      const token = readSessionToken(request, deps.config);
      const auth = token ? await deps.authService.resolveSession(token) : null;
      if (auth) request.auth = auth;
    };
  }
  return {
    requireUser,
    /**
     * For a step-up that depends on the request (a refund above a threshold): refuses an admin whose proof is
     * stale with `auth.step_up_required`, as `stepUp: true` does.
     */
    assertFreshProof(auth: AuthContext) {
      if (auth.user.role === 'admin' && isProofStale(auth)) throw authErrors.stepUpRequired();
    },
    optionalUser,
    /** An admin route of `area` (see ADMIN_AREAS): 401 signed out, 404 to anyone who may not use it. */
    requireAdmin: (area: AdminArea, options: { stepUp?: boolean } = {}) =>
      requireUser({ adminArea: area, ...options }),
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw authErrors.unauthenticated();
  return request.auth;
}
