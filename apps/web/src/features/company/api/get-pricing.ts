import { pricingResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getPricing = (signal?: AbortSignal) => api.get('/pricing', pricingResponse, signal);

export const pricingQueryOptions = () =>
  queryOptions({ queryKey: ['pricing'], queryFn: ({ signal }) => getPricing(signal) });

export const usePricing = () => useQuery(pricingQueryOptions());
