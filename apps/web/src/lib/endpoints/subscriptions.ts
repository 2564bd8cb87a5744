import type { BuySubscriptionBody, BuySubscriptionResponse, PlansResponse } from '@pawdesk/shared';
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

/**
 * POST /subscription/buysubscription: the subscription, its visit and payment in one transaction. `idempotencyKey`:
 * the purchase's key (lib/idempotency.ts), so a purchase sent again after it got no answer is made once.
 */
export function buySubscription(body: BuySubscriptionBody, idempotencyKey?: string) {
  return api<BuySubscriptionResponse>('/subscription/buysubscription', { method: 'POST', body, idempotencyKey });
}
