import {
  BILLING_GST_RATE_PERCENT,
  type BillingOverview,
  type OrganisationPaymentOptions,
  type OrganisationPaymentSource,
  type PlanVersion,
  type SubscriptionStatus,
  TRIAL_LIMITS,
} from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import { findApplication } from '../applications/applications.service.ts';
import type { Actor } from '../applications/applications-core.ts';
import { gstOn } from '../applications/fees.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import { InsufficientWalletError, type PaymentsService } from '../payments/payments.service.ts';
import type { WalletService } from '../payments/wallet.service.ts';
import { billingErrors } from './billing.errors.ts';
import * as repo from './billing.repository.ts';
import { istMonthOf } from './months.ts';
import { toPlanVersion } from './plans.service.ts';
import type { SubscriptionProvider } from './subscription-providers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial's status as of `at`: a trial whose days are over reads `trial_over` (nothing has to run for it). */
const statusAt = (row: repo.SubscriptionRow, at: Date): SubscriptionStatus =>
  row.status === 'trial' && at >= row.trialEndsAt ? 'trial_over' : (row.status as SubscriptionStatus);

/**
 * An organisation's trial (Unpaid Access), subscription and paying from its plan or wallet (decision 0073). Who may
 * do what is the organisations module's answer: any member reads and pays for their own application; owners and
 * admins subscribe.
 */
