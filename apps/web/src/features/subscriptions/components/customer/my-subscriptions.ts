import type { CustomerSubscription } from '../../../../lib/endpoints/customer';
import { isExpiringSoon, statusOf } from '../../../../lib/subscription-rules';

/** One of the customer's pets with its subscriptions (spec 001 §2: pets grouped with subscription counts). */
export interface PetGroup {
  petId: string;
  name: string;
  breed: string;
  subscriptions: CustomerSubscription[];
  active: number;
  expiringSoon: number;
}

const ORDER = { active: 0, awaiting_payment: 1, inactive: 2 } as const;

/**
 * The customer's pets, each with its subscriptions (active first, then awaiting payment, then inactive; fewest days
 * left first): every registered pet, and any pet a subscription names that the pet list lacks.
 */
export function groupByPet(
  pets: readonly { _id: string; name: string; breed: string }[],
  subs: readonly CustomerSubscription[],
): PetGroup[] {
  const groups = new Map<string, PetGroup>();
  const add = (petId: string, name: string, breed: string) => {
    if (!groups.has(petId)) groups.set(petId, { petId, name, breed, subscriptions: [], active: 0, expiringSoon: 0 });
    return groups.get(petId)!;
  };
  for (const p of pets) add(p._id, p.name, p.breed);
  for (const s of subs) {
    const g = add(s.petId._id, s.petId.name, s.petId.breed);
    g.subscriptions.push(s);
    if (statusOf(s) === 'active') g.active++;
    if (isExpiringSoon(s)) g.expiringSoon++;
  }
  for (const g of groups.values())
    g.subscriptions.sort((a, b) => ORDER[statusOf(a)] - ORDER[statusOf(b)] || a.daysLeft - b.daysLeft);
  return [...groups.values()];
}

/** 'No subscriptions', '1 subscription · 1 active', '3 subscriptions · 2 active'. */
export function countLabel(g: Pick<PetGroup, 'subscriptions' | 'active'>): string {
  const n = g.subscriptions.length;
  if (n === 0) return 'No subscriptions';
  return `${n} ${n === 1 ? 'subscription' : 'subscriptions'} · ${g.active} active`;
}
