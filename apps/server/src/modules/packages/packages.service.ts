import {
  type CreatePackageBody,
  PACKAGE_BOARDING_CODES,
  PACKAGE_MESSAGES as M,
  type PackageOffer,
  packageDayShare,
  toPaise,
  toRupees,
  type UpdatePackageBody,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type VisitTypeRow, visitTypeById, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { insertOffer, listOffers, type OfferPatch, type OfferRow, offerById, updateOffer } from './packages.repo.ts';
import {
  boardedPetOfBoarding,
  lockPetsOfPackage,
  type PackagePetRow,
  type PackageRow,
  packageById,
  packagePetOfBoardingAnyState,
  packagePetsOfBoardingsAnyState,
  removePets,
  setPackageStatus,
} from './package-subscriptions.repo.ts';

/**
 * Boarding packages (issue 16): the offers admins define on the Prices screen (audited, retired never deleted) and
 * the lifecycle of an owner's activated package (its pets leave, it ends). Selling a package (boarding its pets,
 * charging its days from the wallet) is the sales module's (sales/package-*.ts), which reaches these tables only
 * through this service.
 */

export type { OfferRow, PackagePetRow, PackageRow };
export { offersByIds } from './packages.repo.ts';
export {
  activePackagesPage,
  chargedByPackage,
  chargesOfPackage,
  claimDay,
  insertPackage,
  insertPackagePets,
  livePackagePetsOf,
  lockPetsOfPackage,
  markDayCharged,
  markLowBalanceWarned,
  ONE_LIVE_PACKAGE_UQ,
  packageById,
  packagesOfOwner,
  petsOfPackages,
  removePets,
  setPackageStatus,
  setPetBoarded,
} from './package-subscriptions.repo.ts';

/* ───────────── offers ───────────── */

/** An offer as the API answers it; `dailyCharge` is a pet's first day's share. */
export function offerToApi(o: OfferRow, type: Pick<VisitTypeRow, 'id' | 'purpose'> | undefined): PackageOffer {
  return {
    _id: o.id,
    name: o.name,
    boardingType: { _id: o.visitTypeId, purpose: type?.purpose ?? '' },
    days: o.days,
    price: toRupees(o.pricePaise),
    dailyCharge: toRupees(packageDayShare(o.pricePaise, o.days, 1)),
    active: o.active,
  };
}

/** The offers (all, or those on offer) with their boarding types. */
export async function offers(db: DbOrTx, activeOnly: boolean): Promise<PackageOffer[]> {
  const rows = await listOffers(db, activeOnly);
  const types = new Map((await visitTypesByIds(db, [...new Set(rows.map((r) => r.visitTypeId))])).map((t) => [t.id, t]));
  return rows.map((r) => offerToApi(r, types.get(r.visitTypeId)));
}

/** The offer a sale names: 404 unknown, 400 retired (nothing is sold on it). */
export async function requireOffer(db: DbOrTx, id: string): Promise<OfferRow> {
  const o = await offerById(db, id);
  if (!o) throw notFound('Package');
  if (!o.active) throw badRequest(M.retired, { packageId: M.retired });
  return o;
}

/** A boarding type a package may board pets in (Hostel or Day Care), or 400. */
async function requireBoardingType(db: DbOrTx, id: string): Promise<VisitTypeRow> {
  const type = await visitTypeById(db, id);
  if (!type) throw badRequest(M.boardingTypeRequired, { boardingType: M.boardingTypeRequired });
  if (!PACKAGE_BOARDING_CODES.includes(type.code)) throw badRequest(M.boardingTypeOnly, { boardingType: M.boardingTypeOnly });
  return type;
}

/** The offer's fields as the audit log keeps them (rupees). */
const offerFacts = (o: OfferRow, type: VisitTypeRow | undefined) => ({
  name: o.name,
  boardingType: type?.purpose ?? o.visitTypeId,
  days: o.days,
  price: toRupees(o.pricePaise),
});

/** Each day of a package charges at least a paisa (a day's share is a ledger charge). */
function requirePaisaPerDay(pricePaise: number, days: number) {
  if (pricePaise < days) throw badRequest(M.pricePerDay, { price: M.pricePerDay });
}

export async function createOffer(db: DbOrTx, actor: Principal, body: CreatePackageBody): Promise<PackageOffer> {
  requirePaisaPerDay(toPaise(body.price), body.days);
  return db.transaction(async (tx) => {
    const type = await requireBoardingType(tx, body.boardingType);
    const o = await insertOffer(tx, { name: body.name, visitTypeId: type.id, days: body.days, pricePaise: toPaise(body.price) });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'package.create',
      entity: 'package',
      entityId: o.id,
      after: offerFacts(o, type),
    });
    return offerToApi(o, type);
  });
}

/** Runs `change` on the locked offer; writes and audits the fields it changed (nothing when none changed). */
async function changeOffer(
  db: DbOrTx,
  actor: Principal,
  id: string,
  action: string,
  change: (o: OfferRow) => Promise<OfferPatch> | OfferPatch,
): Promise<PackageOffer> {
  return db.transaction(async (tx) => {
    const o = await offerById(tx, id, true);
    if (!o) throw notFound('Package');
    const wanted = await change(o);
    const patch: OfferPatch = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const types = new Map(
      (await visitTypesByIds(tx, [o.visitTypeId, wanted.visitTypeId ?? o.visitTypeId])).map((t) => [t.id, t]),
    );
    const show: Record<keyof OfferPatch, [string, (v: never) => unknown]> = {
      name: ['name', (v: string) => v],
      visitTypeId: ['boardingType', (v: string) => types.get(v)?.purpose ?? v],
      days: ['days', (v: number) => v],
      pricePaise: ['price', (v: number) => toRupees(v)],
      active: ['active', (v: boolean) => v],
    };
    for (const [k, v] of Object.entries(wanted) as [keyof OfferPatch, never][]) {
      if (v === undefined || v === o[k]) continue;
      (patch as Record<string, unknown>)[k] = v;
      const [field, fmt] = show[k];
      before[field] = fmt(o[k] as never);
      after[field] = fmt(v);
    }
    if (Object.keys(patch).length === 0) return offerToApi(o, types.get(o.visitTypeId));
    requirePaisaPerDay(patch.pricePaise ?? o.pricePaise, patch.days ?? o.days);
    const saved = await updateOffer(tx, id, patch);
    await recordAudit(tx, { actorId: actor.id, action, entity: 'package', entityId: id, before, after });
    return offerToApi(saved, types.get(saved.visitTypeId));
  });
}

