import type {
  CreateIncidentBody,
  CreateReportCardBody,
  CustomerReportCardsResponse,
  IncidentResponse,
  IncidentsResponse,
  ReportCardResponse,
  ReportCardsTodayResponse,
  ReportStayResponse,
  SendReportCardResponse,
  UpdateReportCardBody,
} from '@pawdesk/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys of report cards and incidents (one root: every save refreshes them all). */
export const reportCardKeys = {
  today: () => [...queryRoots.reportCards, 'today'] as const,
  stay: (boardingId: string) => [...queryRoots.reportCards, 'stay', boardingId] as const,
  petIncidents: (petId: string) => [...queryRoots.reportCards, 'pet-incidents', petId] as const,
  customer: (petId: string | null) => [...queryRoots.reportCards, 'customer', petId ?? 'all'] as const,
};

export const todayQuery = () =>
  queryOptions({ queryKey: reportCardKeys.today(), queryFn: () => api<ReportCardsTodayResponse>('/report-cards/today') });

export const stayQuery = (boardingId: string) =>
  queryOptions({
    queryKey: reportCardKeys.stay(boardingId),
    queryFn: () => api<ReportStayResponse>(`/report-cards/stays/${encodeURIComponent(boardingId)}`),
  });

export const petIncidentsQuery = (petId: string) =>
  queryOptions({
    queryKey: reportCardKeys.petIncidents(petId),
    queryFn: () => api<IncidentsResponse>(`/pets/${encodeURIComponent(petId)}/incidents`),
  });

export const customerCardsQuery = (petId: string | null) =>
  infiniteQueryOptions({
    queryKey: reportCardKeys.customer(petId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api<CustomerReportCardsResponse>('/customer/report-cards', { query: { petId, limit: 10, cursor: pageParam } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * Sends a photo as the raw request body (the server checks the real type from the bytes). The api client speaks
 * JSON only, so this is its own small fetch with the same error shape.
 */
export async function uploadPhoto<T>(path: string, file: Blob): Promise<T> {
  const { token } = auth.get();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': file.type?.startsWith('image/') ? file.type : 'application/octet-stream',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: file });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || data.success === false) {
    const message = typeof data.message === 'string' && data.message ? data.message : `Upload failed (${res.status})`;
    throw new ApiError(res.status, message, (data.errors as Record<string, string>) ?? {}, data);
  }
  return data as T;
}

/** Every write refreshes the report cards' data (the list's states, the stay, the pet's incidents). */
function useRefreshing<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: queryRoots.reportCards }) });
}

export const useCreateCard = () =>
  useRefreshing((b: CreateReportCardBody) => api<ReportCardResponse>('/report-cards', { body: b }));
export const useUpdateCard = () =>
  useRefreshing(({ id, body }: { id: string; body: UpdateReportCardBody }) =>
    api<ReportCardResponse>(`/report-cards/${id}`, { method: 'PUT', body }),
  );
export const useSendCard = () =>
  useRefreshing((id: string) => api<SendReportCardResponse>(`/report-cards/${id}/send`, { method: 'POST' }));
export const useAddCardPhoto = () =>
  useRefreshing(({ id, file }: { id: string; file: Blob }) =>
    uploadPhoto<ReportCardResponse>(`/report-cards/${id}/photos`, file),
  );
export const useRemoveCardPhoto = () =>
  useRefreshing(({ id, hash }: { id: string; hash: string }) =>
    api<ReportCardResponse>(`/report-cards/${id}/photos/${hash}`, { method: 'DELETE' }),
  );
export const useRecordIncident = () => useRefreshing((b: CreateIncidentBody) => api<IncidentResponse>('/incidents', { body: b }));
export const useAddIncidentPhoto = () =>
  useRefreshing(({ id, file }: { id: string; file: Blob }) => uploadPhoto<IncidentResponse>(`/incidents/${id}/photos`, file));
export const useRemoveIncidentPhoto = () =>
  useRefreshing(({ id, hash }: { id: string; hash: string }) =>
    api<IncidentResponse>(`/incidents/${id}/photos/${hash}`, { method: 'DELETE' }),
  );
export const useTellOwner = () =>
  useRefreshing((id: string) => api<IncidentResponse>(`/incidents/${id}/tell-owner`, { method: 'POST' }));
