/**
 * The customer's plan purchase (spec 001 §2 /customer/buysubscription, §5, §8): the spec's messages, the check
 * before paying, and how a plan is named in the select.
 */
import { CUSTOMER_PURCHASE_MESSAGES, type SubscriptionPlan } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';

/** 'Please select a pet', 'Please select a plan', 'Invalid plan selected', 'Payment successful and subscription purchased!', 'Failed to purchase subscription'. */
export const BUY_MESSAGES = {
  petRequired: CUSTOMER_PURCHASE_MESSAGES.petRequired,
  planRequired: CUSTOMER_PURCHASE_MESSAGES.planRequired,
  invalidPlan: CUSTOMER_PURCHASE_MESSAGES.invalidPlan,
  purchased: CUSTOMER_PURCHASE_MESSAGES.paid,
  failed: CUSTOMER_PURCHASE_MESSAGES.failed,
} as const;

/** A plan as the customer picks it (`validityInDays`: the plan's validity; null: no expiry). */
export type BuyablePlan = Pick<SubscriptionPlan, '_id' | 'name' | 'price' | 'duration' | 'numberOfGroomings' | 'active'> & {
  validityInDays?: number | null;
  subscriptionType: { _id: string; purpose: string };
};

export interface BuyValues {
  petId: string | null;
  planId: string | null;
}

/** The form's checks, in the spec's words: a pet, a plan, and a plan with a price above 0. */
export function validateBuy(values: BuyValues, plans: readonly BuyablePlan[]): Partial<Record<keyof BuyValues, string>> {
  const errors: Partial<Record<keyof BuyValues, string>> = {};
  if (!values.petId) errors.petId = BUY_MESSAGES.petRequired;
  if (!values.planId) errors.planId = BUY_MESSAGES.planRequired;
  else {
    const plan = plans.find((p) => p._id === values.planId);
    if (!plan || !(plan.price > 0) || plan.active === false) errors.planId = BUY_MESSAGES.invalidPlan;
  }
  return errors;
}

/** The total to pay: the plan's price (the server sets the amount again from the plan). */
export const totalOf = (plan: BuyablePlan | undefined): number => (plan && plan.price > 0 ? plan.price : 0);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The plan's validity in days (issue 16: admin-set; null or missing: no expiry). */
export const validityOf = (plan: BuyablePlan): number | null => plan.validityInDays ?? null;

/** What the plan gives: '30 days · 1 grooming · valid 45 days'. */
export function planTerms(plan: BuyablePlan): string {
  const parts = [plural(plan.duration, 'day'), plural(plan.numberOfGroomings, 'grooming')];
  const validity = validityOf(plan);
  parts.push(validity ? `valid ${plural(validity, 'day')}` : 'no expiry');
  return parts.join(' · ');
}

/** The select's label: name, terms and price ('Day School Monthly · 30 days · 1 grooming · no expiry · ₹12,000.00'). */
export const planLabel = (plan: BuyablePlan) => `${plan.name} · ${planTerms(plan)} · ${formatINR(plan.price)}`;

/** The plans on offer, grouped by purpose for the select (retired ones left out). */
export function planOptions(plans: readonly BuyablePlan[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const p of plans) {
    if (p.active === false) continue;
    const purpose = p.subscriptionType.purpose;
    if (!groups.has(purpose)) groups.set(purpose, []);
    groups.get(purpose)!.push({ value: p._id, label: planLabel(p) });
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
