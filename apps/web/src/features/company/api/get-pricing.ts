import type { pricingResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getPricing = (signal?: AbortSignal) => api.get<typeof pricingResponse>('/pricing', signal);

export const pricingQueryOptions = () =>
  queryOptions({ queryKey: ['pricing'], queryFn: ({ signal }) => getPricing(signal) });

export const usePricing = () => useQuery(pricingQueryOptions());
