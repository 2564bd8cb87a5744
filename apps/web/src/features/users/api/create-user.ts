import type { CreateStaffBody, StaffUserSaved } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

export function createUser(body: CreateStaffBody) {
  return api<StaffUserSaved>('/admin/users', { method: 'POST', body });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }) });
}
