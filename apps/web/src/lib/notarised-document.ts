import type { ApplicationStatus } from '@mohar/contracts';
import { api } from './api-client';

/** GET /applications/:id/notarised-document — the sealed PDF (the owner, the notary, admins; with the session). */
export const getNotarisedDocument = (id: string) =>
  api.file(`/applications/${encodeURIComponent(id)}/notarised-document`);

/** GET /access/:token/notarised-document — the sealed PDF from a signatory's personal link (no session). */
export const getNotarisedDocumentByLink = (token: string) =>
  api.file(`/access/${encodeURIComponent(token)}/notarised-document`);

/** Statuses that can still end in a notarised document: the Download button is shown, waiting, in these. */
const ON_THE_WAY: readonly ApplicationStatus[] = [
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
];

/**
 * Whether an application offers its notarised PDF: `ready` once notarised, `pending` while it can still get there
 * (the button shows, disabled, saying why), `none` for a draft or an application that ended without a seal.
 */
export function notarisedDownloadStateOf(status: ApplicationStatus): 'ready' | 'pending' | 'none' {
  if (status === 'notarised') return 'ready';
  return ON_THE_WAY.includes(status) ? 'pending' : 'none';
}

/** Characters no common file system accepts in a name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/**
 * The saved file's name, as the server names the attachment ("Rent agreement (notarised).pdf"). Built here because
 * the download is handed to the browser from memory; unlike the server's header, letters of any script are kept.
 */
export function notarisedFileName(title: string | null | undefined): string {
  const base = (title ?? '')
    .replace(UNSAFE_IN_FILE_NAMES, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${base || 'document'} (notarised).pdf`;
}
