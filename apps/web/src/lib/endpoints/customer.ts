/**
 * The signed-in customer's own data (issue 16), read by the customer dashboard's cards and by My Subscriptions and
 * Buy Subscription: their pets, subscriptions, wallet and boarding packages. The server answers only the caller's
 * own records, whatever the request names.
 */
import type {
  CustomerSubscription,
  CustomerSubscriptionsResponse,
  OwnerPackagesResponse,
  PackageOffersResponse,
  PetDetails,
  WalletResponse,
} from '@pawdesk/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';
import { isExpiringSoon, statusOf } from '../subscription-rules';

/* ───────────── pets ───────────── */

/** POST /customer/pet/getallpets: the customer's registered pets (the same key as the pet registration screens'). */
export const myPetsKey = [...queryRoots.pets, 'customer', 'mine'] as const;
export function myPetsQuery() {
  return queryOptions({
    queryKey: myPetsKey,
    queryFn: ({ signal }) =>
      api<{ pets: PetDetails[] }>('/customer/pet/getallpets', { method: 'POST', body: {}, signal }).then((r) => r.pets),
  });
}

/* ───────────── subscriptions ───────────── */

/** One entry of `GET /subscription/customer-subscriptions` (the shared contract). */
export type { CustomerSubscription } from '@pawdesk/shared';

/** GET /subscription/customer-subscriptions?email=: the caller's pets' subscriptions (the spec's call, by own email). */
export const customerSubscriptionsKey = (email: string) => [...queryRoots.subscriptions, 'customer', email] as const;
export function customerSubscriptionsQuery(email: string | null | undefined) {
  return queryOptions({
    queryKey: customerSubscriptionsKey(email ?? ''),
    queryFn: ({ signal }) =>
      api<CustomerSubscriptionsResponse>('/subscription/customer-subscriptions', { query: { email }, signal }).then(
        (r) => r.subscriptions,
      ),
    enabled: Boolean(email),
  });
}

/** Active subscriptions, and those of them with 7 or fewer days left ('Expiring soon', spec 001 §4). */
export function subscriptionCounts(subs: readonly Pick<CustomerSubscription, 'active' | 'status' | 'daysLeft'>[]) {
  return {
    active: subs.filter((s) => statusOf(s) === 'active').length,
    expiringSoon: subs.filter(isExpiringSoon).length,
  };
}

/* ───────────── wallet ───────────── */

/** Movements per page of the customer's wallet. */
export const MY_WALLET_PAGE = 10;

/** GET /customer/wallet: the balance, the top-up limit and the movements, newest first, a page at a time. */
export function fetchMyWallet(q: { limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<WalletResponse>('/customer/wallet', { query: q, signal }).then((r) => r.wallet);
}
export const myWalletKey = [...queryRoots.wallet, 'mine'] as const;
export function myWalletQuery() {
  return infiniteQueryOptions({
    queryKey: myWalletKey,
    queryFn: ({ pageParam, signal }) => fetchMyWallet({ limit: MY_WALLET_PAGE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/* ───────────── boarding packages ───────────── */

/** GET /customer/packages/mine: the caller's packages and wallet balance. */
export const myPackagesKey = [...queryRoots.packages, 'mine'] as const;
export function myPackagesQuery() {
  return queryOptions({
    queryKey: myPackagesKey,
    queryFn: ({ signal }) => api<OwnerPackagesResponse>('/customer/packages/mine', { signal }),
  });
}

/** GET /customer/packages: the packages on offer to customers. */
export const packagesOnOfferKey = [...queryRoots.packages, 'customer', 'offers'] as const;
export function packagesOnOfferQuery() {
  return queryOptions({
    queryKey: packagesOnOfferKey,
    queryFn: ({ signal }) => api<PackageOffersResponse>('/customer/packages', { signal }).then((r) => r.packages),
  });
}
