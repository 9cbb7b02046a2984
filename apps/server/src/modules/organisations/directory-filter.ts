import { ACTING_AS_HEADER } from '@mohar/contracts';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../platform/ids.ts';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { InHouseNotariesService } from './in-house-notaries.service.ts';
import type { OrganisationsService } from './organisations.service.ts';

/**
 * The notaries the public directory leaves out for this request (decision 0074): a signed-in member acting for an
 * organisation does not see its in-house notaries there unless a notary chose to be listed. Anyone else, and a
 * header naming an organisation the person does not belong to, sees the whole directory: it is public anyway.
 */
export function createDirectoryFilter(deps: {
  guard: AuthGuard;
  organisationsService: OrganisationsService;
  inHouseNotariesService: InHouseNotariesService;
}) {
  const readSession = deps.guard.optionalUser();
  return async (request: FastifyRequest): Promise<string[]> => {
    const header = request.headers[ACTING_AS_HEADER];
    if (typeof header !== 'string' || !isUuid(header)) return [];
    if (!request.auth) await readSession(request);
    const user = request.auth?.user;
    if (user?.role !== 'client') return [];
    if (!(await deps.organisationsService.roleOf(header, user.id))) return [];
    return deps.inHouseNotariesService.hiddenInDirectoryFor(header);
  };
}
