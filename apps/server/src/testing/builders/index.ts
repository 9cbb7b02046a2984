import {
  type AdvanceApplicationOptions,
  advanceApplication,
  type BuildApplicationOptions,
  type BuiltApplication,
  buildApplication,
} from './applications.ts';
import { browserRecorded } from './browser-recording.ts';
import type { BuildContext, BuildServices } from './context.ts';
import { type BuildNotaryOptions, type BuiltNotary, buildNotary } from './notaries.ts';
import { buildWalletCredit } from './payments.ts';
import { advanceSignatory, buildPortalLink } from './portal.ts';
import { serverTrack } from './server-recording.ts';
import {
  type BuildUserOptions,
  type BuiltUser,
  buildAdmin,
  buildSession,
  buildUser,
  type Party,
} from './users.ts';

export * from './applications.ts';
export * from './browser-recording.ts';
export * from './context.ts';
export * from './files.ts';
export * from './notaries.ts';
export * from './payments.ts';
export * from './portal.ts';
export * from './users.ts';

/** A live session (in_session): an application paid, every identity submitted, requested and accepted by a notary. */
export async function buildLiveSession<Owner extends Party = BuiltUser, Notary extends Party = BuiltNotary>(
  ctx: BuildContext,
  options: BuildApplicationOptions<Owner, Notary> = {},
): Promise<BuiltApplication<Owner, Notary> & { notary: Notary }> {
  const built = await buildApplication(ctx, { ...options, status: options.status ?? 'in_session' });
  const { notary } = built;
  if (!notary) throw new Error('buildLiveSession: no notary holds the session');
  return { ...built, notary };
}

/**
 * The builders bound to one app. `source` is read on every call, so a test app's `restart()` is followed. Anything
 * shaped like a test app (testing/test-app.ts) will do: the app for its services, and its database, files and keys.
 */
export function buildersFor(
  source:
    | BuildContext
    | {
        app: { mohar: BuildServices };
        db: BuildContext['db'];
        blobStore: BuildContext['blobStore'];
        config: BuildContext['config'];
        encryptionKey: Buffer;
      },
) {
  const ctx = (): BuildContext =>
    'services' in source
      ? source
      : {
          db: source.db,
          blobStore: source.blobStore,
          config: source.config,
          encryptionKey: source.encryptionKey,
          services: source.app.mohar,
        };
  return {
    /** What the builders write with (for fixtures beside them, e.g. the server recorder's facts). */
    context: ctx,
    user: (options?: BuildUserOptions) => buildUser(ctx(), options),
    admin: (options?: Omit<BuildUserOptions, 'role'>) => buildAdmin(ctx(), options),
    session: (user: { id: string }) => buildSession(ctx(), user),
    notary: (options?: BuildNotaryOptions) => buildNotary(ctx(), options),
    application: <Owner extends Party = BuiltUser, Notary extends Party = BuiltNotary>(
      options?: BuildApplicationOptions<Owner, Notary>,
    ) => buildApplication(ctx(), options),
    advance: <Owner extends Party, Notary extends Party>(
      built: BuiltApplication<Owner, Notary>,
      options: AdvanceApplicationOptions<Notary>,
    ) => advanceApplication(ctx(), built, options),
    liveSession: <Owner extends Party = BuiltUser, Notary extends Party = BuiltNotary>(
      options?: BuildApplicationOptions<Owner, Notary>,
    ) => buildLiveSession(ctx(), options),
    portalLink: (options: Parameters<typeof buildPortalLink>[1]) => buildPortalLink(ctx(), options),
    advanceSignatory: (options: Parameters<typeof advanceSignatory>[1]) => advanceSignatory(ctx(), options),
    /** A finished recording by the notary's browser, as sessions before decision 0081 have. */
    browserRecording: (options: Parameters<typeof browserRecorded>[1]) => browserRecorded(ctx(), options),
    walletCredit: (options: Parameters<typeof buildWalletCredit>[1]) => buildWalletCredit(ctx(), options),
    serverTrack: (options: Parameters<typeof serverTrack>[1]) => serverTrack(ctx(), options),
  };
}

export type Builders = ReturnType<typeof buildersFor>;

export type BuiltLiveSession = BuiltApplication & { notary: BuiltNotary };
