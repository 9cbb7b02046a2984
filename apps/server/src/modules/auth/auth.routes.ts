import {
  activeSessionsResponse,
  changeEmailRequest,
  changePasswordRequest,
  endSessionsResponse,
  errorResponse,
  forgotPasswordRequest,
  loginMfaRequest,
  loginRequest,
  loginResponse,
  messageResponse,
  mfaCodeRequest,
  mfaDisableRequest,
  mfaEnableRequest,
  mfaSetupResponse,
  recordIdParams,
  recoveryCodesResponse,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  userResponse,
} from '@mohar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { authErrors } from './auth.errors.ts';
import {
  type AuthGuard,
  authOf,
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
} from './auth.guard.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';

// A malformed token is an invalid link (auth.token_invalid, like an unknown one), not a validation error.
const tokenParams = z.strictObject({ token: z.string().max(500) });
const sessionIdParams = recordIdParams;
const emptyBody = z.strictObject({}).optional();
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };

export const metaOf = (request: FastifyRequest): RequestMeta => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
});

type LoginResult = Awaited<ReturnType<AuthService['login']>>;

/** The cookie, and either the user or the request for the second step: the same for a password and a link. */
function loginAnswer(reply: FastifyReply, config: AppConfig, result: LoginResult) {
  setSessionCookie(reply, config, result.token);
  if (result.kind === 'mfa') {
    return { mfaRequired: true as const, message: 'Enter the 6-digit code from your authenticator app.' };
  }
  return { user: result.user, message: 'Logged in successfully' };
}