export function createBillingService(deps: {
  db: Database;
  organisationsService: Pick<OrganisationsService, 'get' | 'assertManager' | 'roleOf'>;
  paymentsService: Pick<PaymentsService, 'payForOrganisation'>;
  wallet: Pick<WalletService, 'organisationBalance'>;
  provider: SubscriptionProvider;
  now?: () => Date;
}) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  /** The organisation's row (made at the first look: the trial runs from the organisation's creation). */
  async function subscriptionOf(tx: DbOrTx, organisationId: string, createdAt: string, lock = false) {
    const startedAt = new Date(createdAt);
    return repo.ensureSubscription(
      tx,
      organisationId,
      { startedAt, endsAt: new Date(startedAt.getTime() + TRIAL_LIMITS.days * DAY_MS) },
      { lock },
    );
  }

  const planOf = async (tx: DbOrTx, id: string | null): Promise<PlanVersion | null> => {
    const row = id ? await repo.findPlanVersion(tx, id) : undefined;
    return row ? toPlanVersion(row) : null;
  };

  async function offered(tx: DbOrTx): Promise<PlanVersion[]> {
    const rows = await repo.listPlanVersions(tx);
    const seen = new Set<string>();
    return rows
      .map(({ row }) => toPlanVersion(row))
      .filter((plan) => !seen.has(plan.code) && seen.add(plan.code) && plan.active);
  }

  async function overview(organisationId: string, userId: string): Promise<BillingOverview> {
    const organisation = await deps.organisationsService.get({ id: organisationId, userId });
    const row = await subscriptionOf(db, organisationId, organisation.createdAt);
    const at = now();
    const month = istMonthOf(at);
    const plan = await planOf(db, row.planVersionId);
    return {
      status: statusAt(row, at),
      trial: {
        startedAt: row.trialStartedAt.toISOString(),
        endsAt: row.trialEndsAt.toISOString(),
        used: await repo.countUsage(db, organisationId, { kind: 'trial' }),
        limit: TRIAL_LIMITS.notarisations,
        endedAt: row.trialEndedAt?.toISOString() ?? null,
      },
      plan,
      pendingPlan: await planOf(db, row.pendingPlanVersionId),
      month: {
        month,
        used: await repo.countUsage(db, organisationId, { kind: 'plan', month }),
        included: plan?.includedNotarisations ?? 0,
      },
      plans: await offered(db),
      canManage: organisation.role === 'owner' || organisation.role === 'admin',
    };
  }

  /**
   * The paid plan starts: the trial (Unpaid Access) ends with it, automatically, as the terms say. Runs in the
   * transaction that learnt of it (the subscribe request for the sandbox, the provider's webhook otherwise).
   */
  async function activate(tx: DbOrTx, row: repo.SubscriptionRow, planVersionId: string) {
    const at = now();
    await repo.updateSubscription(tx, row.organisationId, {
      status: 'active',
      planVersionId,
      pendingPlanVersionId: null,
      startedAt: row.startedAt ?? at,
      trialEndedAt: row.trialEndedAt ?? at,
    });
  }

  /** Whether the plan (or the trial) can cover one more notarisation now; the reason when not. */
  async function planRefusal(tx: DbOrTx, row: repo.SubscriptionRow) {
    if (row.status === 'active') return null;
    // The trial lasts until a paid plan starts: a mandate still waiting for the provider does not end it.
    const inTrial = row.status === 'trial' || (row.status === 'pending' && !row.trialEndedAt);
    if (!inTrial) return billingErrors.noActivePlan();
    if (now() >= row.trialEndsAt) return billingErrors.trialEnded();
    const used = await repo.countUsage(tx, row.organisationId, { kind: 'trial' });
    return used >= TRIAL_LIMITS.notarisations ? billingErrors.trialLimit() : null;
  }

  /** The application, if the caller may pay it for its organisation (its creator, still a member). */
  /** `keyOrganisationId`: an API key's caller reaches its own organisation's applications only (decision 0070). */
  async function payableFor(applicationId: string, userId: string, keyOrganisationId?: string) {
    const application = await findApplication(db, applicationId);
    if (!application || application.ownerId !== userId) throw applicationErrors.notFound();
    if (keyOrganisationId && application.organisationId !== keyOrganisationId)
      throw applicationErrors.notFound();
    if (!application.organisationId) throw billingErrors.notOrganisationApplication();
    const organisation = await deps.organisationsService
      .get({ id: application.organisationId, userId })
      .catch(() => {
        throw applicationErrors.notFound();
      });
    return { application, organisation };
  }

  return {
    overview,

    async subscribe(options: { organisationId: string; userId: string; planCode: string }) {
      await deps.organisationsService.assertManager(options.organisationId, options.userId);
      const organisation = await deps.organisationsService.get({
        id: options.organisationId,
        userId: options.userId,
      });
      const plan = await repo.findLatestPlan(db, options.planCode);
      if (!plan?.active) throw billingErrors.planNotFound();
      const before = await subscriptionOf(db, options.organisationId, organisation.createdAt);
      if (before.status === 'active' && before.planVersionId === plan.id)
        throw billingErrors.alreadySubscribed();
      // Outside any transaction: a slow provider must not hold the row. The mandate is for the price with GST.
      const started = await provider.start({
        organisationId: options.organisationId,
        plan: {
          code: plan.code,
          name: plan.name,
          monthlyPaise: plan.monthlyPaise + gstOn(plan.monthlyPaise, BILLING_GST_RATE_PERCENT),
        },
      });
      await db.transaction(async (tx) => {
        const row = await subscriptionOf(tx, options.organisationId, organisation.createdAt, true);
        await repo.updateSubscription(tx, options.organisationId, {
          provider: provider.name,
          providerSubscriptionId: started.subscriptionId,
          ...(row.status === 'active'
            ? { pendingPlanVersionId: plan.id }
            : { status: 'pending', pendingPlanVersionId: plan.id }),
        });
        if (!started.url) await activate(tx, { ...row, provider: provider.name }, plan.id);
      });
      return {
        overview: await overview(options.organisationId, options.userId),
        next: started.url ? { kind: 'redirect' as const, url: started.url } : { kind: 'active' as const },
      };
    },

    /** The provider confirmed the mandate (`subscription.activated` / `subscription.charged`): applied once. */
    async activateByProvider(subscriptionId: string): Promise<'applied' | 'duplicate' | 'unknown'> {
      return db.transaction(async (tx) => {
        const row = await repo.findSubscriptionByProvider(tx, provider.name, subscriptionId);
        if (!row) return 'unknown';
        if (!row.pendingPlanVersionId) return 'duplicate';
        await activate(tx, row, row.pendingPlanVersionId);
        return 'applied';
      });
    },

    /** What the checkout step offers an organisation's application. */
    async paymentOptions(
      applicationId: string,
      userId: string,
      keyOrganisationId?: string,
    ): Promise<OrganisationPaymentOptions> {
      const { application, organisation } = await payableFor(applicationId, userId, keyOrganisationId);
      const feePaise = application.fee?.totalPaise ?? 0;
      const row = await subscriptionOf(db, organisation._id, organisation.createdAt);
      const balance = await deps.wallet.organisationBalance(organisation._id);
      const refusal = await planRefusal(db, row);
      const status = statusAt(row, now());
      const remaining =
        status === 'trial'
          ? Math.max(
              0,
              TRIAL_LIMITS.notarisations - (await repo.countUsage(db, organisation._id, { kind: 'trial' })),
            )
          : status === 'active'
            ? Math.max(
                0,
                ((await planOf(db, row.planVersionId))?.includedNotarisations ?? 0) -
                  (await repo.countUsage(db, organisation._id, { kind: 'plan', month: istMonthOf(now()) })),
              )
            : 0;
      return {
        organisationId: organisation._id,
        feePaise,
        wallet: {
          covers: balance >= feePaise,
          // The balance itself is for owners and admins (decision 0068).
          balancePaise: organisation.role === 'member' ? null : balance,
        },
        plan: { status, refusal: refusal?.code ?? null, remaining },
      };
    },

    /**
     * Pays an organisation's application from its wallet or plan. The subscription row is locked inside the paying
     * transaction, so two requests cannot both take the trial's last notarisation.
     */
    async pay(options: {
      applicationId: string;
      userId: string;
      source: OrganisationPaymentSource;
      actor: Actor;
      keyOrganisationId?: string;
    }) {
      const { organisation } = await payableFor(
        options.applicationId,
        options.userId,
        options.keyOrganisationId,
      );
      try {
        return await deps.paymentsService.payForOrganisation({
          applicationId: options.applicationId,
          userId: options.userId,
          organisationId: organisation._id,
          account: options.source === 'plan' ? 'organisation_plans' : 'organisation_wallet',
          actor: options.actor,
          check: async (tx, application) => {
            if (options.source !== 'plan') return;
            const row = await subscriptionOf(tx, organisation._id, organisation.createdAt, true);
            const refusal = await planRefusal(tx, row);
            if (refusal) throw refusal;
            await repo.insertUsage(tx, {
              organisationId: organisation._id,
              applicationId: application.id,
              kind: row.status === 'active' ? 'plan' : 'trial',
              act: application.notarialAct,
              month: istMonthOf(now()),
            });
          },
        });
      } catch (error) {
        if (error instanceof InsufficientWalletError) throw billingErrors.walletShort(error.balancePaise);
        throw error;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
