import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

const WHAT = {
  identity_file: 'an identity image (90 days after capture)',
  recording: 'a session recording',
  server_recording: "the server recording's parts of a session (the record is the application)",
};

/** To each admin: a file past its retention could not be deleted (staff alert, English, like storage alerts). */
export function purgeFailedAlertMail(options: {
  to: string;
  kind: keyof typeof WHAT;
  recordId: string;
  error: string;
  viewUrl: string;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: 'Retention alert: a file past its retention could not be deleted',
    lines: [
      `The purge of ${WHAT[options.kind]} (record ${options.recordId}) failed: ${options.error}`,
      'The record is not marked deleted, so the next hourly run tries again. Check the storage, then the retention view:',
      options.viewUrl,
    ],
  });
}
