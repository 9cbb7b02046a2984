import { type LanguageCode, TERMS_VERSION, type UpdateProfileRequest } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { ADMIN_MOBILE_NOT_GIVEN } from '../auth/admin-team.service.ts';
import { type AuthContext, updateProfile, upsertAccount } from '../auth/auth.service.ts';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Database }) {
  return {
    updateProfile(options: { auth: AuthContext; changes: UpdateProfileRequest & { mobile?: string } }) {
      return updateProfile(deps.db, { userId: options.auth.user.id, ...options.changes });
    },

    /** The caller's own account only: the screens, and later their e-mails, follow it (issue 23). */
    chooseLanguage(options: { auth: AuthContext; language: LanguageCode }) {
      return updateProfile(deps.db, { userId: options.auth.user.id, language: options.language });
    },

    /** ADMIN_EMAIL / ADMIN_PASSWORD and `npm run admin:create`: the admin exists, verified, with this password. */
    async ensureAdmin(options: { email: string; password: string; name?: string }) {
      return upsertAccount(deps.db, {
        overwrite: true,
        row: {
          email: options.email.trim().toLowerCase(),
          name: options.name ?? 'Mohar admin',
          mobile: ADMIN_MOBILE_NOT_GIVEN,
          role: 'admin',
          // The bootstrap admin runs the platform: every part of the console, and (later) the other admins.
          adminRoles: ['owner'],
          passwordHash: await hashPassword(options.password),
          emailVerifiedAt: new Date(),
          disabledAt: null,
        },
      });
    },

    /** Demo accounts for a laptop install; existing ones are left as they are (their owner may have changed them). */
    async seedDemoAccounts() {
      const accounts = [
        {
          role: 'client',
          email: 'client@mohar.example',
          name: 'Asha Client',
          mobile: indianMobile('9800000001'),
        },
        {
          role: 'notary',
          email: 'notary@mohar.example',
          name: 'Ravi Shankar Iyer',
          mobile: indianMobile('9800000002'),
        },
        {
          role: 'notary',
          email: 'notary2@mohar.example',
          name: 'Lakshmi Deshpande',
          mobile: indianMobile('9800000004'),
        },
        {
          role: 'notary',
          email: 'notary3@mohar.example',
          name: 'Arjun Gowda',
          mobile: indianMobile('9800000005'),
        },
        {
          role: 'admin',
          email: 'admin@mohar.example',
          name: 'Meera Admin',
          mobile: indianMobile('9800000003'),
        },
      ] as const;
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      for (const account of accounts) {
        await upsertAccount(deps.db, {
          overwrite: false,
          row: {
            ...account,
            adminRoles: account.role === 'admin' ? ['owner'] : [],
            passwordHash,
            dateOfBirth: '1990-01-01',
            termsVersion: TERMS_VERSION,
            termsAcceptedAt: new Date(),
            emailVerifiedAt: new Date(),
          },
        });
      }
      return accounts.map((a) => ({ role: a.role, email: a.email, password: DEMO_PASSWORD }));
    },
  };
}

/** Stored form of a mobile number: +91 and the ten digits (demo and bootstrap accounts; not identity numbers). */
const indianMobile = (tenDigits: string) => `+91${tenDigits}`;

/** Printed at start on demo installs only (SEED_DEMO). */
export const DEMO_PASSWORD = 'mohar-demo-seal-2025';
