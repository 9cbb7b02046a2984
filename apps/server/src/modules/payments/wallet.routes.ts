import {
  errorResponse,
  walletResponse,
  walletTransactionsQuery,
  walletTransactionsResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { WalletService } from './wallet.service.ts';

export function walletRoutes(deps: {
  guard: AuthGuard;
  walletService: WalletService;
}): FastifyPluginAsyncZod {
  const { guard, walletService } = deps;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    const tags = ['wallet'];
    const errors = { 401: errorResponse, 403: errorResponse };

    app.get(
      '/wallet',
      {
        preHandler: client,
        schema: { tags, summary: 'My wallet balance', response: { 200: walletResponse, ...errors } },
      },
      async (request) => ({ balancePaise: await walletService.balance(authOf(request).user.id) }),
    );

    app.get(
      '/wallet/transactions',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'My wallet transactions, newest first',
          querystring: walletTransactionsQuery,
          response: { 200: walletTransactionsResponse, 400: errorResponse, ...errors },
        },
      },
      async (request) =>
        walletService.transactions({ owner: { userId: authOf(request).user.id }, ...request.query }),
    );
  };
}
