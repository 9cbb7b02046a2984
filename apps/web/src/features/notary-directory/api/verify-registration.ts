import { registrationNumberField, type verifyRegistrationResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export { registrationNumberField };

/** GET /notaries/verify — whether a verified notary on Mohar has this registration number. */
export const verifyRegistration = (registrationNumber: string, signal?: AbortSignal) =>
  api.get<typeof verifyRegistrationResponse>(
    `/notaries/verify?registrationNumber=${encodeURIComponent(registrationNumber)}`,
    signal,
  );

export const verifyRegistrationQueryOptions = (registrationNumber: string) =>
  queryOptions({
    queryKey: ['notaries', 'verify', registrationNumber],
    queryFn: ({ signal }) => verifyRegistration(registrationNumber, signal),
    retry: false,
  });

/** Runs once a number has been checked (`null`: nothing asked yet). */
export const useVerifyRegistration = (registrationNumber: string | null) =>
  useQuery({
    ...verifyRegistrationQueryOptions(registrationNumber ?? ''),
    enabled: registrationNumber !== null,
  });
