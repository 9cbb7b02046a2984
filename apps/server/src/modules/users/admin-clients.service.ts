import type { AdminClientDetail } from '@mohar/contracts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { AdminActor } from '../auth/admin-accounts.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WalletService } from '../payments/wallet.service.ts';

/** How many of the newest applications and ledger entries the client's page shows (the counts say how many more). */
const RECENT = 20;

export type AdminClientsService = ReturnType<typeof createAdminClientsService>;

/**
 * The console's client page (issue 22): the account from auth, the applications, the wallet and the notifications
 * sent to them from their owners' services, read as the client would see them.
 */
export function createAdminClientsService(deps: {
  authService: AuthService;
  applicationsService: ApplicationsService;
  walletService: WalletService;
  notificationsService: Pick<NotificationsService, 'list'>;
}) {
  return {
    async detail(clientId: string): Promise<AdminClientDetail> {
      const account = await deps.authService.clientAccount(clientId);
      const asClient = { userId: clientId, role: 'client' };
      const [applications, balancePaise, ledger, notifications] = await Promise.all([
        deps.applicationsService.list({ viewer: asClient, page: 1, pageSize: RECENT }),
        deps.walletService.balance(clientId),
        deps.walletService.transactions({ owner: { userId: clientId }, page: 1, pageSize: RECENT }),
        deps.notificationsService.list(clientId, { page: 1, pageSize: RECENT }),
      ]);
      return {
        ...account,
        applications: { items: applications.applications, total: applications.total },
        wallet: { balancePaise, transactions: ledger.transactions, total: ledger.total },
        notifications: { items: notifications.notifications, total: notifications.total },
      };
    },

    /** A finance admin's wallet correction on a client's account (never another kind of account's wallet). */
    async adjustWallet(options: {
      clientId: string;
      amountPaise: number;
      reason: string;
      actor: AdminActor;
    }) {
      await deps.authService.getClientById(options.clientId);
      const { user } = options.actor.auth;
      return deps.walletService.adjust({
        userId: options.clientId,
        amountPaise: options.amountPaise,
        reason: options.reason,
        actor: {
          userId: user.id,
          role: 'admin',
          adminRoles: user.adminRoles,
          ipAddress: options.actor.ipAddress,
        },
      });
    },
  };
}
