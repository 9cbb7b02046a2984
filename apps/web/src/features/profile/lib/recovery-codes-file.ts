/** The text of the downloaded recovery-codes file: what the codes are for, when they were made, one per line. */
export function recoveryCodesFile(options: {
  codes: readonly string[];
  email: string;
  createdAt: string;
}): string {
  return [
    'Mohar recovery codes',
    `Account: ${options.email}`,
    `Created: ${options.createdAt} IST`,
    '',
    'Each code signs you in once if you cannot use your authenticator app.',
    'Keep them somewhere safe. New codes replace these.',
    '',
    ...options.codes,
    '',
  ].join('\n');
}
