import type { DbOrTx } from '../../db/client.ts';
import { financialYearOf, formatReceiptSerial } from './business-days.ts';
import { insertReceipt, takeNextReceiptNumber } from './payments.repository.ts';

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
  const number = await takeNextReceiptNumber(tx, financialYear);
  return insertReceipt(tx, {
    serial: formatReceiptSerial(financialYear, number),
    financialYear,
    number,
    paymentId: options.paymentId,
    applicationId: options.applicationId,
    userId: options.userId,
    buyerName: options.buyer.name,
    buyerEmail: options.buyer.email,
    lines: options.lines,
    totalPaise: options.totalPaise,
    gstRatePercent: options.gstRatePercent,
    issuedAt: options.issuedAt,
  });
}
