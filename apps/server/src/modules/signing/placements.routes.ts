import { signaturePlacesRequest, signaturePlacesResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { SESSION_ERRORS, sessionParams } from '../sessions/route-schema.ts';
import type { PlacementsService } from './placements.service.ts';

/**
 * Where each signatory signs: the owner's side (`/applications/:id/…`, before the session) and the notary's
 * (`/sessions/:id/…`, in the session until the first signature). Another user's application is a 404.
 */
export function placementsRoutes(deps: {
  guard: AuthGuard;
  placementsService: PlacementsService;
  liveSessionOf: (applicationId: string, notaryId: string) => Promise<void>;
}): FastifyPluginAsyncZod {
  const { guard, placementsService } = deps;
  return async (app) => {
    const tags = ['signature places'];
    const errors = SESSION_ERRORS;
    const signedIn = guard.requireUser({ adminsNeed: 'applicationRecords' });
    const notary = guard.requireUser({ roles: ['notary'] });

    app.get(
      '/applications/:id/signature-places',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The owner's signature boxes, the document's pages and whether they can still change",
          params: sessionParams,
          response: { 200: signaturePlacesResponse, ...errors },
        },
      },
      async (request) =>
        placementsService.forOwner({ applicationId: request.params.id, ownerId: authOf(request).user.id }),
    );

    app.put(
      '/applications/:id/signature-places',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Place every signature box (the whole set) and choose initials on every page; before the session',
          params: sessionParams,
          body: signaturePlacesRequest,
          response: { 200: signaturePlacesResponse, ...errors },
        },
      },
      async (request) =>
        placementsService.saveForOwner({
          applicationId: request.params.id,
          ownerId: authOf(request).user.id,
          request: request.body,
        }),
    );

    app.get(
      '/sessions/:id/signature-places',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'The signature boxes as the session will use them',
          params: sessionParams,
          response: { 200: signaturePlacesResponse, ...errors },
        },
      },
      async (request) => {
        await deps.liveSessionOf(request.params.id, authOf(request).user.id);
        return placementsService.forNotary(request.params.id);
      },
    );

    app.put(
      '/sessions/:id/signature-places',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'The notary adjusts the signature boxes before anyone signs',
          params: sessionParams,
          body: signaturePlacesRequest,
          response: { 200: signaturePlacesResponse, ...errors },
        },
      },
      async (request) => {
        await deps.liveSessionOf(request.params.id, authOf(request).user.id);
        return placementsService.saveForNotary({ applicationId: request.params.id, request: request.body });
      },
    );
  };
}
