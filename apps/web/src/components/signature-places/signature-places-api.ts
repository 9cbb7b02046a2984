import type { signaturePlacesResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Who is placing the boxes: the application's owner in the wizard (before the session), or the notary in the
 * session (until the first signature). Both name the application by its id.
 */
export type SignaturePlacesSide =
  | { kind: 'owner'; applicationId: string }
  | { kind: 'notary'; applicationId: string };

export const signaturePlacesKeys = {
  all: ['signature-places'] as const,
  of: (side: SignaturePlacesSide) => ['signature-places', side.kind, side.applicationId] as const,
};

export const pathOf = (side: SignaturePlacesSide) => {
  const id = encodeURIComponent(side.applicationId);
  return side.kind === 'owner' ? `/applications/${id}/signature-places` : `/sessions/${id}/signature-places`;
};

/** GET /applications/:id/signature-places (owner) or GET /sessions/:id/signature-places (notary). */
export const getSignaturePlaces = (side: SignaturePlacesSide, signal?: AbortSignal) =>
  api.get<typeof signaturePlacesResponse>(pathOf(side), signal);

export const signaturePlacesQueryOptions = (side: SignaturePlacesSide) =>
  queryOptions({
    queryKey: signaturePlacesKeys.of(side),
    queryFn: ({ signal }) => getSignaturePlaces(side, signal),
  });

export const ownerSignaturePlacesQueryOptions = (applicationId: string) =>
  signaturePlacesQueryOptions({ kind: 'owner', applicationId });
export const notarySignaturePlacesQueryOptions = (applicationId: string) =>
  signaturePlacesQueryOptions({ kind: 'notary', applicationId });

export const useSignaturePlaces = (side: SignaturePlacesSide, options: { enabled?: boolean } = {}) =>
  useQuery({ ...signaturePlacesQueryOptions(side), enabled: options.enabled ?? true });
export const useOwnerSignaturePlaces = (applicationId: string) =>
  useSignaturePlaces({ kind: 'owner', applicationId });
export const useNotarySignaturePlaces = (applicationId: string) =>
  useSignaturePlaces({ kind: 'notary', applicationId });
