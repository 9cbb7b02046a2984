import { useEffect, useState } from 'react';
import { api } from './api-client';

export type ProtectedFile =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; url: string; type: string }
  | { state: 'error'; error: unknown };

/**
 * A private file of the API (`path` below /api/v1) as an object URL for an <img>: fetched with the session cookie,
 * fetched again when `version` changes (a replaced upload), and revoked when no longer shown.
 * `path: null` fetches nothing.
 */
export function useProtectedFile(path: string | null, version?: string): ProtectedFile {
  const [file, setFile] = useState<ProtectedFile>({ state: path ? 'loading' : 'idle' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version of the same path is a new file.
  useEffect(() => {
    if (!path) {
      setFile({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setFile({ state: 'loading' });
    api.file(path, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setFile({ state: 'ready', url, type: blob.type });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFile({ state: 'error', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, version]);
  return file;
}
