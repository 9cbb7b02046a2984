import { type IdentityDocumentKind, type IdentityStatus, identityStatusResponse } from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { onPortalStepDone, onPortalStepFailed } from './portal-cache';

const identityPath = (token: string) => `/access/${encodeURIComponent(token)}/identity`;
export const identityQueryKey = (token: string) => ['portal', 'identity', token] as const;

/** GET /access/:token/identity — which images are in, and what the Secure QR on the back showed. */
export const identityQueryOptions = (token: string) =>
  queryOptions({
    queryKey: identityQueryKey(token),
    queryFn: ({ signal }) => api.get<typeof identityStatusResponse>(identityPath(token), signal),
    staleTime: 0,
  });

export const useIdentityStatus = (token: string, enabled = true) =>
  useQuery({ ...identityQueryOptions(token), enabled });

/**
 * PUT /access/:token/identity/:kind — one image (multipart field `file`). What is sent is what the signatory saw
 * last: the photo after their own black boxes, re-drawn in the browser, never the original.
 */
export function uploadIdentityImage(options: {
  token: string;
  kind: IdentityDocumentKind;
  image: Blob;
  fileName: string;
  /** The Secure QR as the camera read it live (the server checks its signature like any other). */
  qrText?: string;
  onProgress?: (fraction: number) => void;
}) {
  const form = new FormData();
  // Before the file: the server reads the fields as they stream in.
  if (options.qrText) form.append('qrText', options.qrText);
  form.append('file', options.image, options.fileName);
  return uploadWithProgress({
    path: `${identityPath(options.token)}/${options.kind}`,
    form,
    schema: identityStatusResponse,
    onProgress: options.onProgress,
  });
}

export function useUploadIdentityImage(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<Parameters<typeof uploadIdentityImage>[0], 'token'>) =>
      uploadIdentityImage({ token, ...input }),
    onSuccess: (status) => queryClient.setQueryData<IdentityStatus>(identityQueryKey(token), status),
    onError: (error) => onPortalStepFailed({ queryClient, token, error }),
  });
}

/** POST /access/:token/identity/submit — the three images go to the checks; the signatory is done here. */
export function useSubmitIdentity(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof identityStatusResponse>(`${identityPath(token)}/submit`, {}),
    onSuccess: (status) => {
      queryClient.setQueryData<IdentityStatus>(identityQueryKey(token), status);
      onPortalStepDone({ queryClient, token, progress: status.progress });
    },
    onError: (error) => onPortalStepFailed({ queryClient, token, error }),
  });
}
