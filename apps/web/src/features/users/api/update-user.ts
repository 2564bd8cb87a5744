import type { StaffUserSaved, UpdateStaffBody } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Disable or enable an account, change its admin flag or name. */
export function updateUser(id: string, body: UpdateStaffBody) {
  return api<StaffUserSaved>(`/admin/users/${id}`, { method: 'PATCH', body });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStaffBody }) => updateUser(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
