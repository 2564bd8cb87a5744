import {
  estimatedDaysLeft,
  isLowBalance,
  type OwnerPackage,
  type OwnerPackagesResponse,
  packageNeeds,
  toRupees,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  chargedByPackage,
  isLivePet,
  LIVE_PACKAGE,
  type PackageRow,
  packagesOfOwner,
  petsOfPackages,
} from '../packages/packages.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { registerWalletDailyCharge } from '../wallet/wallet.service.ts';
import { walletBalancePaise } from './package-money.service.ts';

/**
 * An owner's packages as the desk and the customer read them: the pets with their days charged, what was charged,
 * the next day's charge of the live pets, the days the wallet still pays (floor(balance / daily charge)) and
 * whether it holds less than the next two days' charge.
 */

/** Most packages one owner's list answers (newest first). */
export const OWNER_PACKAGES_MAX = 50;

/** These packages of one owner, with the wallet's balance (paise), as the API answers them. */
export async function packagesToApi(db: DbOrTx, pkgs: readonly PackageRow[], balancePaise: number): Promise<OwnerPackage[]> {
  const ids = pkgs.map((p) => p.id);
  const pets = await petsOfPackages(db, ids);
  const charged = await chargedByPackage(db, ids);
  const names = await petsWithOwnersByIds(
    db,
    pets.map((p) => p.petId),
  );
  return pkgs.map((pkg) => {
    const own = pets.filter((p) => p.packageSubscriptionId === pkg.id);
    const live = pkg.status === 'active' || pkg.status === 'awaiting_checkin' ? own.filter(isLivePet) : [];
    const needs = packageNeeds(pkg.pricePaise, pkg.days, live);
    return {
      _id: pkg.id,
      packageId: pkg.packageId,
      name: pkg.name,
      days: pkg.days,
      price: toRupees(pkg.pricePaise),
      status: pkg.status,
      activatedVia: pkg.activatedVia,
      endReason: pkg.endReason ?? null,
      startedAt: pkg.startedAt ? pkg.startedAt.toISOString() : null,
      endedAt: pkg.endedAt ? pkg.endedAt.toISOString() : null,
      pets: own.map((p) => ({
        _id: p.id,
        petId: p.petId,
        name: names.get(p.petId)?.name ?? '',
        status: p.status,
        startDate: p.startDate,
        daysCharged: p.daysCharged,
        boardingId: p.boardingId,
      })),
      dailyCharge: toRupees(needs.nextPaise),
      charged: toRupees(charged.get(pkg.id) ?? 0),
      estimatedDaysLeft: estimatedDaysLeft(balancePaise, needs.nextPaise),
      lowBalance: isLowBalance(balancePaise, needs.twoDaysPaise),
    };
  });
}

/** One package as the API answers it (after a write), with the owner's wallet balance now. */
export async function packageToApi(db: DbOrTx, pkg: PackageRow): Promise<OwnerPackage> {
  const [one] = await packagesToApi(db, [pkg], await walletBalancePaise(db, pkg.ownerId));
  return one!;
}

/**
 * The next day's charge of the owner's live packages (paise), null without one: the wallet's `lowBalance` (balance
 * below two days of it) reads it. Registered with the wallet module, which does not depend on packages.
 */
export async function ownerDailyChargePaise(db: DbOrTx, ownerId: string): Promise<number | null> {
  const live = (await packagesOfOwner(db, ownerId, OWNER_PACKAGES_MAX)).filter((p) => LIVE_PACKAGE.includes(p.status));
  if (live.length === 0) return null;
  const pets = (
    await petsOfPackages(
      db,
      live.map((p) => p.id),
    )
  ).filter(isLivePet);
  let total = 0;
  for (const pkg of live) {
    total += packageNeeds(
      pkg.pricePaise,
      pkg.days,
      pets.filter((p) => p.packageSubscriptionId === pkg.id),
    ).nextPaise;
  }
  return total;
}
registerWalletDailyCharge(ownerDailyChargePaise);

/** GET /packages/owner/:ownerId and /customer/packages/mine: the owner's packages, newest first, and the wallet. */
export async function ownerPackages(db: DbOrTx, ownerId: string | null): Promise<OwnerPackagesResponse> {
  if (!ownerId) return { success: true as const, packages: [], wallet: { balance: 0 } };
  const balance = await walletBalancePaise(db, ownerId);
  const pkgs = await packagesOfOwner(db, ownerId, OWNER_PACKAGES_MAX);
  return { success: true as const, packages: await packagesToApi(db, pkgs, balance), wallet: { balance: toRupees(balance) } };
}
