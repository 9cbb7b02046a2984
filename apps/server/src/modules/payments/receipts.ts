import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { receiptCounters, receipts } from '../../db/schema.ts';
import { financialYearOf, formatReceiptSerial } from './business-days.ts';

/**
 * Issues the next receipt of the financial year inside the paying transaction. The counter row is locked by the
 * upsert until commit, and a rolled-back payment rolls its number back with it: serials have no gaps.
 */
export async function issueReceipt(
  tx: DbOrTx,
  options: {
    paymentId: string;
    applicationId: string;
    userId: string;
    buyer: { name: string; email: string };
    lines: Array<{ code: string; label: string; amountPaise: number }>;
    totalPaise: number;
    gstRatePercent: number;
    issuedAt: Date;
  },
) {
  const financialYear = financialYearOf(options.issuedAt);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.financialYear,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ number: receiptCounters.lastNumber });
  if (!counter) throw new Error('receipt counter returned nothing');
  const [receipt] = await tx
    .insert(receipts)
    .values({
      serial: formatReceiptSerial(financialYear, counter.number),
      financialYear,
      number: counter.number,
      paymentId: options.paymentId,
      applicationId: options.applicationId,
      userId: options.userId,
      buyerName: options.buyer.name,
      buyerEmail: options.buyer.email,
      lines: options.lines,
      totalPaise: options.totalPaise,
      gstRatePercent: options.gstRatePercent,
      issuedAt: options.issuedAt,
    })
    .returning();
  if (!receipt) throw new Error('receipt insert returned nothing');
  return receipt;
}
