import {
  errorResponse,
  inHouseNotariesResponse,
  inHouseNotaryInviteRequest,
  inHouseNotaryParams,
  notaryOrganisationLinkRequest,
  notaryOrganisationLinksResponse,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { InHouseNotariesService } from './in-house-notaries.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const linkParams = z.strictObject({ linkId: z.string() });
const empty = z.optional(z.strictObject({}));

/** In-house notaries (decision 0074): the organisation's side and the notary's. */
export function inHouseNotariesRoutes(deps: {
  inHouseNotariesService: InHouseNotariesService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { inHouseNotariesService: service, guard } = deps;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    const notary = guard.requireUser({ roles: ['notary'] });
    const tags = ['organisations'];
    const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

    app.get(
      '/organisations/:id/notaries',
      {
        preHandler: client,
        schema: {
          tags,
          summary: "The organisation's in-house notaries and open invitations",
          params: recordIdParams,
          response: { 200: inHouseNotariesResponse, ...errors },
        },
      },
      async (request) => ({
        notaries: await service.list({ id: request.params.id, userId: userIdOf(request) }),
      }),
    );

    app.post(
      '/organisations/:id/notaries',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Invite a verified notary to work for the organisation (owners and admins)',
          params: recordIdParams,
          body: inHouseNotaryInviteRequest,
          response: { 201: inHouseNotariesResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          notaries: await service.invite({
            id: request.params.id,
            userId: userIdOf(request),
            registrationNumber: request.body.registrationNumber,
          }),
        }),
    );

    app.delete(
      '/organisations/:id/notaries/:linkId',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Withdraw the invitation or end the link (owners and admins)',
          params: inHouseNotaryParams,
          response: { 200: inHouseNotariesResponse, ...errors },
        },
      },
      async (request) => ({
        notaries: await service.end({
          id: request.params.id,
          userId: userIdOf(request),
          linkId: request.params.linkId,
        }),
      }),
    );

    app.get(
      '/notary/organisations',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Organisations that invited me or that I work for',
          response: { 200: notaryOrganisationLinksResponse, ...errors },
        },
      },
      async (request) => ({ links: await service.notaryLinks(userIdOf(request)) }),
    );

    app.post(
      '/notary/organisations/:linkId/accept',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: "Accept an organisation's invitation",
          params: linkParams,
          body: empty,
          response: { 200: notaryOrganisationLinksResponse, ...errors },
        },
      },
      async (request) => ({
        links: await service.accept({ linkId: request.params.linkId, notaryId: userIdOf(request) }),
      }),
    );

    app.post(
      '/notary/organisations/:linkId/decline',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: 'Decline the invitation, or stop working for the organisation',
          params: linkParams,
          body: empty,
          response: { 200: notaryOrganisationLinksResponse, ...errors },
        },
      },
      async (request) => ({
        links: await service.decline({ linkId: request.params.linkId, notaryId: userIdOf(request) }),
      }),
    );

    app.put(
      '/notary/organisations/:linkId',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: "Choose whether the organisation's members also find me in the public directory",
          params: linkParams,
          body: notaryOrganisationLinkRequest,
          response: { 200: notaryOrganisationLinksResponse, ...errors },
        },
      },
      async (request) => ({
        links: await service.setListed({
          linkId: request.params.linkId,
          notaryId: userIdOf(request),
          listedForMembers: request.body.listedForMembers,
        }),
      }),
    );
  };
}
