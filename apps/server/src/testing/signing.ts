import { SIGNING_DECLARATION } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { notaryProfiles } from '../db/schema.ts';
import { call } from './applications.ts';
import type { TestApp } from './test-app.ts';

/** A drawn signature: a dark stroke on a transparent pad. */
export function inkPng(): Promise<Buffer> {
  const stroke = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><path d="M20 110 C 80 10, 140 140, 200 60 S 320 20, 380 100" stroke="#111" stroke-width="6" fill="none"/></svg>',
  );
  return sharp(stroke).png().toBuffer();
}

/** The portal's multipart body: the fields in order, then the image. */
export function signatureForm(fields: Record<string, string>, image: Buffer | null) {
  const boundary = '----mohar-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (image)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signature.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A signatory signs from their link (drawn, with the declaration). */
export function signAs(
  t: TestApp,
  token: string | null | undefined,
  image: Buffer | null,
  fields: Record<string, string> = {},
) {
  const form = signatureForm({ method: 'drawn', declaration: SIGNING_DECLARATION, ...fields }, image);
  return t.app.inject({ method: 'POST', url: `/api/v1/access/${token}/signature`, ...form });
}

/** The session's notary confirms a signatory's identity. */
export function confirmIdentity(
  t: TestApp,
  session: { id: string; notary: { cookie: string } },
  signatoryId: string,
) {
  return call(
    t,
    'POST',
    `/sessions/${session.id}/signatories/${signatoryId}/identity-decision`,
    session.notary.cookie,
    {
      decision: 'confirmed',
    },
  );
}

/**
 * Gives a verified test notary a real platform-issued certificate (the usual test set-up writes a placeholder so it
 * needs no PKI): issuing is an onboarding step, so the profile is opened for it and verified again.
 */
export async function withRealCertificate(t: TestApp, notaryUserId: string) {
  const setStatus = (status: string) =>
    t.db.update(notaryProfiles).set({ status }).where(eq(notaryProfiles.userId, notaryUserId));
  await setStatus('draft');
  await t.app.mohar.notariesService.issuePlatformCertificate(notaryUserId);
  await setStatus('verified');
}
