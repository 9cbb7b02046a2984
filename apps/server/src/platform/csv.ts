/** RFC 4180 quoting; a leading = + - @ (or tab, CR) is neutralised so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file: a header row, then rows, CRLF line ends and a BOM so spreadsheet programs read UTF-8 names. */
export function csvFile(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
