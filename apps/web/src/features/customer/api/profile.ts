import type { CustomerProfile, CustomerProfileBody, CustomerProfileResponse } from '@pawdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';
import { queryRoots } from '../../../lib/query-keys';
import { customerKeys } from './keys';

/** GET /customer/profile: the signed-in customer's name, email, phone and address. */
export function useProfile() {
  return useQuery({
    queryKey: customerKeys.profile,
    queryFn: ({ signal }) => api<CustomerProfileResponse>('/customer/profile', { signal }).then((r) => r.profile),
  });
}

/**
 * POST /customer/profile. The owner record changes with it, so every pets answer is refreshed, and the stored
 * login user takes the new name, phone and address (the header and the customer forms read it).
 */
export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerProfileBody) => api<CustomerProfileResponse>('/customer/profile', { method: 'POST', body }),
    onSuccess: (res) => {
      const p: CustomerProfile = res.profile;
      auth.updateUser({ fullName: p.fullName, phone: p.phone, address: p.address });
      qc.setQueryData(customerKeys.profile, p);
      return qc.invalidateQueries({ queryKey: queryRoots.pets });
    },
  });
}
