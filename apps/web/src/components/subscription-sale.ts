import { type PetSubscription, SUBSCRIPTION_MESSAGES, type SubscriptionPlan } from '@pawdesk/shared';
import { groomingCount } from '../lib/subscription-rules';

/**
 * What buying `plan` does to the pet's subscriptions (issue 16 "Renewal"): a plan of a purpose the pet holds live
 * renews that subscription (its days or sessions are added); a live one still waiting for its own payment blocks
 * the sale (the server answers 409 with the same words); otherwise a new subscription starts.
 */
export type SaleEffect =
  | { kind: 'new' }
  | { kind: 'renew'; held: PetSubscription; note: string }
  | { kind: 'blocked'; held: PetSubscription; reason: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'adds 30 days', 'adds 4 grooming sessions', 'adds 30 days and 4 grooming sessions'. */
export function addsText(plan: Pick<SubscriptionPlan, 'duration' | 'numberOfGroomings'>): string {
  const parts = [plural(plan.duration, 'day', 'days')];
  if (plan.numberOfGroomings > 0) parts.push(groomingCount(plan.numberOfGroomings));
  return `adds ${parts.join(' and ')}`;
}

export function saleEffect(plan: SubscriptionPlan | null, held: readonly PetSubscription[] | undefined): SaleEffect {
  if (!plan || !held) return { kind: 'new' };
  const live = held.find(
    (s) =>
      s.planId.subscriptionType._id === plan.subscriptionType._id && (s.status === 'active' || s.status === 'awaiting_payment'),
  );
  if (!live) return { kind: 'new' };
  const purpose = plan.subscriptionType.purpose;
  if (live.status === 'awaiting_payment') {
    return { kind: 'blocked', held: live, reason: SUBSCRIPTION_MESSAGES.awaitingPayment(purpose) };
  }
  return { kind: 'renew', held: live, note: `Renews ${purpose} — ${live.planId.name}: ${addsText(plan)}` };
}
