import type { notaryDayResponse } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The notary's booked sessions of today (IST), in time order (issue 26). */
export const getNotaryBookings = (signal?: AbortSignal) =>
  api.get<typeof notaryDayResponse>('/notary/bookings', signal);
export const useNotaryBookings = () =>
  useQuery({ queryKey: ['notary', 'bookings', 'today'], queryFn: ({ signal }) => getNotaryBookings(signal) });
