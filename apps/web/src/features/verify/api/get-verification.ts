import type { verificationDetails } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /verify/:code — the notarised document a certificate page's QR code points to (404 when none is). */
export const getVerification = (code: string, signal?: AbortSignal) =>
  api.get<typeof verificationDetails>(`/verify/${encodeURIComponent(code)}`, signal);

export const verificationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['verify', code],
    queryFn: ({ signal }) => getVerification(code, signal),
    // A seal does not change once made.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `null`: the address holds no code that could be one, so nothing is asked. */
export const useVerification = (code: string | null) =>
  useQuery({ ...verificationQueryOptions(code ?? ''), enabled: code !== null });
