import { TERMS_VERSION, type UpdateProfileRequest } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import { updateProfile, upsertAccount } from './users.repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Database }) {
  return {
    updateProfile(options: { auth: AuthContext; changes: UpdateProfileRequest & { mobile?: string } }) {
      return updateProfile(deps.db, { userId: options.auth.user.id, ...options.changes });
    },

    /** ADMIN_EMAIL / ADMIN_PASSWORD and `npm run admin:create`: the admin exists, verified, with this password. */
    async ensureAdmin(options: { email: string; password: string; name?: string }) {
      return upsertAccount(deps.db, {
        overwrite: true,
        row: {
          email: options.email.trim().toLowerCase(),
          name: options.name ?? 'Mohar admin',
          mobile: '+910000000000',
          role: 'admin',
          passwordHash: await hashPassword(options.password),
          emailVerifiedAt: new Date(),
          disabledAt: null,
        },
      });
    },

    /** Demo accounts for a laptop install; existing ones are left as they are (their owner may have changed them). */
    async seedDemoAccounts() {
      const accounts = [
        { role: 'client', email: 'client@mohar.example', name: 'Asha Client', mobile: '+919800000001' },
        { role: 'notary', email: 'notary@mohar.example', name: 'Ravi Shankar Iyer', mobile: '+919800000002' },
        {
          role: 'notary',
          email: 'notary2@mohar.example',
          name: 'Lakshmi Deshpande',
          mobile: '+919800000004',
        },
        { role: 'notary', email: 'notary3@mohar.example', name: 'Arjun Gowda', mobile: '+919800000005' },
        { role: 'admin', email: 'admin@mohar.example', name: 'Meera Admin', mobile: '+919800000003' },
      ] as const;
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      for (const account of accounts) {
        await upsertAccount(deps.db, {
          overwrite: false,
          row: {
            ...account,
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

/** Printed at start on demo installs only (SEED_DEMO). */
export const DEMO_PASSWORD = 'mohar-demo-seal-2025';
