import type {
  CreateReservationBody,
  ReservationCancelBody,
  ReservationCancelQuoteResponse,
  ReservationCheckInBody,
  ReservationDayResponse,
  ReservationDepositBody,
  ReservationDetailResponse,
  ReservationListResponse,
  ReservationMoneyResponse,
  ReservationQuote,
  ReservationQuoteBody,
  ReservationQuoteResponse,
  ReservationRefundResponse,
  ReservationResponse,
  ReservationWaiveBody,
  StaySettingsResponse,
  VisitTypeApi,
} from '@pawdesk/shared';
import type { DnsOverride, WithDnsOverride } from '@pawdesk/shared/donotserve/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';
import { reservationKeys } from './keys';

/** The boarding types a reservation can be for, in the order the desk knows them. */
export const RESERVABLE_CODES = ['hostel', 'day_care', 'day_school', 'play_school', 'dog_park'] as const;

/** GET /visit/getallvisittypes, keeping the boarding types (Hostel, Day Care, Day School, Play School, Dog Park). */
export function useBoardingTypes() {
  return useQuery({
    queryKey: [...queryRoots.visits, 'types', 'reservable'] as const,
    queryFn: ({ signal }) =>
      api<{ visitTypes: VisitTypeApi[] }>('/visit/getallvisittypes', { signal }).then((r) =>
        RESERVABLE_CODES.flatMap((code) => r.visitTypes.filter((t) => t.code === code)),
      ),
    staleTime: 5 * 60_000,
  });
}

/** GET /settings/stays: the business's counting rule (the form counts with it while the quote loads). */
export function useStaySettings() {
  return useQuery({
    queryKey: reservationKeys.staySettings(),
    queryFn: ({ signal }) => api<StaySettingsResponse>('/settings/stays', { signal }).then((r) => r.settings),
    staleTime: 5 * 60_000,
  });
}

