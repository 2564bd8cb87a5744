import type { CreatePackageBody, UpdatePackageBody } from '@pawdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPackageOffer, packageOffersQuery, setPackageOffered, updatePackageOffer } from '../../../lib/endpoints/packages';
import { queryRoots } from '../../../lib/query-keys';

/** Every boarding package, retired ones too (the Prices screen). */
export function usePackageOffers(enabled = true) {
  return useQuery({ ...packageOffersQuery(false), enabled });
}

/** After a package change: the offers everywhere (the Activate dialog's too) and the price history. */
const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([queryRoots.packages, queryRoots.visits].map((queryKey) => qc.invalidateQueries({ queryKey })));

export function useCreatePackage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: CreatePackageBody) => createPackageOffer(body), onSuccess: () => refresh(qc) });
}

export function useUpdatePackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePackageBody }) => updatePackageOffer(id, body),
    onSuccess: () => refresh(qc),
  });
}

export function useSetPackageOffered() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, offered }: { id: string; offered: boolean }) => setPackageOffered(id, offered),
    onSuccess: () => refresh(qc),
  });
}
