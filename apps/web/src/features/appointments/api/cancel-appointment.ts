import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { appointmentKeys } from './keys';
import type { Appointment } from './types';

/**
 * DELETE /customerappointment/cancelappoint/:id (idempotent): answers {data}, the cancelled appointment, which
 * replaces the old one in the list. A refund moves money, so the wallet and payments are refreshed too.
 */
export function useCancelAppointment(customerId: string | null | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      api<{ data: Appointment }>(`/customerappointment/cancelappoint/${id}`, { method: 'DELETE', idempotencyKey }).then(
        (r) => r.data,
      ),
    onSuccess: (updated) => {
      qc.setQueryData<Appointment[]>(appointmentKeys.mine(customerId ?? ''), (list) =>
        list?.map((a) => (a._id === updated._id ? { ...a, ...updated } : a)),
      );
      void qc.invalidateQueries({ queryKey: queryRoots.appointments });
      void qc.invalidateQueries({ queryKey: queryRoots.payments });
      void qc.invalidateQueries({ queryKey: queryRoots.wallet });
    },
  });
}
