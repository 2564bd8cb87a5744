import type {
  ActivatePackageBody,
  ChangePackagePetsBody,
  CheckinPackageBody,
  CreatePackageBody,
  OwnerPackagesResponse,
  PackageAnswer,
  PackageOfferSaved,
  PackageOffersResponse,
  UpdatePackageBody,
} from '@pawdesk/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /packages (staff: every offer; `active`: only those offered). */
export function fetchPackageOffers(active: boolean, signal?: AbortSignal) {
  return api<PackageOffersResponse>('/packages', { query: active ? { active: 1 } : {}, signal }).then((r) => r.packages);
}
export const packageOffersKey = (active: boolean) => [...queryRoots.packages, 'offers', { active }] as const;
/** The boarding packages: on offer (`active`, the Activate dialog) or all of them (Prices). */
export function packageOffersQuery(active: boolean) {
  return queryOptions({ queryKey: packageOffersKey(active), queryFn: ({ signal }) => fetchPackageOffers(active, signal) });
}

/** GET /packages/owner/:ownerId: the owner's packages and wallet balance. */
export function fetchOwnerPackages(ownerId: string, signal?: AbortSignal) {
  return api<OwnerPackagesResponse>(`/packages/owner/${ownerId}`, { signal });
}
export const ownerPackagesKey = (ownerId: string) => [...queryRoots.packages, 'owner', ownerId] as const;
export function ownerPackagesQuery(ownerId: string | null | undefined) {
  return queryOptions({
    queryKey: ownerPackagesKey(ownerId ?? ''),
    queryFn: ({ signal }) => fetchOwnerPackages(ownerId as string, signal),
    enabled: Boolean(ownerId),
  });
}

/** POST /packages/activate (idempotent): boards the pets now and charges day 1 from the wallet. */
export function activatePackage(body: ActivatePackageBody, idempotencyKey?: string) {
  return api<PackageAnswer>('/packages/activate', { method: 'POST', body, idempotencyKey });
}
/** POST /packages/:id/checkin (idempotent): boards waiting pets (all when `petIds` is missing), charging their day 1. */
export function checkInPackage(id: string, body: CheckinPackageBody, idempotencyKey?: string) {
  return api<PackageAnswer>(`/packages/${id}/checkin`, { method: 'POST', body, idempotencyKey });
}
/** POST /packages/:id/pets (idempotent): adds and removes pets. */
export function changePackagePets(id: string, body: ChangePackagePetsBody, idempotencyKey?: string) {
  return api<PackageAnswer>(`/packages/${id}/pets`, { method: 'POST', body, idempotencyKey });
}
/** POST /packages/:id/end: no refund of days already charged. */
export function endPackage(id: string, idempotencyKey?: string) {
  return api<PackageAnswer>(`/packages/${id}/end`, { method: 'POST', body: {}, idempotencyKey });
}

/** Admin: a new package, a change, retire and restore (audited). */
export function createPackageOffer(body: CreatePackageBody) {
  return api<PackageOfferSaved>('/admin/packages', { method: 'POST', body });
}
export function updatePackageOffer(id: string, body: UpdatePackageBody) {
  return api<PackageOfferSaved>(`/admin/packages/${id}`, { method: 'PUT', body });
}
export function setPackageOffered(id: string, offered: boolean) {
  return api<PackageOfferSaved>(`/admin/packages/${id}/${offered ? 'restore' : 'retire'}`, { method: 'POST' });
}

/**
 * After a package changed: packages, the wallet it charges, the statement, and the boardings and occupancy its pets
 * fill.
 */
export function invalidatePackageData(qc: QueryClient) {
  return Promise.all(
    [queryRoots.packages, queryRoots.wallet, queryRoots.payments, queryRoots.boarding, queryRoots.visits].map((queryKey) =>
      qc.invalidateQueries({ queryKey }),
    ),
  );
}

export type { OwnerPackagesResponse, PackageOffersResponse } from '@pawdesk/shared';