export function authRoutes(deps: {
  authService: AuthService;
  guard: AuthGuard;
  config: AppConfig;
  /** A session was ended by logging out (its realtime connections close). */
  onLogout?: (sessionId: string) => void;
}): FastifyPluginAsyncZod {
  const { authService, guard, config } = deps;
  return async (app) => {
    app.decorateRequest('auth', null);

    app.post(
      '/register',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
        schema: {
          tags: ['auth'],
          summary: 'Create an account',
          body: registerRequest,
          response: { 201: messageResponse, ...errors },
        },
      },
      async (request, reply) => {
        await authService.register({
          ...request.body,
          meta: { ipAddress: request.ip, userAgent: request.headers['user-agent'] },
        });
        return reply.status(201).send({
          message:
            'Registration successful. Check your e-mail for a link to verify your address, then log in.',
        });
      },
    );

    app.post(
      '/verify-email/resend',
      {
        config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification link',
          body: resendVerificationRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await authService.resendVerification(request.body.email);
        return {
          message: 'If that address has an account waiting for verification, we have sent a new link.',
        };
      },
    );

    app.post(
      '/verify-email/:token',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Verify an e-mail address',
          params: tokenParams,
          body: emptyBody,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await authService.verifyEmail(request.params.token);
        return { message: 'Your e-mail address is verified. You can log in now.' };
      },
    );

    app.post(
      '/login',
      {
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Log in',
          body: loginRequest,
          response: { 200: loginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await authService.login({
          ...request.body,
          previousToken: readSessionToken(request, config),
          meta: metaOf(request),
        });
        return loginAnswer(reply, config, result);
      },
    );

    app.post(
      '/login/link/:token',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Log in with a one-time sign-in link (e-mailed while password sign-in is paused)',
          params: tokenParams,
          body: emptyBody,
          response: { 200: loginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await authService.loginWithLink({
          token: request.params.token,
          previousToken: readSessionToken(request, config),
          meta: metaOf(request),
        });
        return loginAnswer(reply, config, result);
      },
    );

    app.post(
      '/login/mfa',
      {
        config: { rateLimit: { max: 20, timeWindow: '5 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Finish logging in with a second factor',
          body: loginMfaRequest,
          response: { 200: loginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await authService.completeMfaLogin({
          pendingToken: readSessionToken(request, config),
          code: request.body.code,
          meta: metaOf(request),
        });
        setSessionCookie(reply, config, result.token);
        return { user: result.user, message: 'Logged in successfully' };
      },
    );

    app.get(
      '/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: userResponse, 401: errorResponse },
        },
      },
      async (request, reply) => {
        const token = readSessionToken(request, config);
        const auth = await authService.resolveSession(token);
        if (!auth) {
          if (token) clearSessionCookie(reply, config);
          throw authErrors.unauthenticated();
        }
        return { user: authService.toSessionUser(auth.user) };
      },
    );

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      const sessionId = await authService.logout(readSessionToken(request, config));
      if (sessionId) deps.onLogout?.(sessionId);
      clearSessionCookie(reply, config);
      return { message: 'Logged out successfully' };
    };
    // GET as the spec's client calls it; a cross-site GET cannot log anyone out usefully (SameSite=Lax sends the
    // cookie on top-level GETs, and the worst outcome is being logged out).
    app.get(
      '/logout',
      { schema: { tags: ['auth'], summary: 'Log out', response: { 200: messageResponse } } },
      logout,
    );
    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log out',
          body: emptyBody,
          response: { 200: messageResponse, 403: errorResponse },
        },
      },
      logout,
    );

    app.post(
      '/password/forgot',
      {
        config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'E-mail a password reset link',
          body: forgotPasswordRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await authService.forgotPassword(request.body.email);
        return {
          message:
            'If an account exists for that e-mail address, we have sent a link to reset the password. It works for 1 hour.',
        };
      },
    );

    app.put(
      '/password/reset/:token',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link',
          params: tokenParams,
          body: resetPasswordRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await authService.resetPassword({ token: request.params.token, password: request.body.password });
        return { message: 'Password updated successfully' };
      },
    );

    // Profile security. Open during forced MFA setup, so a notary can turn MFA on (and still manage sessions).
    const signedIn = guard.requireUser({ allowDuringMfaSetup: true });

    app.put(
      '/profile/password',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Change the password',
          body: changePasswordRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await authService.changePassword({
          auth: authOf(request),
          currentPassword: request.body.currentPassword,
          password: request.body.password,
        });
        return { message: 'Password changed. Your other devices were signed out.' };
      },
    );

    app.post(
      '/profile/email',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Ask to change the e-mail address (a link goes to the new one)',
          body: changeEmailRequest,
          response: { 200: messageResponse, 409: errorResponse, ...errors },
        },
      },
      async (request) => {
        await authService.requestEmailChange({
          auth: authOf(request),
          newEmail: request.body.newEmail,
          currentPassword: request.body.currentPassword,
        });
        return {
          message: 'We sent a link to the new address. Your e-mail changes when you follow it.',
        };
      },
    );

    app.post(
      '/email/confirm/:token',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Confirm a new e-mail address',
          params: tokenParams,
          body: emptyBody,
          response: { 200: messageResponse, 409: errorResponse, ...errors },
        },
      },
      async (request) => {
        await authService.confirmEmailChange(request.params.token);
        return { message: 'Your e-mail address is changed. Sign in with the new one from now on.' };
      },
    );

    app.post(
      '/email/undo/:token',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Undo a change of e-mail address (from the link sent to the old one)',
          params: tokenParams,
          body: emptyBody,
          response: { 200: messageResponse, 409: errorResponse, ...errors },
        },
      },
      async (request, reply) => {
        await authService.undoEmailChange(request.params.token);
        clearSessionCookie(reply, deps.config);
        return { message: 'Your previous e-mail address is back, and every device was signed out.' };
      },
    );

    app.get(
      '/profile/sessions',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Active sessions',
          response: { 200: activeSessionsResponse, ...errors },
        },
      },
      async (request) => ({ data: await authService.listSessions(authOf(request)) }),
    );

    app.delete(
      '/profile/sessions/:id',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'End one session',
          params: sessionIdParams,
          response: { 200: messageResponse, 404: errorResponse, ...errors },
        },
      },
      async (request) => {
        await authService.endSession({ auth: authOf(request), sessionId: request.params.id });
        return { message: 'Session ended' };
      },
    );

    app.delete(
      '/profile/sessions',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'End every other session',
          response: { 200: endSessionsResponse, ...errors },
        },
      },
      async (request) => {
        const ended = await authService.endOtherSessions(authOf(request));
        return { message: ended === 1 ? '1 other session ended' : `${ended} other sessions ended`, ended };
      },
    );

    app.post(
      '/profile/mfa/setup',
      {
        preHandler: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Start MFA setup: a new TOTP secret',
          body: emptyBody,
          response: { 200: mfaSetupResponse, 409: errorResponse, ...errors },
        },
      },
      async (request) => authService.startMfaSetup(authOf(request)),
    );

    app.post(
      '/profile/mfa/enable',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 10, timeWindow: '5 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Confirm MFA with a code; returns recovery codes once',
          body: mfaEnableRequest,
          response: { 200: recoveryCodesResponse, 409: errorResponse, ...errors },
        },
      },
      async (request) => {
        const recoveryCodes = await authService.enableMfa({ auth: authOf(request), code: request.body.code });
        return {
          message: 'Two-step verification is on. Save your recovery codes now: they are shown only once.',
          recoveryCodes,
        };
      },
    );

    app.post(
      '/profile/mfa/disable',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 10, timeWindow: '5 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Turn MFA off',
          body: mfaDisableRequest,
          response: { 200: messageResponse, 409: errorResponse, ...errors },
        },
      },
      async (request) => {
        await authService.disableMfa({ auth: authOf(request), ...request.body });
        return { message: 'Two-step verification is off.' };
      },
    );

    app.post(
      '/profile/mfa/recovery-codes',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: 10, timeWindow: '5 minutes' } },
        schema: {
          tags: ['profile'],
          summary: 'Replace the recovery codes',
          body: mfaCodeRequest,
          response: { 200: recoveryCodesResponse, 409: errorResponse, ...errors },
        },
      },
      async (request) => {
        const recoveryCodes = await authService.regenerateRecoveryCodes({
          auth: authOf(request),
          code: request.body.code,
        });
        return { message: 'New recovery codes. The old ones no longer work.', recoveryCodes };
      },
    );
  };
}
