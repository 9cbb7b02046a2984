import { IDENTITY_DOCUMENT_KINDS, type IdentityDocumentKind } from '@mohar/contracts';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-errors';
import { withStepUp } from '@/lib/step-up';

export type IdentityImage = { kind: IdentityDocumentKind; url: string | null };

const imagePath = (options: {
  applicationId: string;
  signatoryId: string;
  kind: IdentityDocumentKind;
  reason: string;
}) =>
  `/applications/${encodeURIComponent(options.applicationId)}/signatories/${encodeURIComponent(options.signatoryId)}/identity/${options.kind}?reason=${encodeURIComponent(options.reason)}`;

/**
 * GET …/identity/:kind?reason= for each image, as object URLs (revoke them when closed); a kind never uploaded (or
 * deleted after 90 days) is null. Each read is audited; an admin may be asked to confirm it is them first (step-up).
 */
export async function readIdentityImages(options: {
  applicationId: string;
  signatoryId: string;
  reason: string;
}): Promise<IdentityImage[]> {
  const images: IdentityImage[] = [];
  for (const kind of IDENTITY_DOCUMENT_KINDS) {
    try {
      const blob = await withStepUp(() => api.file(imagePath({ ...options, kind })));
      images.push({ kind, url: URL.createObjectURL(blob) });
    } catch (error) {
      if (!hasErrorCode(error, 'identity.not_found')) {
        for (const image of images) if (image.url) URL.revokeObjectURL(image.url);
        throw error;
      }
      images.push({ kind, url: null });
    }
  }
  return images;
}
