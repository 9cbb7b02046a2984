import { ACTING_AS_HEADER } from '@mohar/contracts';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../platform/ids.ts';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { DirectoryScope, InHouseNotariesService } from './in-house-notaries.service.ts';
import type { OrganisationsService } from './organisations.service.ts';

/**
 * Who the public directory shows this request (decision 0074): a signed-in member acting for an organisation does not
 * see its in-house notaries there unless a notary chose to be listed — and under the organisation's "only our in-house
 * notaries" setting sees those alone, the only ones they may name (decision 0091). Anyone else, and a header naming
 * an organisation the person does not belong to, sees the whole directory: it is public anyway.
 */
export function createDirectoryFilter(deps: {
  guard: AuthGuard;
  organisationsService: OrganisationsService;
  inHouseNotariesService: InHouseNotariesService;
}) {
  const readSession = deps.guard.optionalUser();
  const everyone: DirectoryScope = { excludeIds: [] };
  return async (request: FastifyRequest): Promise<DirectoryScope> => {
    const header = request.headers[ACTING_AS_HEADER];
    if (typeof header !== 'string' || !isUuid(header)) return everyone;
    if (!request.auth) await readSession(request);
    const user = request.auth?.user;
    if (user?.role !== 'client') return everyone;
    if (!(await deps.organisationsService.roleOf(header, user.id))) return everyone;
    return deps.inHouseNotariesService.directoryScopeFor(header);
  };
}
