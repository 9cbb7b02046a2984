import { CONSENT, IDENTITY_DOCUMENT_KINDS } from '@mohar/contracts';
import { and, desc, eq, like } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.ts';
import { BUILDER_META, type BuildContext, settle } from './context.ts';
import { identityPhoto, inkSignature } from './files.ts';

/** How far a signatory has come in the portal (each step includes the ones before it). */
export type PortalStep = 'invited' | 'email_confirmed' | 'consented' | 'identity_submitted';
const STEPS: readonly PortalStep[] = ['invited', 'email_confirmed', 'consented', 'identity_submitted'];
const REACHED: Record<string, number> = {
  invited: 0,
  email_confirmed: 1,
  consented: 2,
  identity_submitted: 3,
  qr_verified: 3,
  needs_notary_review: 3,
};

/** The newest mail to an address with this in its subject or text (the outbox is what the mail server is sent). */
async function newestMailTo(ctx: BuildContext, options: { to: string; subject?: string; text?: string }) {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, options.to.toLowerCase()),
        options.subject ? like(mailOutbox.subject, `%${options.subject}%`) : undefined,
        options.text ? like(mailOutbox.text, `%${options.text}%`) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The token of the newest personal link mailed to a signatory (links exist only in the mail: stored hashed). */
export async function invitationTokenOf(ctx: BuildContext, email: string): Promise<string> {
  const mail = await newestMailTo(ctx, { to: email, text: '/access-application/' });
  const token = mail?.text.match(/\/access-application\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no portal link was mailed to ${email}`);
  return token;
}

/**
 * Takes a signatory through the portal's steps up to `to`, through the portal and identity services as their browser
 * would: the e-mailed code (read from the mail), consent, the three identity images (no QR on them, so the notary
 * checks the card in the call), then submission — the last signatory's moves the application to ready.
 */
export async function advanceSignatory(
  ctx: BuildContext,
  options: { token: string; email: string; to: PortalStep },
) {
  const { portalService, portalSteps, identityService } = ctx.services;
  const { me } = await portalService.resolve(options.token);
  const from = REACHED[me.progress];
  if (from === undefined) throw new Error(`advanceSignatory: ${me.fullName} is ${me.progress}`);
  const target = STEPS.indexOf(options.to);
  if (from < 1 && target >= 1) {
    await portalSteps.sendEmailCode(options.token);
    const mail = await newestMailTo(ctx, { to: options.email, subject: ' is your Mohar confirmation code' });
    const code = mail?.subject.slice(0, 6) ?? '';
    await portalSteps.verifyEmailCode(options.token, code);
  }
  if (from < 2 && target >= 2)
    await portalSteps.consent({
      token: options.token,
      body: { decision: 'accept', textVersion: CONSENT.version },
      ipAddress: BUILDER_META.ipAddress,
      userAgent: BUILDER_META.userAgent,
    });
  if (from < 3 && target >= 3) {
    const photo = await identityPhoto();
    for (const kind of IDENTITY_DOCUMENT_KINDS)
      await identityService.upload({ token: options.token, kind, bytes: photo, fileName: `${kind}.jpg` });
    await identityService.submit({ token: options.token, ip: BUILDER_META.ipAddress });
  }
  await settle(ctx);
}

/**
 * A fresh personal link for a signatory of a paid application, as the owner's "send the link again" makes it (the
 * previous link stops working), taken through the portal's steps up to `progress` (default: none yet).
 */
export async function buildPortalLink(
  ctx: BuildContext,
  options: {
    application: { id: string; owner: { id: string; role: string } };
    signatory: { id: string; email: string };
    progress?: PortalStep;
  },
): Promise<{ token: string }> {
  await ctx.services.portalService.resend({
    applicationId: options.application.id,
    signatoryId: options.signatory.id,
    viewer: { userId: options.application.owner.id, role: options.application.owner.role },
  });
  const token = await invitationTokenOf(ctx, options.signatory.email);
  if (options.progress && options.progress !== 'invited')
    await advanceSignatory(ctx, { token, email: options.signatory.email, to: options.progress });
  await settle(ctx);
  return { token };
}

/** In the live session: the notary confirms the signatory's identity, then they sign (drawn), in their turn. */
export async function signInSession(
  ctx: BuildContext,
  options: { applicationId: string; notaryId: string; signatoryId: string },
) {
  const { callService, signingService } = ctx.services;
  await callService.decideIdentity({
    applicationId: options.applicationId,
    notaryId: options.notaryId,
    signatoryId: options.signatoryId,
    request: { decision: 'confirmed' },
    ip: BUILDER_META.ipAddress,
  });
  await signingService.sign({
    applicationId: options.applicationId,
    signatoryId: options.signatoryId,
    method: 'drawn',
    image: await inkSignature(),
    ip: BUILDER_META.ipAddress,
    userAgent: BUILDER_META.userAgent,
  });
}