/** POST /reservations/quote: the count, the price and each day's room, for a complete stay (null: nothing to ask). */
export function useReservationQuote(body: ReservationQuoteBody | null) {
  return useQuery<ReservationQuote, Error, ReservationQuote, readonly unknown[]>({
    queryKey: reservationKeys.quote(body),
    queryFn: ({ signal }): Promise<ReservationQuote> =>
      api<ReservationQuoteResponse>('/reservations/quote', { method: 'POST', body, signal }).then((r) => r.quote),
    enabled: body !== null,
    // The last quote stays shown (dimmed as stale) while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /reservations/day?date=: the day's arrivals and departures (undefined: the business's today). */
export function dayQuery(date: string | undefined) {
  return queryOptions({
    queryKey: reservationKeys.day(date),
    queryFn: ({ signal }) => api<ReservationDayResponse>('/reservations/day', { query: { date }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /reservations?from=&to=&visitTypeId=: the reservations covering any day of the range. */
export function calendarQuery(from: string, to: string, visitTypeId: string | null) {
  return queryOptions({
    queryKey: reservationKeys.calendar(from, to, visitTypeId),
    queryFn: ({ signal }) => api<ReservationListResponse>('/reservations', { query: { from, to, visitTypeId }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /reservations/:id: the reservation, its deposit's ledger rows and its days against capacity. */
export function detailQuery(id: string | null) {
  return queryOptions({
    queryKey: reservationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<ReservationDetailResponse>(`/reservations/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** GET /reservations/:id/cancel-quote: what cancelling now refunds. Always asked afresh (the policy moves with the day). */
export function useCancelQuote(id: string | null) {
  return useQuery({
    queryKey: reservationKeys.cancelQuote(id ?? ''),
    queryFn: ({ signal }) =>
      api<ReservationCancelQuoteResponse>(`/reservations/${id}/cancel-quote`, { signal }).then((r) => r.quote),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * A reservation write changes places (the grid, the calendar, the day lists, the Today board) and, with money,
 * the ledger and the owner's statement: refresh those roots.
 */
function useRefresh(money: boolean) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryRoots.boarding });
    if (money) {
      void qc.invalidateQueries({ queryKey: queryRoots.payments });
      void qc.invalidateQueries({ queryKey: queryRoots.wallet });
      void qc.invalidateQueries({ queryKey: queryRoots.visits });
      void qc.invalidateQueries({ queryKey: queryRoots.documents });
    }
  };
}

/** POST /reservations, one Idempotency-Key per submission (a deposit may be taken with it). */
export function useCreateReservation() {
  const refresh = useRefresh(true);
  const send = useKeyedSubmit((body: WithDnsOverride<CreateReservationBody>, idempotencyKey: string) =>
    api<ReservationMoneyResponse>('/reservations', { method: 'POST', body, idempotencyKey }),
  );
  return useMutation({ mutationFn: send, onSuccess: refresh, networkMode: 'always' });
}

/** POST /reservations/:id/deposit (more deposit, or an advance), keyed per reservation. */
export function useTakeDeposit() {
  const refresh = useRefresh(true);
  const send = useKeyedSubmit(
    (v: { id: string; body: ReservationDepositBody }, idempotencyKey: string) =>
      api<ReservationMoneyResponse>(`/reservations/${v.id}/deposit`, { method: 'POST', body: v.body, idempotencyKey }),
    (v) => v.id,
  );
  return useMutation({ mutationFn: send, onSuccess: refresh, networkMode: 'always' });
}

/** POST /reservations/:id/cancel: the deposit is refunded as the cancel quote said. */
export function useCancelReservation() {
  const refresh = useRefresh(true);
  const send = useKeyedSubmit(
    (v: { id: string; body: ReservationCancelBody }, idempotencyKey: string) =>
      api<ReservationRefundResponse>(`/reservations/${v.id}/cancel`, { method: 'POST', body: v.body, idempotencyKey }),
    (v) => v.id,
  );
  return useMutation({ mutationFn: send, onSuccess: refresh, networkMode: 'always' });
}

/** POST /reservations/:id/waive (admins): refunds a no-show's kept deposit. */
export function useWaiveNoShow() {
  const refresh = useRefresh(true);
  const send = useKeyedSubmit(
    (v: { id: string; body: ReservationWaiveBody }, idempotencyKey: string) =>
      api<ReservationRefundResponse>(`/reservations/${v.id}/waive`, { method: 'POST', body: v.body, idempotencyKey }),
    (v) => v.id,
  );
  return useMutation({ mutationFn: send, onSuccess: refresh, networkMode: 'always' });
}

/** POST /reservations/:id/check-in: each pet's stay is sold and the deposit applied. */
export function useCheckIn() {
  const refresh = useRefresh(true);
  const send = useKeyedSubmit(
    (v: { id: string; body: WithDnsOverride<ReservationCheckInBody> }, idempotencyKey: string) =>
      api<ReservationResponse>(`/reservations/${v.id}/check-in`, { method: 'POST', body: v.body, idempotencyKey }),
    (v) => v.id,
  );
  return useMutation({ mutationFn: send, onSuccess: refresh, networkMode: 'always' });
}

/**
 * POST /reservations/:id/confirm or /no-show (no money moves). A confirm may carry an admin's do-not-serve override
 * (`dnsOverride`, issue 20).
 */
export function useTransition(action: 'confirm' | 'no-show') {
  const refresh = useRefresh(action === 'no-show');
  return useMutation({
    mutationFn: (v: string | { id: string; dnsOverride: DnsOverride }) =>
      typeof v === 'string'
        ? api<ReservationResponse>(`/reservations/${v}/${action}`, { method: 'POST', body: {} })
        : api<ReservationResponse>(`/reservations/${v.id}/${action}`, {
            method: 'POST',
            body: { dnsOverride: v.dnsOverride },
          }),
    onSuccess: refresh,
  });
}
