import {
  type SignaturePlaces,
  type SignaturePlacesRequest,
  signaturePlacesRequest,
  type signaturePlacesResponse,
} from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { pathOf, type SignaturePlacesSide, signaturePlacesKeys } from './signature-places-api';

// Apart from the reads (signature-places-api.ts): only the editor saves, and it checks the request with the contract
// (zod), which the screens showing the places' summary do not load (decision 0025).

/** PUT on the same path: the whole set of boxes at once; the answer is the set as stored. */
export const saveSignaturePlaces = (options: {
  side: SignaturePlacesSide;
  request: SignaturePlacesRequest;
}) =>
  api.put<typeof signaturePlacesResponse>(
    pathOf(options.side),
    z.parse(signaturePlacesRequest, options.request),
  );

/**
 * Saves the boxes; the stored set becomes the cached one at once. A refusal reads the set again: the session may
 * have started or someone may have signed meanwhile, which makes it read-only (`isEditable: false`).
 */
export function useSaveSignaturePlaces(side: SignaturePlacesSide) {
  const queryClient = useQueryClient();
  const queryKey = signaturePlacesKeys.of(side);
  return useMutation({
    mutationFn: (request: SignaturePlacesRequest) => saveSignaturePlaces({ side, request }),
    onSuccess: (places) => queryClient.setQueryData<SignaturePlaces>(queryKey, places),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export const useSaveOwnerSignaturePlaces = (applicationId: string) =>
  useSaveSignaturePlaces({ kind: 'owner', applicationId });
export const useSaveNotarySignaturePlaces = (applicationId: string) =>
  useSaveSignaturePlaces({ kind: 'notary', applicationId });
