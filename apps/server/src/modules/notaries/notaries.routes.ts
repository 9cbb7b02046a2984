import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { AdminNotaryRecordService } from './admin-notary-record.service.ts';
import type { NotariesService } from './notaries.service.ts';
import type { RegisterService } from './register.service.ts';

export type NotaryRoutesDeps = {
  notariesService: NotariesService;
  registerService: RegisterService;
  guard: AuthGuard;
  adminNotaryRecordService: AdminNotaryRecordService;
  /** Who the directory shows this caller: an organisation's own left out (decision 0074), or alone (0091). */
  directoryScopeFor?: (
    request: FastifyRequest,
  ) => Promise<{ excludeIds: readonly string[]; onlyIds?: readonly string[] }>;
};

import { adminNotariesRoutes } from './admin-notaries.routes.ts';
import { adminNotaryRecordRoutes } from './admin-notary-record.routes.ts';
import { notaryDirectoryRoutes } from './notary-directory.routes.ts';
import { notaryProfileRoutes } from './notary-profile.routes.ts';
import { notaryRegisterRoutes } from './notary-register.routes.ts';

/** Every notaries route, from the use-case route files. */
export function notariesRoutes(deps: NotaryRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(notaryProfileRoutes(deps));
    await app.register(notaryRegisterRoutes(deps));
    await app.register(adminNotariesRoutes(deps));
    await app.register(adminNotaryRecordRoutes(deps));
    await app.register(notaryDirectoryRoutes(deps));
  };
}
