import type {
  BookSessionRequest,
  bookingResponse,
  bookingSlotsResponse,
  RescheduleBookingRequest,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Booked sessions (issue 26): the application's booking, its free slots, and the owner's changes. */
export const bookingKey = (applicationId: string) => ['applications', applicationId, 'booking'] as const;

const base = (applicationId: string) => `/applications/${encodeURIComponent(applicationId)}/booking`;

export const getBooking = (applicationId: string, signal?: AbortSignal) =>
  api.get<typeof bookingResponse>(base(applicationId), signal);
export const useBooking = (applicationId: string) =>
  useQuery({
    queryKey: bookingKey(applicationId),
    queryFn: ({ signal }) => getBooking(applicationId, signal),
  });

export const getSlots = (
  options: { applicationId: string; date: string; notaryId?: string },
  signal?: AbortSignal,
) =>
  api.get<typeof bookingSlotsResponse>(
    `${base(options.applicationId)}/slots?date=${encodeURIComponent(options.date)}${
      options.notaryId ? `&notaryId=${encodeURIComponent(options.notaryId)}` : ''
    }`,
    signal,
  );
export const useSlots = (options: { applicationId: string; date: string | null; notaryId?: string }) =>
  useQuery({
    queryKey: [...bookingKey(options.applicationId), 'slots', options.date, options.notaryId ?? 'any'],
    queryFn: ({ signal }) =>
      getSlots(
        { applicationId: options.applicationId, date: options.date ?? '', notaryId: options.notaryId },
        signal,
      ),
    enabled: options.date !== null,
    staleTime: 0,
  });

export const calendarFileUrl = (applicationId: string) => `/api/v1${base(applicationId)}/calendar.ics`;

export function useBookingChanges(applicationId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: bookingKey(applicationId) });
  return {
    book: useMutation({
      mutationFn: (request: BookSessionRequest) =>
        api.post<typeof bookingResponse>(base(applicationId), request),
      onSuccess,
    }),
    reschedule: useMutation({
      mutationFn: (request: RescheduleBookingRequest) =>
        api.put<typeof bookingResponse>(base(applicationId), request),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: () => api.delete<typeof bookingResponse>(base(applicationId)),
      onSuccess,
    }),
  };
}
