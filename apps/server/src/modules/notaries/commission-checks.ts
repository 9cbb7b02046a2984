import { todayInIndia } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { Mail, Mailer } from '../../platform/mailer.ts';
import { recordAvailabilityChange } from './availability-history.service.ts';
import { lockExpiringCommissions, setRemindersSent, updateNotary } from './notaries.repository.ts';

/** Days before the commission lapses when the notary is reminded (issue 4). */
export const REMINDER_DAYS = [30, 7, 1] as const;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function reminderMail(options: {
  to: string;
  name: string;
  expiresOn: string;
  daysLeft: number;
  profileUrl: string;
}): Mail {
  const date = options.expiresOn.split('-').reverse().join('/');
  const when = options.daysLeft <= 1 ? 'tomorrow' : `in ${options.daysLeft} days`;
  const text = [
    `Hello ${options.name},`,
    `Your commission as a notary expires ${when}, on ${date}. After that you cannot take notarisations on Mohar.`,
    `When it is renewed, send us the new certificate of practice: ${options.profileUrl}`,
    '— Mohar (मोहर)',
  ].join('\n\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif">${text
    .split('\n\n')
    .map((p) => `<p>${p.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
    .join('')}</body></html>`;
  return { to: options.to, subject: `Your notary commission expires ${when}`, text, html };
}

/**
 * Once a day is enough; running more often is harmless. Each reminder threshold is sent at most once per notary
 * (recorded in the same transaction as the mail), and a notary whose commission has lapsed is taken offline.
 * Rows are locked with SKIP LOCKED, so several processes running the check never double-send.
 */
export async function runCommissionChecks(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
}) {
  const today = todayInIndia(deps.now ?? new Date());
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + REMINDER_DAYS[0] * 86_400_000)
    .toISOString()
    .slice(0, 10);
  let reminded = 0;
  let takenOffline = 0;
  await deps.db.transaction(async (tx) => {
    const due = await lockExpiringCommissions(tx, horizon);
    for (const { profile, email } of due) {
      const expiresOn = profile.commissionExpiresOn ?? today;
      const daysLeft = daysBetween(today, expiresOn);
      if (daysLeft < 0) {
        if (profile.isOnline) {
          await updateNotary(tx, profile.userId, { isOnline: false });
          await recordAvailabilityChange(tx, {
            notaryId: profile.userId,
            isOnline: false,
            workingFrom: profile.workingFrom,
            workingTo: profile.workingTo,
            cause: 'commission_lapsed',
            actor: { userId: null, role: 'system', ipAddress: null },
          });
          takenOffline += 1;
        }
        continue;
      }
      // The most urgent threshold reached and not yet sent; earlier ones count as sent with it.
      const threshold = [...REMINDER_DAYS].reverse().find((d) => daysLeft <= d);
      if (threshold === undefined || profile.expiryRemindersSent.includes(threshold)) continue;
      await deps.mailer.enqueue(
        tx,
        reminderMail({
          to: email,
          name: profile.fullName ?? 'there',
          expiresOn,
          daysLeft,
          profileUrl: `${deps.publicUrl}/notary/register`,
        }),
      );
      const sent = [
        ...new Set([...profile.expiryRemindersSent, ...REMINDER_DAYS.filter((d) => d >= threshold)]),
      ];
      await setRemindersSent(tx, { userId: profile.userId, sent });
      reminded += 1;
    }
  });
  if (reminded > 0) deps.mailer.kick();
  return { reminded, takenOffline };
}
