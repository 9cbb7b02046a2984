import { createAccountSessions } from './account-sessions.service.ts';
import { type AuthDeps, createAuthCore } from './auth-core.ts';
import { createLogin } from './login.service.ts';
import { createMfaSetup } from './mfa-setup.service.ts';
import { createPasswords } from './passwords.service.ts';
import { createRegistration } from './registration.service.ts';

export type { AuthContext, RequestMeta } from './auth-core.ts';

export type AuthService = ReturnType<typeof createAuthService>;

/** Accounts: one object for the routes and other modules, its use cases each in a file of their own. */
export function createAuthService(deps: AuthDeps) {
  const core = createAuthCore(deps);
  return {
    toSessionUser: core.toSessionUser,
    isMfaSetupRequired: core.isMfaSetupRequired,
    ...createRegistration(core),
    ...createLogin(core),
    ...createPasswords(core),
    ...createAccountSessions(core),
    ...createMfaSetup(core),
  };
}
