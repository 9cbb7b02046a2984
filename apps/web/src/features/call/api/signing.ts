import {
  SIGNING_DECLARATION,
  type SignatureMethod,
  type SigningState,
  signingOrderRequest,
  type signingStateResponse,
} from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { signatureFileName } from '../lib/signature-image';

/**
 * Who signs when, and who has signed. Not below `['call-session']`: the call page refetches these on
 * `call:signed` without reading the whole session again.
 */
export const signingKeys = {
  all: ['call-signing'] as const,
  notary: (applicationId: string) => ['call-signing', 'notary', applicationId] as const,
  portal: (token: string) => ['call-signing', 'portal', token] as const,
};

export type SignatureChoice = { method: SignatureMethod; blob: Blob };

/** GET /sessions/:id/signing — the notary's view of the signing order. */
export const getNotarySigning = (applicationId: string, signal?: AbortSignal) =>
  api.get<typeof signingStateResponse>(`/sessions/${encodeURIComponent(applicationId)}/signing`, signal);

/** GET /access/:token/signing — the same order, from a signatory's link. */
export const getPortalSigning = (token: string, signal?: AbortSignal) =>
  api.get<typeof signingStateResponse>(`/access/${encodeURIComponent(token)}/signing`, signal);

export const notarySigningQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: signingKeys.notary(applicationId),
    queryFn: ({ signal }) => getNotarySigning(applicationId, signal),
  });

export const portalSigningQueryOptions = (token: string) =>
  queryOptions({
    queryKey: signingKeys.portal(token),
    queryFn: ({ signal }) => getPortalSigning(token, signal),
  });

export const useNotarySigning = (applicationId: string) => useQuery(notarySigningQueryOptions(applicationId));
export const usePortalSigning = (token: string) => useQuery(portalSigningQueryOptions(token));

/**
 * The multipart body of POST /access/:token/signature. The server reads the parts as they stream in and wants the
 * text fields before the image (SIGNATURE_UPLOAD_FIELDS), so the order here matters.
 */
export function signatureForm(choice: SignatureChoice): FormData {
  const form = new FormData();
  form.append('method', choice.method);
  form.append('declaration', SIGNING_DECLARATION);
  form.append('file', choice.blob, signatureFileName(choice.blob.type));
  return form;
}

/** POST /access/:token/signature — signs in turn; the answer is the new signing state. */
export const submitSignature = (token: string, choice: SignatureChoice) =>
  api.upload<typeof signingStateResponse>(
    `/access/${encodeURIComponent(token)}/signature`,
    signatureForm(choice),
    'POST',
  );

/** PUT /sessions/:id/signing-order — only those who have not signed may move (else 400 signing.invalid_order). */
export const reorderSigning = (applicationId: string, signatoryIds: string[]) =>
  api.put<typeof signingStateResponse>(
    `/sessions/${encodeURIComponent(applicationId)}/signing-order`,
    z.parse(signingOrderRequest, { signatoryIds }),
  );

/** A signatory signs; their view takes the server's answer at once (the others hear `call:signed`). */
export function useSubmitSignature(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: SignatureChoice) => submitSignature(token, choice),
    onSuccess: (state) => queryClient.setQueryData<SigningState>(signingKeys.portal(token), state),
  });
}

/** The notary changes the order; a refused order is read again, since someone else may have signed meanwhile. */
export function useReorderSigning(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signatoryIds: string[]) => reorderSigning(applicationId, signatoryIds),
    onSuccess: (state) => queryClient.setQueryData<SigningState>(signingKeys.notary(applicationId), state),
    onError: () => queryClient.invalidateQueries({ queryKey: signingKeys.notary(applicationId) }),
  });
}
