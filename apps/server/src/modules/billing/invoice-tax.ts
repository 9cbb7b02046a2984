import { BILLING_GST_RATE_PERCENT, type InvoiceLine } from '@mohar/contracts';
import { gstOn } from '../applications/fees.ts';

export type InvoiceAmounts = {
  lines: InvoiceLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  supply: 'intra_state' | 'inter_state';
};

/**
 * A month's invoice in integer paise: the plan's fee, and each notarisation beyond the plan's included ones at the
 * plan's price per act; GST 18 % on the sum. Within the platform's state (the organisation's GST state is the
 * seller's) it is CGST 9 % + SGST 9 %, each rounded to the paisa (halves up) on its own, as each is its own tax;
 * across states IGST 18 %.
 */
export function invoiceAmounts(options: {
  plan: { name: string; monthlyPaise: number; includedNotarisations: number; overagePaise: number };
  used: number;
  buyerState: string;
  sellerState: string;
}): InvoiceAmounts {
  const { plan } = options;
  const beyond = Math.max(0, options.used - plan.includedNotarisations);
  const lines: InvoiceLine[] = [
    {
      code: 'plan',
      label: `${plan.name}: monthly fee (${plan.includedNotarisations} notarisations included; ${options.used} used)`,
      quantity: 1,
      unitPaise: plan.monthlyPaise,
      amountPaise: plan.monthlyPaise,
    },
  ];
  if (beyond > 0)
    lines.push({
      code: 'usage',
      label: 'Notarisations beyond the plan',
      quantity: beyond,
      unitPaise: plan.overagePaise,
      amountPaise: beyond * plan.overagePaise,
    });
  const taxablePaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const intra = options.buyerState === options.sellerState;
  const half = BILLING_GST_RATE_PERCENT / 2;
  const cgstPaise = intra ? gstOn(taxablePaise, half) : 0;
  const sgstPaise = intra ? gstOn(taxablePaise, half) : 0;
  const igstPaise = intra ? 0 : gstOn(taxablePaise, BILLING_GST_RATE_PERCENT);
  return {
    lines,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise,
    supply: intra ? 'intra_state' : 'inter_state',
  };
}

/** `MOH/ORG/2026-27/000012`: the monthly invoices' own series, gap-free per financial year. */
export const formatInvoiceNumber = (financialYear: string, n: number) =>
  `MOH/ORG/${financialYear}/${String(n).padStart(6, '0')}`;
