import type {
  CareBoardResponse,
  CareSlotsBody,
  PetCareBody,
  PetCareResponse,
  RecordTaskBody,
  StayPlanBody,
  StayPlanResponse,
  CareTask,
  CareSlot,
} from '@pawdesk/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';
import { careKeys } from './keys';

export interface BoardFilters {
  boardingType?: string;
  slot?: string;
  todo?: boolean;
}

/** GET /care/board: today's board (refetched on the staff stream's `care` event and every minute for lateness). */
export function useCareBoard(f: BoardFilters) {
  return useQuery({
    queryKey: careKeys.board(f),
    queryFn: ({ signal }) =>
      api<CareBoardResponse>('/care/board', {
        query: { boardingType: f.boardingType, slot: f.slot, todo: f.todo ? 'true' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

const invalidateCare = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: queryRoots.care });

export function recordTask(body: RecordTaskBody, idempotencyKey?: string) {
  return api<{ success: true; message: string; task: CareTask }>('/care/tasks', { method: 'POST', body, idempotencyKey });
}

/** POST /care/tasks: one Idempotency-Key per task (a house dose is a sale on the stay's bill). */
export function useRecordTask() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: useKeyedSubmit(recordTask, (b) => [b.boardingId, b.itemId, b.slotKey].join('|')),
    onSettled: () => invalidateCare(qc),
    onSuccess: () =>
      Promise.all([queryRoots.inventory, queryRoots.boarding].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

export function useUndoTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true; message: string }>(`/care/tasks/${id}`, { method: 'DELETE' }),
    onSettled: () => invalidateCare(qc),
  });
}

/** GET /care/pets/{petId}: a pet's standing instructions (staff, or the owner read-only). */
export function usePetCare(petId: string | null) {
  return useQuery({
    queryKey: careKeys.pet(petId ?? ''),
    queryFn: ({ signal }) => api<PetCareResponse>(`/care/pets/${petId}`, { signal }),
    enabled: Boolean(petId),
  });
}

export function useSavePetCare(petId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PetCareBody) => api<PetCareResponse>(`/care/pets/${petId}`, { method: 'PUT', body }),
    // The pet's answers carry its warnings (Pet Records, Deboard): they reload too.
    onSuccess: () => Promise.all([queryRoots.care, queryRoots.pets].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** GET /care/stays/{boardingId}/plan. */
export function useStayPlan(boardingId: string | null) {
  return useQuery({
    queryKey: careKeys.plan(boardingId ?? ''),
    queryFn: ({ signal }) => api<StayPlanResponse>(`/care/stays/${boardingId}/plan`, { signal }),
    enabled: Boolean(boardingId),
  });
}

export function useSaveStayPlan(boardingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StayPlanBody) => api<StayPlanResponse>(`/care/stays/${boardingId}/plan`, { method: 'PUT', body }),
    onSuccess: () => invalidateCare(qc),
  });
}

export function useSavePlanToPet(boardingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<StayPlanResponse>(`/care/stays/${boardingId}/plan/save-to-pet`, { method: 'POST' }),
    onSuccess: () => invalidateCare(qc),
  });
}

export function useCareSlots() {
  return useQuery({
    queryKey: careKeys.slots(),
    queryFn: ({ signal }) => api<{ success: true; slots: CareSlot[] }>('/care/slots', { signal }),
  });
}

export function useSaveCareSlots() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CareSlotsBody) =>
      api<{ success: true; message: string; slots: CareSlot[] }>('/care/slots', { method: 'PUT', body }),
    onSuccess: () => invalidateCare(qc),
  });
}
