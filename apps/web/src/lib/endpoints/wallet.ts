import type {
  WalletRefundBody,
  WalletRefundResponse,
  WalletResponse,
  WalletTopUpBody,
  WalletTopUpMethod,
  WalletTopUpResponse,
} from '@pawdesk/shared';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** The shared contract of the wallet (packages/shared/src/wallet). */
export type { Wallet, WalletMovement, WalletMovementKind, WalletResponse } from '@pawdesk/shared';
export type TopUpMethod = WalletTopUpMethod;
/** A checkout order the desk opens (card top-ups): `amount` in paise. */
export type CheckoutOrder = NonNullable<WalletTopUpResponse['order']>;

/** Movements per page of the wallet panel. */
export const WALLET_PAGE = 20;

/** GET /wallet/owner/:ownerId: the owner's balance and movements, newest first, a page at a time. */
export function fetchOwnerWallet(ownerId: string, q: { limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<WalletResponse>(`/wallet/owner/${ownerId}`, { query: q, signal }).then((r) => r.wallet);
}

export const ownerWalletKey = (ownerId: string) => [...queryRoots.wallet, 'owner', ownerId] as const;

/**
 * An owner's wallet (Pet Records' Wallet panel, the balance the payment options show): the first page carries the
 * balance and the top-up limit; later pages only more movements.
 */
export function ownerWalletQuery(ownerId: string | null | undefined) {
  return infiniteQueryOptions({
    queryKey: ownerWalletKey(ownerId ?? ''),
    queryFn: ({ pageParam, signal }) => fetchOwnerWallet(ownerId as string, { limit: WALLET_PAGE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(ownerId),
  });
}

/** POST /wallet/topup (idempotent): cash completes now, a payment link is pending, card answers an order to open. */
export function topUpWallet(body: WalletTopUpBody, idempotencyKey?: string) {
  return api<WalletTopUpResponse>('/wallet/topup', { method: 'POST', body, idempotencyKey });
}

/** POST /wallet/refund (admin, idempotent): the whole unspent balance, with the reason. */
export function refundWallet(body: WalletRefundBody, idempotencyKey?: string) {
  return api<WalletRefundResponse>('/wallet/refund', { method: 'POST', body, idempotencyKey });
}

/**
 * After money moved in or out of a wallet: the wallets, the owner's statement (payments), the packages' estimates
 * and the visits and subscriptions a wallet payment paid.
 */
export function invalidateWalletData(qc: QueryClient) {
  return Promise.all(
    [queryRoots.wallet, queryRoots.payments, queryRoots.packages].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );
}

/**
 * The owner's wallet balance for the payment options (the wallet query's first page); nothing is asked without an
 * owner. `failed` only when there is no balance to show.
 */
export function useWalletBalance(ownerId: string | null | undefined): {
  balance: number | null;
  loading: boolean;
  failed: boolean;
} {
  const q = useInfiniteQuery({ ...ownerWalletQuery(ownerId), retry: false, staleTime: 10_000 });
  const balance = q.data?.pages[0]?.balance ?? null;
  return { balance, loading: Boolean(ownerId) && q.isPending, failed: balance === null && q.isError };
}
