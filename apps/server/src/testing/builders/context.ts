import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ApplicationsService } from '../../modules/applications/applications.service.ts';
import type { AuthService } from '../../modules/auth/auth.service.ts';
import type { FeeSettingsService } from '../../modules/fees/fee-settings.service.ts';
import type { IdentityService } from '../../modules/identity/identity.service.ts';
import type { NotariesService } from '../../modules/notaries/notaries.service.ts';
import type { NotificationsService } from '../../modules/notifications/notifications.service.ts';
import type { PaymentsService } from '../../modules/payments/payments.service.ts';
import type { PortalService } from '../../modules/portal/portal.service.ts';
import type { PortalHints } from '../../modules/portal/portal-hints.ts';
import type { PortalStepsService } from '../../modules/portal/portal-steps.service.ts';
import type { SealingService } from '../../modules/sealing/sealing.service.ts';
import type { CallService } from '../../modules/sessions/call.service.ts';
import type { SessionsService } from '../../modules/sessions/sessions.service.ts';
import type { SigningService } from '../../modules/signing/signing.service.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Mailer } from '../../platform/mailer.ts';

/** The running app's own instances: builders write through them, so listeners, mails and audit rows happen as in use. */
export type BuildServices = {
  mailer: Mailer;
  authService: AuthService;
  notariesService: NotariesService;
  notificationsService: NotificationsService;
  applicationsService: ApplicationsService;
  feeSettings: FeeSettingsService;
  paymentsService: PaymentsService;
  portalService: PortalService;
  portalSteps: PortalStepsService;
  identityService: IdentityService;
  sessionsService: SessionsService;
  callService: CallService;
  signingService: SigningService;
  sealingService: SealingService;
  portalHints: PortalHints;
};

/**
 * What every builder writes with. Tests get one from their test app (`buildersFor(t)`); the E2E fixtures module gets
 * one from app.ts. Never from vitest: the fixtures run inside a real server.
 */
export type BuildContext = {
  db: Database;
  blobStore: BlobStore;
  config: AppConfig;
  encryptionKey: Buffer;
  services: BuildServices;
};

/** Set-up requests say where they come from like a browser would (audit rows keep an address). */
export const BUILDER_META = { ipAddress: '192.0.2.10', userAgent: 'mohar-test-builder' } as const;

/**
 * What the app does after every request (the onResponse hook): push the notifications written and tell open portal
 * pages what moved. Builders call it once they are done, so nothing they did is told later, to a test's surprise.
 */
export async function settle(ctx: BuildContext) {
  ctx.services.notificationsService.kick();
  await ctx.services.portalHints.flush();
}
