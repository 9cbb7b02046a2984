import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AuthGuard } from '../auth/auth.guard.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { WalletService } from '../payments/wallet.service.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { createInvoicesService, MONTH_END_JOB } from './invoices.service.ts';
import { createPlansService } from './plans.service.ts';
import { createSubscriptionProvider } from './subscription-providers.ts';

/** The billing module's services, routes and month-end job, put together in one place so app.ts stays short. */
export function createBillingModule(deps: {
  db: Database;
  config: AppConfig;
  encryptionKey: Buffer;
  organisationsService: OrganisationsService;
  paymentsService: PaymentsService;
  wallet: WalletService;
  jobs: Jobs;
  guard: AuthGuard;
  now?: () => Date;
}) {
  const provider = createSubscriptionProvider(deps.config, deps.encryptionKey);
  const plansService = createPlansService({ db: deps.db });
  const billingService = createBillingService({ ...deps, provider });
  const invoicesService = createInvoicesService(deps);
  if (deps.config.isScheduled)
    // Hourly and at start: the first run after a month ends invoices it; later runs find the invoices made.
    deps.jobs.register({
      name: MONTH_END_JOB,
      intervalMs: 3_600_000,
      runAtStart: true,
      run: () => invoicesService.runMonthEnd(),
    });
  return {
    services: { plansService, billingService, invoicesService, provider },
    routes: billingRoutes({
      guard: deps.guard,
      plansService,
      billingService,
      invoicesService,
      webhookSecret: provider.webhookSecret,
    }),
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
