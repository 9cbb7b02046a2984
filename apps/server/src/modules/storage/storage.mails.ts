import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

const WHY: Record<string, string> = {
  damaged: 'its bytes do not match their authentication tag (the file was changed or damaged on disk)',
  'unknown-key':
    'it was sealed with a key this server does not have (check ENCRYPTION_KEY and ENCRYPTION_KEY_PREVIOUS)',
  unencrypted: 'it was stored before encryption at rest; run `npm run keys:rotate` to encrypt it',
};

/** To each admin: a stored file failed its integrity check and nothing of it was sent (staff alert, English). */
export function blobIntegrityAlertMail(options: { to: string; blobKey: string; reason: string }): Mail {
  return simpleMail({
    to: options.to,
    subject: 'Storage alert: a stored file failed its integrity check',
    lines: [
      `The stored file ${options.blobKey} could not be opened: ${WHY[options.reason] ?? options.reason}.`,
      'Nothing of it was sent to anyone. Restore it from a backup, or check the encryption keys the server runs with.',
    ],
  });
}
