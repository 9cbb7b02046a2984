import type { OrganisationInvoice } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import { financialYearOf } from '../payments/business-days.ts';
import { billingErrors } from './billing.errors.ts';
import * as repo from './billing.repository.ts';
import { renderInvoiceHtml } from './invoice-html.ts';
import { formatInvoiceNumber, invoiceAmounts } from './invoice-tax.ts';
import { istMonthStart, nextMonth, previousMonthOf } from './months.ts';

export const MONTH_END_JOB = 'billing.month-end';

const toInvoice = (row: repo.InvoiceRow, sellerState: string): OrganisationInvoice => ({
  _id: row.id,
  number: row.number,
  month: row.month,
  issuedAt: row.issuedAt.toISOString(),
  lines: row.lines,
  taxablePaise: row.taxablePaise,
  cgstPaise: row.cgstPaise,
  sgstPaise: row.sgstPaise,
  igstPaise: row.igstPaise,
  totalPaise: row.totalPaise,
  // Stored as amounts; a zero-value invoice says which it would have been from the states.
  supply:
    row.cgstPaise > 0 || (row.igstPaise === 0 && row.buyer.gstState === sellerState)
      ? 'intra_state'
      : 'inter_state',
  placeOfSupply: row.buyer.gstState,
});

/**
 * Monthly GST invoices of organisations on a paid plan (decision 0073). The month-end run invoices the month before
 * the one it runs in, once per organisation and month: the subscription row is locked, an existing invoice skips it,
 * and a unique index on (organisation, month) holds whatever happens. Numbers come from their own gap-free series.
 */
export function createInvoicesService(deps: {
  db: Database;
  config: AppConfig;
  organisationsService: Pick<OrganisationsService, 'assertManager' | 'detailsForBilling'>;
  now?: () => Date;
}) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());

  async function invoiceOne(organisationId: string, month: string, issuedAt: Date): Promise<boolean> {
    const organisation = await deps.organisationsService.detailsForBilling(organisationId);
    if (!organisation) return false;
    return db.transaction(async (tx) => {
      const subscription = await repo.lockSubscription(tx, organisationId);
      if (!subscription?.planVersionId || (await repo.findInvoiceOfMonth(tx, organisationId, month)))
        return false;
      const plan = await repo.findPlanVersion(tx, subscription.planVersionId);
      if (!plan) return false;
      const amounts = invoiceAmounts({
        plan,
        used: await repo.countUsage(tx, organisationId, { kind: 'plan', month }),
        buyerState: organisation.gstState,
        sellerState: config.seller.stateCode,
      });
      const financialYear = financialYearOf(issuedAt);
      await repo.insertInvoice(tx, {
        organisationId,
        month,
        number: formatInvoiceNumber(financialYear, await repo.takeNextInvoiceNumber(tx, financialYear)),
        planVersionId: plan.id,
        buyer: {
          legalName: organisation.legalName,
          gstin: organisation.gstin,
          billingAddress: organisation.billingAddress,
          gstState: organisation.gstState,
        },
        lines: amounts.lines,
        taxablePaise: amounts.taxablePaise,
        cgstPaise: amounts.cgstPaise,
        sgstPaise: amounts.sgstPaise,
        igstPaise: amounts.igstPaise,
        totalPaise: amounts.totalPaise,
        issuedAt,
      });
      return true;
    });
  }

  return {
    /** The month-end job: invoices last month (IST) for every organisation on a plan by then. Safe to run again. */
    async runMonthEnd(at: Date = now()) {
      const month = previousMonthOf(at);
      const end = istMonthStart(nextMonth(month));
      let issued = 0;
      for (const { organisationId } of await repo.activeSubscriptionsStartedBefore(db, end))
        if (await invoiceOne(organisationId, month, at)) issued += 1;
      return { month, issued };
    },

    /** Owners and admins; anyone outside the organisation gets its 404. */
    async list(organisationId: string, userId: string) {
      await deps.organisationsService.assertManager(organisationId, userId);
      return (await repo.listInvoices(db, organisationId)).map((row) =>
        toInvoice(row, config.seller.stateCode),
      );
    },

    async download(options: { organisationId: string; invoiceId: string; userId: string }) {
      await deps.organisationsService.assertManager(options.organisationId, options.userId);
      const row = await repo.findInvoice(db, options.organisationId, options.invoiceId);
      if (!row) throw billingErrors.invoiceNotFound();
      return {
        html: renderInvoiceHtml({
          invoice: toInvoice(row, config.seller.stateCode),
          buyer: row.buyer,
          seller: config.seller,
        }),
        fileName: `Mohar-invoice-${row.number.replaceAll('/', '-')}.html`,
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
