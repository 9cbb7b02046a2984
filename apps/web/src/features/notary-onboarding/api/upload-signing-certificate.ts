import type { notaryProfileResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { refreshNotaryProfileIfStale, setNotaryProfile } from '@/lib/notary-profile';

/** The multipart fields as the form checks them: a file must be chosen; an empty passphrase is allowed. */
export const signingCertificateUpload = z.object({ file: z.file(), passphrase: z.string() });

/** PUT /notary/profile/signing-certificate — multipart fields `passphrase` and `file` (the .p12 or .pfx). */
export async function uploadSigningCertificate(options: { file: File; passphrase: string }) {
  const form = new FormData();
  form.append('passphrase', options.passphrase);
  form.append('file', options.file, options.file.name);
  return (await api.upload<typeof notaryProfileResponse>('/notary/profile/signing-certificate', form)).notary;
}

export function useUploadSigningCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSigningCertificate,
    onSuccess: (notary) => setNotaryProfile(queryClient, notary),
    onError: (error) => refreshNotaryProfileIfStale(queryClient, error),
  });
}
