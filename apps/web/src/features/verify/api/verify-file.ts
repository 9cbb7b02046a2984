import { verifyResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/**
 * POST /verify — is this PDF notarised by Mohar and unchanged? Multipart field `file`; the server reads it and keeps
 * nothing of it. Sent with progress: a notarised PDF can be tens of megabytes on a phone connection.
 */
export const verifyFile = (options: {
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}) => {
  const form = new FormData();
  form.append('file', options.file);
  return uploadWithProgress({
    path: '/verify',
    form,
    schema: verifyResponse,
    method: 'POST',
    onProgress: options.onProgress,
    signal: options.signal,
  });
};

export const useVerifyFile = () => useMutation({ mutationFn: verifyFile });