/** Name, boarding type, days or price: new activations only (an activated package keeps its snapshot). */
export function updateOfferFields(db: DbOrTx, actor: Principal, id: string, body: UpdatePackageBody): Promise<PackageOffer> {
  return changeOffer(db, actor, id, 'package.update', async () => ({
    name: body.name,
    visitTypeId: body.boardingType === undefined ? undefined : (await requireBoardingType(db, body.boardingType)).id,
    days: body.days,
    pricePaise: body.price === undefined ? undefined : toPaise(body.price),
  }));
}

/** Retires an offer (no longer activated; running packages go on) or offers it again. */
export function setOfferActive(db: DbOrTx, actor: Principal, id: string, active: boolean): Promise<PackageOffer> {
  return changeOffer(db, actor, id, active ? 'package.restore' : 'package.retire', () => ({ active }));
}

/* ───────────── an activated package's lifecycle ───────────── */

export const LIVE_PACKAGE: readonly PackageRow['status'][] = ['awaiting_checkin', 'active'];
export const isLivePet = (p: PackagePetRow) => p.status === 'waiting' || p.status === 'boarded';

/**
 * Ends a live package (ended, or stopped for low balance): its live pets leave it, their shares stop; nothing
 * charged is refunded. Undefined when it had ended already. Inside the caller's transaction (owner lock held).
 */
export async function closePackage(
  tx: DbOrTx,
  pkg: PackageRow,
  c: { reason: NonNullable<PackageRow['endReason']>; by: string | null; now: Date },
): Promise<PackageRow | undefined> {
  const pets = await lockPetsOfPackage(tx, pkg.id);
  await removePets(
    tx,
    pets.filter(isLivePet).map((p) => p.id),
    c.now,
  );
  return setPackageStatus(tx, pkg.id, LIVE_PACKAGE, {
    status: c.reason === 'low_balance' ? 'stopped' : 'ended',
    endReason: c.reason,
    endedAt: c.now,
    endedBy: c.by,
  });
}

/**
 * After pets left a package (removed, deboarded, done): a package with no live pet left ends, 'completed' when
 * every pet was charged its days, else `reason`. Returns the package as it is now.
 */
export async function endIfNoPetsLeft(
  tx: DbOrTx,
  pkg: PackageRow,
  c: { reason: NonNullable<PackageRow['endReason']>; by: string | null; now: Date },
): Promise<PackageRow> {
  const pets = await lockPetsOfPackage(tx, pkg.id);
  if (pets.some(isLivePet)) return pkg;
  const completed = pets.length > 0 && pets.every((p) => p.status === 'done');
  const ended = await setPackageStatus(tx, pkg.id, LIVE_PACKAGE, {
    status: 'ended',
    endReason: completed ? 'completed' : c.reason,
    endedAt: c.now,
    endedBy: c.by,
  });
  return ended ?? pkg;
}

/**
 * Deboarding hook (sales/deboard.service.ts): the boarding that just closed was a package pet's stay, so the pet
 * leaves its package (its share stops; the days charged are not refunded) and the last pet out ends the package.
 * Nothing when the stay was not a live package pet's. Inside the deboarding transaction (owner lock held).
 */
export async function packagePetDeboarded(
  tx: DbOrTx,
  stay: { boardingId: string; petId: string },
  c: { by: string; now: Date },
): Promise<{ packageId: string; ended: boolean } | undefined> {
  const pet = await boardedPetOfBoarding(tx, stay.petId, stay.boardingId);
  if (!pet) return undefined;
  const pkg = await packageById(tx, pet.packageSubscriptionId, true);
  if (!pkg) return undefined;
  await removePets(tx, [pet.id], c.now);
  const after = await endIfNoPetsLeft(tx, pkg, { reason: 'deboarded', by: c.by, now: c.now });
  return { packageId: pkg.id, ended: after.status === 'ended' };
}

/**
 * What a boarding package paid of this stay (the deboard quote charges the days beyond them at the boarding type's
 * day price: the package stopped for low balance, the pet was taken off it, or it stayed past the package's days).
 * Undefined for a stay that is not a package's.
 */
export async function packageCoverOfStay(db: DbOrTx, boardingId: string): Promise<{ daysCharged: number } | undefined> {
  const found = await packagePetOfBoardingAnyState(db, boardingId);
  return found && { daysCharged: found.pet.daysCharged };
}

/** packageCoverOfStay of several stays at once, by boarding id (the Deboard list's dues). */
export async function packageCoversOfStays(
  db: DbOrTx,
  boardingIds: readonly string[],
): Promise<Map<string, { daysCharged: number }>> {
  const out = new Map<string, { daysCharged: number }>();
  for (const pet of await packagePetsOfBoardingsAnyState(db, boardingIds)) {
    if (pet.boardingId && !out.has(pet.boardingId)) out.set(pet.boardingId, { daysCharged: pet.daysCharged });
  }
  return out;
}
