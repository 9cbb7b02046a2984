const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Integer paise as the product shows money everywhere (₹1,234.50). */
export function formatInr(paise: number): string {
  return INR.format(paise / 100);
}
