import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import type { AppointmentResponse } from '@pawdesk/shared';
import type { AppointmentStatus } from './types';

export interface StatusChange {
  id: string;
  status: Exclude<AppointmentStatus, 'pending'>;
  visitNotes?: string;
  /** Marking not visited: why (required). */
  reason?: string;
  idempotencyKey: string;
}

/** PATCH /appointment/onlineappointments/:id/status {status, visitNotes} (idempotent: a not-visited one refunds). */
export function useUpdateAppointmentStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, visitNotes, reason, idempotencyKey }: StatusChange) =>
      api<AppointmentResponse>(`/appointment/onlineappointments/${id}/status`, {
        method: 'PATCH',
        body: { status, ...(visitNotes ? { visitNotes } : {}), ...(reason ? { reason } : {}) },
        idempotencyKey,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryRoots.appointments });
      void qc.invalidateQueries({ queryKey: queryRoots.payments });
    },
  });
}
