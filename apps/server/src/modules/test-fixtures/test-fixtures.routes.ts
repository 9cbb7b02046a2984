import {
  ADMIN_ROLES,
  APPLICATION_STATUSES,
  DOCUMENT_TYPES,
  errorResponse,
  NOTARIAL_ACTS,
  SIGNATORY_ROLES,
  USER_ROLES,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type BuildContext,
  type BuiltApplication,
  type BuiltNotary,
  type BuiltUser,
  buildApplication,
  buildNotary,
  buildPortalLink,
  buildUser,
  type Party,
  partyOf,
} from '../../testing/builders/index.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import { sessionCookie } from '../auth/auth.guard.ts';

/**
 * Set-up for the browser tests (issue 18): accounts signed in, verified notaries, applications at any stage, portal
 * links and live sessions, made by the same builders as the server's tests, so a journey starts where it means to
 * instead of clicking through every screen before it. Registered only with NODE_ENV=test and E2E_FIXTURES=true
 * (app.ts; config.ts refuses E2E_FIXTURES in production): these routes sign anyone in without a password.
 */

const userRequest = z.strictObject({
  role: z.enum(USER_ROLES).optional(),
  /** An admin's console roles (issue 22); default `owner`. */
  adminRoles: z.array(z.enum(ADMIN_ROLES)).min(1).optional(),
  name: z.string().min(1).optional(),
  email: z.email().optional(),
  /** As a person types it: the builders normalise it as registration does. */
  mobile: z.string().min(10).max(20).optional(),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  mfa: z.boolean().optional(),
});

const notaryRequest = z.strictObject({
  name: z.string().min(1).optional(),
  email: z.email().optional(),
  mfa: z.boolean().optional(),
  status: z.enum(['draft', 'pending', 'verified']).optional(),
  certificate: z.enum(['placeholder', 'platform']).optional(),
  online: z.boolean().optional(),
  details: z
    .strictObject({
      fullName: z.string().min(1),
      registrationNumber: z.string().min(1),
      appointingGovernment: z.string().min(1),
      areaOfPractice: z.string().min(1),
      commissionExpiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      officeAddress: z.string().min(1),
      languages: z.array(z.string()).min(1),
    })
    .partial()
    .optional(),
});

const stage = z.enum([...APPLICATION_STATUSES, 'submitted', 'paid', 'signed', 'sealed']);

const applicationRequest = z.strictObject({
  status: stage.optional(),
  /** An existing account (e.g. one made by /test-fixtures/users); default: a client made for it. */
  ownerId: z.uuid().optional(),
  /** An existing verified notary; default: one made for it when the stage needs one. */
  notaryId: z.uuid().optional(),
  notaryChoice: z.enum(['first_available', 'named']).nullable().optional(),
  signatories: z
    .array(
      z.strictObject({
        fullName: z.string().min(1),
        email: z.email().optional(),
        dateOfBirth: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
        role: z.enum(SIGNATORY_ROLES).optional(),
      }),
    )
    .max(6)
    .optional(),
  details: z
    .strictObject({
      documentType: z.enum(DOCUMENT_TYPES),
      notarialAct: z.enum(NOTARIAL_ACTS),
      title: z.string().min(1),
      description: z.string().min(1),
      language: z.string().min(1),
      purpose: z.string().min(1),
    })
    .partial()
    .optional(),
  initialsOnEveryPage: z.boolean().optional(),
  payWith: z.enum(['gateway', 'wallet']).optional(),
  recording: z.enum(['none', 'media', 'started', 'browser']).optional(),
  endedFrom: z.enum(APPLICATION_STATUSES).optional(),
});

const portalLinkRequest = z.strictObject({
  applicationId: z.uuid(),
  signatoryId: z.uuid(),
  progress: z.enum(['invited', 'email_confirmed', 'consented', 'identity_submitted']).optional(),
});

const cookie = z.object({ name: z.string(), value: z.string() });
const userResponse = z.object({
  _id: z.string(),
  email: z.string(),
  password: z.string(),
  role: z.enum(USER_ROLES),
  name: z.string(),
  /** For a browser's cookie jar (Playwright `context.addCookies`). */
  cookie,
  mfa: z.object({ secret: z.string(), recoveryCodes: z.array(z.string()) }).nullable(),
});
const notaryResponse = userResponse.extend({ fullName: z.string(), registrationNumber: z.string() });
const applicationResponse = z.object({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  ownerId: z.string(),
  notaryId: z.string().nullable(),
  /** The accounts made for this application (not those passed by id), signed in. */
  owner: userResponse.nullable(),
  notary: notaryResponse.nullable(),
  signatories: z.array(
    z.object({
      _id: z.string(),
      fullName: z.string(),
      email: z.string(),
      role: z.enum(SIGNATORY_ROLES),
      /** The personal link's token (`/access-application/{token}`), once paid. */
      token: z.string().nullable(),
    }),
  ),
  totalPaise: z.number().nullable(),
  requestId: z.string().nullable(),
});

