/**
 * Rupees typed in a form ↔ integer paise, exactly. The text is split at the decimal point and read as two integers,
 * so no binary fraction ever touches money: '299.5' → 29950, '0.29' → 29 (where 0.29 * 100 = 28.999999999999996).
 * Accepts what a person may type or paste: spaces, a ₹ sign, Indian or Western digit grouping ('1,00,000.50').
 * Returns null for anything that is not a plain non-negative amount with at most two decimals.
 */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  // Digits, then at most two decimals; a digit on at least one side of the point ('.5' and '12.' but not '.').
  const match = /^(?=\.?\d)(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const rupees = Number(match[1] || '0');
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  const total = rupees * 100 + paise;
  return Number.isSafeInteger(total) ? total : null;
}

/** Integer paise as the text a rupee field starts with, always with two decimals: 29950 → '299.50', 29900 → '299.00'. */
export function paiseToRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
