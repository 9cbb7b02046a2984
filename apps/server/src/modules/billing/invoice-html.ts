import type { OrganisationInvoice } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import { formatInr } from '../payments/money.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const GST_SAC = '998399';

/**
 * The monthly tax invoice as a self-contained HTML page (prints to PDF from any browser): seller and buyer with their
 * GSTINs, place of supply, the lines, and CGST + SGST or IGST. English, as GST invoices are filed.
 */
export function renderInvoiceHtml(options: {
  invoice: OrganisationInvoice;
  buyer: { legalName: string; gstin: string; billingAddress: string; gstState: string };
  seller: AppConfig['seller'];
}): string {
  const { invoice, buyer, seller } = options;
  const row = (label: string, amount: number) =>
    `<tr><th scope="row" colspan="3">${escapeHtml(label)}</th><td>${formatInr(amount)}</td></tr>`;
  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.label)}</td><td>${line.quantity}</td><td>${formatInr(line.unitPaise)}</td><td>${formatInr(line.amountPaise)}</td></tr>`,
    )
    .join('');
  const taxes =
    invoice.supply === 'intra_state'
      ? row('CGST 9%', invoice.cgstPaise) + row('SGST 9%', invoice.sgstPaise)
      : row('IGST 18%', invoice.igstPaise);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tax invoice ${escapeHtml(invoice.number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left}td:last-child{text-align:right}</style>
</head><body>
<h1>Tax invoice</h1>
<p>Invoice number: <strong>${escapeHtml(invoice.number)}</strong><br>Month: ${escapeHtml(invoice.month)}<br>Issued: ${escapeHtml(invoice.issuedAt.slice(0, 10))}<br>SAC: ${GST_SAC}</p>
<h2>Supplier</h2><p>${escapeHtml(seller.name)}<br>${escapeHtml(seller.address)}<br>GSTIN ${escapeHtml(seller.gstin)}<br>State: ${escapeHtml(seller.state)} (${escapeHtml(seller.stateCode)})</p>
<h2>Recipient</h2><p>${escapeHtml(buyer.legalName)}<br>${escapeHtml(buyer.billingAddress)}<br>GSTIN ${escapeHtml(buyer.gstin)}<br>Place of supply: ${escapeHtml(buyer.gstState)}</p>
<table><thead><tr><th>Description</th><th>Quantity</th><th>Rate</th><th>Amount</th></tr></thead>
<tbody>${lines}</tbody>
<tfoot>${row('Taxable value', invoice.taxablePaise)}${taxes}${row('Total', invoice.totalPaise)}</tfoot></table>
</body></html>`;
}
