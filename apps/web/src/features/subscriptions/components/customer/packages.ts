import { type OwnerPackage, type PackageOffer, packageNeeds } from '@pawdesk/shared';
import { toPaise, toRupees } from '@pawdesk/shared/money';

/** What one day of `offer` costs for `pets` pets just starting (each pet's day 1 share), in rupees. */
export function oneDayCharge(offer: Pick<PackageOffer, 'price' | 'days'>, pets: number): number {
  const { nextPaise } = packageNeeds(
    toPaise(offer.price),
    offer.days,
    Array.from({ length: pets }, () => ({ daysCharged: 0 })),
  );
  return toRupees(nextPaise);
}

/** The wallet holds less than one day's charge: the activation is refused (the server says the same). */
export const walletShort = (balance: number, dayCharge: number) => toPaise(balance) < toPaise(dayCharge);

/** A package still running or waiting for its pets. */
export const isLive = (p: Pick<OwnerPackage, 'status'>) => p.status === 'awaiting_checkin' || p.status === 'active';

/** Pets already on a live package (a pet is on at most one). */
export function petsOnLivePackages(packages: readonly OwnerPackage[]): Set<string> {
  const ids = new Set<string>();
  for (const p of packages)
    if (isLive(p)) for (const pet of p.pets) if (pet.status === 'waiting' || pet.status === 'boarded') ids.add(pet.petId);
  return ids;
}

export const PACKAGE_STATUS: Record<OwnerPackage['status'], { label: string; color: string }> = {
  awaiting_checkin: { label: 'Waiting for check-in', color: 'blue' },
  active: { label: 'Active', color: 'teal' },
  stopped: { label: 'Boarding Stopped', color: 'red' },
  ended: { label: 'Ended', color: 'gray' },
};

export const PACKAGE_PET_STATUS: Record<OwnerPackage['pets'][number]['status'], string> = {
  waiting: 'Waiting for check-in',
  boarded: 'Boarded',
  removed: 'Removed',
  done: 'Done',
};

/** 'One pet', '2 pets'. */
export const petCount = (n: number) => (n === 1 ? '1 pet' : `${n} pets`);