export function testFixturesRoutes(deps: { context: BuildContext }): FastifyPluginAsyncZod {
  const ctx = deps.context;
  const cookieName = sessionCookie(ctx.config).name;

  const toUser = (user: BuiltUser) => ({
    _id: user.id,
    email: user.email,
    password: user.password,
    role: user.role,
    name: user.name,
    cookie: { name: cookieName, value: user.sessionToken },
    mfa: user.mfa,
  });
  const toNotary = (notary: BuiltNotary) => ({
    ...toUser(notary),
    fullName: notary.fullName,
    registrationNumber: notary.registrationNumber,
  });
  // Accounts passed by id come back as plain parties; those made here carry a session.
  const isBuilt = (party: Party | null): party is BuiltUser => party !== null && 'sessionToken' in party;
  const isBuiltNotary = (party: Party | null): party is BuiltNotary =>
    isBuilt(party) && 'registrationNumber' in party;
  const toApplication = (built: BuiltApplication<Party, Party>) => ({
    _id: built.id,
    status: built.status,
    ownerId: built.owner.id,
    notaryId: built.notary?.id ?? null,
    owner: isBuilt(built.owner) ? toUser(built.owner) : null,
    notary: isBuiltNotary(built.notary) ? toNotary(built.notary) : null,
    signatories: built.signatories.map((s) => ({
      _id: s.id,
      fullName: s.fullName,
      email: s.email,
      role: s.role,
      token: s.token ?? null,
    })),
    totalPaise: built.totalPaise,
    requestId: built.requestId,
  });

  const build = async (body: z.infer<typeof applicationRequest>, fallback: 'draft' | 'in_session') => {
    const { ownerId, notaryId, ...options } = body;
    const built = await buildApplication<Party, Party>(ctx, {
      ...options,
      status: options.status ?? fallback,
      owner: ownerId ? await partyOf(ctx, ownerId) : undefined,
      notary: notaryId ? await partyOf(ctx, notaryId) : undefined,
    });
    return toApplication(built);
  };

  return async (app) => {
    const tags = ['test-fixtures'];
    app.post(
      '/test-fixtures/users',
      {
        schema: {
          tags,
          summary: 'A verified account of any role, signed in (tests only)',
          body: userRequest,
          response: { 201: userResponse, 400: errorResponse },
        },
      },
      async (request, reply) => reply.status(201).send(toUser(await buildUser(ctx, request.body))),
    );

    app.post(
      '/test-fixtures/notaries',
      {
        schema: {
          tags,
          summary: 'A notary with every onboarding step done, approved by default, signed in (tests only)',
          body: notaryRequest,
          response: { 201: notaryResponse, 400: errorResponse },
        },
      },
      async (request, reply) => reply.status(201).send(toNotary(await buildNotary(ctx, request.body))),
    );

    app.post(
      '/test-fixtures/applications',
      {
        schema: {
          tags,
          summary: 'An application at any stage, for a given owner or a new one (tests only)',
          body: applicationRequest,
          response: { 201: applicationResponse, 400: errorResponse },
        },
      },
      async (request, reply) => reply.status(201).send(await build(request.body, 'draft')),
    );

    app.post(
      '/test-fixtures/live-sessions',
      {
        schema: {
          tags,
          summary: 'A live session: paid, identities submitted, accepted by a notary (tests only)',
          body: applicationRequest,
          response: { 201: applicationResponse, 400: errorResponse },
        },
      },
      async (request, reply) => reply.status(201).send(await build(request.body, 'in_session')),
    );

    app.post(
      '/test-fixtures/step-up/age',
      {
        schema: {
          tags,
          summary:
            "Moves the account's last proof of identity back, so step-up is asked at once (tests only)",
          body: z.strictObject({ userId: z.uuid(), minutes: z.number().int().min(0).max(60) }),
          response: { 204: z.null(), 400: errorResponse },
        },
      },
      async (request, reply) => {
        const { userId, minutes } = request.body;
        await ctx.services.authService.backdateProof({ userId, ageMs: minutes * 60_000 });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/test-fixtures/portal-links',
      {
        schema: {
          tags,
          summary:
            "A fresh personal link for a paid application's signatory, steps done up to `progress` (tests only)",
          body: portalLinkRequest,
          response: {
            201: z.object({ token: z.string(), path: z.string() }),
            400: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const application = await ctx.services.applicationsService.readable(request.body.applicationId, {
          userId: '00000000-0000-0000-0000-000000000000',
          role: 'admin',
        });
        const signatory = application.row.signatories.find((s) => s.id === request.body.signatoryId);
        if (!signatory) throw applicationErrors.notFound();
        const { token } = await buildPortalLink(ctx, {
          application: { id: application.row.id, owner: await partyOf(ctx, application.row.ownerId) },
          signatory,
          progress: request.body.progress,
        });
        return reply.status(201).send({ token, path: `/access-application/${token}` });
      },
    );
  };
}
