import type { NotaryDocumentKind, notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';

/** The API path of one of the notary's own files (GET shows it, PUT replaces it). */
export const ownDocumentPath = (kind: NotaryDocumentKind) => `/notary/profile/documents/${kind}`;

/** PUT /notary/profile/documents/:kind — multipart field `file`; the server checks the content and size. */
export async function uploadNotaryDocument(options: {
  kind: NotaryDocumentKind;
  file: Blob;
  fileName: string;
}) {
  const form = new FormData();
  form.append('file', options.file, options.fileName);
  return (await api.upload<typeof notaryProfileResponse>(ownDocumentPath(options.kind), form)).notary;
}

export function useUploadNotaryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadNotaryDocument,
    onSuccess: (notary) => setNotaryProfile(queryClient, notary),
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
