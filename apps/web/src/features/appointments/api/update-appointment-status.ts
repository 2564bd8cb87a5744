import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import type { Appointment, AppointmentStatus } from './types';

export interface StatusChange {
  id: string;
  status: Exclude<AppointmentStatus, 'pending'>;
  visitNotes?: string;
  idempotencyKey: string;
}

/** PATCH /appointment/onlineappointments/:id/status {status, visitNotes} (idempotent: a not-visited one refunds). */
export function useUpdateAppointmentStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, visitNotes, idempotencyKey }: StatusChange) =>
      api<{ success: true; message?: string; appointment?: Appointment; data?: Appointment }>(
        `/appointment/onlineappointments/${id}/status`,
        { method: 'PATCH', body: { status, ...(visitNotes ? { visitNotes } : {}) }, idempotencyKey },
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryRoots.appointments });
      void qc.invalidateQueries({ queryKey: queryRoots.payments });
    },
  });
}
