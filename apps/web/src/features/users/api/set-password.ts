import type { SetPasswordBody, StaffUserSaved } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** A new password; the account's sessions end. */
export function setPassword(id: string, body: SetPasswordBody) {
  return api<StaffUserSaved>(`/admin/users/${id}/password`, { method: 'POST', body });
}

export function useSetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetPasswordBody }) => setPassword(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
