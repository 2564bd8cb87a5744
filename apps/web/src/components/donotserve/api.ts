import type {
  CustomerDnsResponse,
  DnsFlagsResponse,
  DnsMarksResponse,
  DnsReviewsResponse,
  DnsSubjectResponse,
} from '@pawdesk/shared/donotserve/schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';

/**
 * Do not serve (issue 20): the flags on owners and pets, read by several staff screens (Pet Records, New Visit,
 * Deboard Pets, Reservations) and the customer area, so they live here beside the badges that show them.
 */
const root = queryRoots.donotserve;
export type Subject = { petId: string } | { ownerId: string };

/** Every active flag by pet and owner id: the badges of lists. */
export const dnsMarksQuery = () =>
  queryOptions({
    queryKey: [...root, 'marks'] as const,
    queryFn: ({ signal }) => api<DnsMarksResponse>('/donotserve/marks', { signal }),
    staleTime: 60_000,
  });

/** A pet's flags (and its owner's), or an owner's. */
export const dnsSubjectQuery = (s: Subject) =>
  queryOptions({
    queryKey: [...root, 'subject', s] as const,
    queryFn: ({ signal }) => api<DnsSubjectResponse>('/donotserve/subject', { query: { ...s }, signal }),
  });

export const DNS_PAGE = 20;

export const dnsFlagsQuery = (status: 'active' | 'requested', offset: number) =>
  queryOptions({
    queryKey: [...root, 'flags', { status, offset }] as const,
    queryFn: ({ signal }) => api<DnsFlagsResponse>('/donotserve', { query: { status, limit: DNS_PAGE, offset }, signal }),
  });

export const dnsReviewsQuery = (offset: number) =>
  queryOptions({
    queryKey: [...root, 'reviews', { offset }] as const,
    queryFn: ({ signal }) => api<DnsReviewsResponse>('/donotserve/reviews', { query: { limit: DNS_PAGE, offset }, signal }),
  });

export const customerDnsQuery = () =>
  queryOptions({
    queryKey: [...root, 'customer'] as const,
    queryFn: ({ signal }) => api<CustomerDnsResponse>('/customer/donotserve', { signal }),
  });

/** A write of the do-not-serve data: every list and badge of it is read again. */
export function useDnsAction<V>(send: (v: V) => Promise<{ message?: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => qc.invalidateQueries({ queryKey: root }),
  });
}

const post = (path: string, body: object) => api<{ success: true; message: string }>(path, { method: 'POST', body });

export const createFlag = (v: Subject & { reason: string }) => post('/donotserve', v);
export const decideFlag = (v: { id: string; action: 'approve' | 'reject' | 'lift'; note?: string }) =>
  post(`/donotserve/${v.id}/${v.action}`, v.note ? { note: v.note } : {});
export const decideReview = (v: { id: string; action: 'approve' | 'reject'; note?: string }) =>
  post(`/donotserve/reviews/${v.id}/${v.action}`, v.note ? { note: v.note } : {});
export const requestReview = (v: { id: string; reason: string }) =>
  post(`/customer/donotserve/${v.id}/review`, { reason: v.reason });
