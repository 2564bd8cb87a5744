import type { StaffUserSaved } from '@pawdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Log an account out everywhere (its tokens stop working). */
export function logoutUser(id: string) {
  return api<StaffUserSaved>(`/admin/users/${id}/logout`, { method: 'POST' });
}

export function useLogoutUser() {
  return useMutation({ mutationFn: logoutUser });
}
