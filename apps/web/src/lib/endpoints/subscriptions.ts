import type {
  BuySubscriptionBody,
  BuySubscriptionResponse,
  ExpiringSubscriptionsResponse,
  PetSubscription,
  PlansResponse,
  SubscriptionHistoryEntry,
} from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /subscription/getallsubscription: the plans on offer. */
export function fetchPlans(signal?: AbortSignal) {
  return api<PlansResponse>('/subscription/getallsubscription', { signal }).then((r) => r.subscriptionPlans);
}

export const plansKey = [...queryRoots.subscriptions, 'plans'] as const;

/** The subscription plans on offer (New Visit's Buy Subscription, the staff purchase page). */
export function plansQuery() {
  return queryOptions({ queryKey: plansKey, queryFn: ({ signal }) => fetchPlans(signal) });
}

/** A pet's subscription with its status, validity, what is owed and its history (the shared contract). */
export type PetSubscriptionView = PetSubscription;
export type SubscriptionEvent = SubscriptionHistoryEntry;

/** GET /subscription/petssubscription/{petId}: every subscription of the pet with its history. */
export function fetchPetSubscriptions(petId: string, signal?: AbortSignal) {
  return api<{ data: PetSubscriptionView[] }>(`/subscription/petssubscription/${petId}`, { signal }).then((r) => r.data);
}

export const petSubscriptionsKey = (petId: string) => [...queryRoots.subscriptions, 'pet', petId] as const;

/** A pet's subscriptions (Pet Records' Subscriptions tile and panel; the purchase page's renewal note). */
export function petSubscriptionsQuery(petId: string | null | undefined) {
  return queryOptions({
    queryKey: petSubscriptionsKey(petId ?? ''),
    queryFn: ({ signal }) => fetchPetSubscriptions(petId as string, signal),
    enabled: Boolean(petId),
  });
}

/**
 * POST /subscription/buysubscription: the subscription, its visit and payment in one transaction. `idempotencyKey`:
 * the purchase's key (lib/idempotency.ts), so a purchase sent again after it got no answer is made once.
 */
export function buySubscription(body: BuySubscriptionBody, idempotencyKey?: string) {
  return api<BuySubscriptionResponse>('/subscription/buysubscription', { method: 'POST', body, idempotencyKey });
}

/** GET /subscription/expiring (staff): active subscriptions running out within 7 days, soonest first. */
export function fetchExpiringSubscriptions(signal?: AbortSignal) {
  return api<ExpiringSubscriptionsResponse>('/subscription/expiring', { signal }).then((r) => r.subscriptions);
}
export const expiringSubscriptionsKey = [...queryRoots.subscriptions, 'expiring'] as const;
/** The staff dashboard's 'Expiring soon' card. */
export function expiringSubscriptionsQuery() {
  return queryOptions({
    queryKey: expiringSubscriptionsKey,
    queryFn: ({ signal }) => fetchExpiringSubscriptions(signal),
    staleTime: 60_000,
  });
}
