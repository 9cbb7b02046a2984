import { applicationResponse } from '@mohar/contracts';
import { applicationDocumentPath } from '@/lib/application';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/** PUT /applications/:id/document — multipart field `file`; the server checks the PDF and counts its pages. */
export async function uploadDocument(options: {
  id: string;
  file: File;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}) {
  const form = new FormData();
  form.append('file', options.file, options.file.name);
  const response = await uploadWithProgress({
    path: applicationDocumentPath(options.id),
    form,
    schema: applicationResponse,
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return response.application;
}
