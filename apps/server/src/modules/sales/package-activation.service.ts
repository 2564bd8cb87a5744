import {
  type activatePackageBody,
  type changePackagePetsBody,
  type checkinPackageBody,
  type customerActivatePackageBody,
  PACKAGE_MESSAGES as M,
  type PackageAnswer,
  toRupees,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import { AppError, badRequest, conflict, forbidden, notFound, pgCode, pgConstraint } from '../../lib/errors.ts';
import { asAlreadyBoarded } from '../boarding/boarding.service.ts';
import {
  closePackage,
  endIfNoPetsLeft,
  insertPackage,
  insertPackagePets,
  isLivePet,
  LIVE_PACKAGE,
  livePackagePetsOf,
  lockPetsOfPackage,
  ONE_LIVE_PACKAGE_UQ,
  type OfferRow,
  type PackagePetRow,
  type PackageRow,
  packageById,
  removePets,
  requireOffer,
  setPackageStatus,
  setPetBoarded,
} from '../packages/packages.service.ts';
import { LEDGER_BUSY, moneyTransaction } from '../payments/money.service.ts';
import { assertMayServe } from '../donotserve/do-not-serve.service.ts';
import { lockLedger } from '../payments/payments.service.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { type PetWithOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import { chargeDays, firstDayPaise, requireDayInWallet } from './package-money.service.ts';
import { noticeEndedByCustomer, warnIfLow } from './package-notices.service.ts';
import { packageToApi } from './package-view.service.ts';
import { type VisitSale, sellVisitIn } from './visit-sale.service.ts';

/**
 * Selling a boarding package (issue 16). Staff activate one at the desk: the pets are boarded then and there through
 * the rules of any boarding sale (capacity, admission, one stay per pet: `sellVisitIn` with the package's boarding
 * type at price 0, D days booked, the visit noting the package, so the stay shows like any other), and day 1 is
 * charged from the wallet in the same money transaction. A customer activating one online makes a request that
 * waits for check-in; its charges start the day staff check the pets in. Each needs the wallet to hold one day's
 * charge of the pets. Pets can be added and removed; a removed pet's share stops, and the last pet out ends it.
 * Nothing already charged is refunded.
 */

type ActivateBody = z.output<typeof activatePackageBody>;
type CustomerActivateBody = z.output<typeof customerActivatePackageBody>;
type CheckinBody = z.output<typeof checkinPackageBody>;
type ChangePetsBody = z.output<typeof changePackagePetsBody>;

/** The pets a request names (404 for one that does not exist). */
async function petsNamed(db: DbOrTx, petIds: readonly string[]): Promise<PetWithOwner[]> {
  const found = await petsWithOwnersByIds(db, petIds);
  return petIds.map((id) => {
    const pet = found.get(id);
    if (!pet) throw notFound('Pet');
    return pet;
  });
}

/** Staff name the owner: every pet must be that owner's (400 naming the pet). */
function requireOwnersPets(pets: readonly PetWithOwner[], ownerId: string) {
  for (const p of pets) {
    if (p.owner.id !== ownerId) throw badRequest(M.notOwnersPet(p.name), { petIds: M.notOwnersPet(p.name) });
  }
}

/** 409 naming a pet already on a live package (its own or another). */
async function requireOffPackages(tx: DbOrTx, pets: readonly PetWithOwner[]) {
  const live = new Set(
    (
      await livePackagePetsOf(
        tx,
        pets.map((p) => p.id),
      )
    ).map((p) => p.petId),
  );
  const on = pets.find((p) => live.has(p.id));
  if (on) throw conflict(M.alreadyOnPackage(on.name), { petId: on.id });
}

/** The package's boarding type, which must still be offered. */
async function boardingTypeOf(db: DbOrTx, pkg: Pick<OfferRow, 'visitTypeId'>): Promise<VisitTypeRow> {
  const type = await visitTypeById(db, pkg.visitTypeId);
  if (!type?.active) {
    const message = `${type?.purpose ?? 'This boarding type'} is not offered now`;
    throw badRequest(message, { packageId: message });
  }
  return type;
}

/** The stay a package pays for: a boarding sale at price 0 for the package's days, its visit naming the package. */
function packageStay(pkg: PackageRow, type: VisitTypeRow, petId: string, userId: string, ack?: boolean): VisitSale {
  return {
    petId,
    type,
    userId,
    pricePaise: 0,
    discountPaise: 0,
    numberOfDays: pkg.days,
    boardingDays: pkg.days,
    note: `Boarding package: ${pkg.name}`,
    details: {
      numberOfDays: pkg.days,
      boardingPackage: { _id: pkg.id, name: pkg.name, days: pkg.days, price: toRupees(pkg.pricePaise) },
    },
    admissionAcknowledged: ack ?? null,
    pay: { paidNowPaise: 0, method: 'not_recorded', paymentType: null },
  };
}

/** A refusal of one pet's boarding (admission, capacity, already boarded) names the pet when several are boarded. */
function aboutPet(err: unknown, name: string, several: boolean): unknown {
  if (!several || !(err instanceof AppError) || err.statusCode !== 409) return err;
  return new AppError(err.statusCode, `${name}: ${err.message}`, err.errors, err.extra);
}

/**
 * Boards these waiting pets of the package now and charges their day 1 from the wallet (its balance was checked
 * under the same lock). Inside the money transaction.
 */
async function boardAndChargeDayOne(
  ctx: AppContext,
  tx: DbOrTx,
  pkg: PackageRow,
  waiting: readonly PackagePetRow[],
  names: ReadonlyMap<string, string>,
  userId: string,
  ack: boolean | undefined,
): Promise<void> {
  const type = await boardingTypeOf(tx, pkg);
  const today = ctx.clock.today();
  const boarded: PackagePetRow[] = [];
  for (const p of waiting) {
    let boardingId: string;
    try {
      const sold = await sellVisitIn(ctx, tx, packageStay(pkg, type, p.petId, userId, ack), pkg.ownerId);
      boardingId = sold.boarding!.id;
    } catch (err) {
      throw aboutPet(err, names.get(p.petId) ?? 'The pet', waiting.length > 1);
    }
    boarded.push(await setPetBoarded(tx, p.id, boardingId, today));
  }
  const out = await chargeDays(
    ctx,
    tx,
    pkg,
    boarded.map((pet) => ({ pet, dayNumber: 1, businessDate: today })),
    userId,
  );
  // The balance was checked under the owner's lock: only a write that ignored the lock gets here.
  if (out.kind !== 'charged') throw conflict(LEDGER_BUSY);
  await warnIfLow(ctx, tx, pkg);
}

/** The 409 of a write that lost a race the database decided (a stay, a live package of the pet). */
async function asConflict(ctx: AppContext, petIds: readonly string[], err: unknown): Promise<unknown> {
  if (pgCode(err) !== '23505') return err;
  if (pgConstraint(err) === ONE_LIVE_PACKAGE_UQ) return conflict(M.alreadyOnPackage('A pet'));
  for (const id of petIds) {
    const mapped = await asAlreadyBoarded(ctx.db, id, err);
    if (mapped !== err) return mapped;
  }
  return err;
}

async function answer(ctx: AppContext, id: string, message: string): Promise<PackageAnswer> {
  const pkg = await packageById(ctx.db, id);
  return { success: true as const, message, package: await packageToApi(ctx.db, pkg!) };
}

const namesOf = (pets: readonly PetWithOwner[]) => new Map(pets.map((p) => [p.id, p.name]));

/** POST /packages/activate: staff board the owner's pets on the package now; day 1 is charged from the wallet. */
export async function activateAtDesk(ctx: AppContext, body: ActivateBody, userId: string): Promise<PackageAnswer> {
  const offer = await requireOffer(ctx.db, body.packageId);
  const pets = await petsNamed(ctx.db, body.petIds);
  requireOwnersPets(pets, body.ownerId);
  const now = ctx.clock.now();
  const id = newId();
  try {
    await moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [body.ownerId]);
      await requireOffPackages(tx, pets);
      await requireDayInWallet(tx, body.ownerId, firstDayPaise(offer, pets.length));
      const pkg = await insertPackage(tx, {
        id,
        packageId: offer.id,
        ownerId: body.ownerId,
        name: offer.name,
        visitTypeId: offer.visitTypeId,
        days: offer.days,
        pricePaise: offer.pricePaise,
        status: 'active',
        activatedVia: 'desk',
        createdBy: userId,
        createdAt: now,
        startedAt: now,
      });
      const waiting = await insertPackagePets(
        tx,
        pets.map((p) => ({ packageSubscriptionId: id, petId: p.id, status: 'waiting' as const, addedBy: userId, addedAt: now })),
      );
      await boardAndChargeDayOne(ctx, tx, pkg, waiting, namesOf(pets), userId, body.admissionAcknowledged);
    });
  } catch (err) {
    throw await asConflict(ctx, body.petIds, err);
  }
  return answer(ctx, id, M.activated);
}

/** POST /customer/packages/activate: the customer's own pets, a request that waits for check-in. */
export async function requestPackage(ctx: AppContext, body: CustomerActivateBody, userId: string): Promise<PackageAnswer> {
  const offer = await requireOffer(ctx.db, body.packageId);
  const owner = await customerOwnerOf(ctx.db, userId);
  const pets = await petsNamed(ctx.db, body.petIds);
  if (!owner || pets.some((p) => p.owner.id !== owner.id)) throw forbidden(M.notYourPet);
  const now = ctx.clock.now();
  const id = newId();
  try {
    await moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [owner.id]);
      await requireOffPackages(tx, pets);
      await requireDayInWallet(tx, owner.id, firstDayPaise(offer, pets.length));
      await insertPackage(tx, {
        id,
        packageId: offer.id,
        ownerId: owner.id,
        name: offer.name,
        visitTypeId: offer.visitTypeId,
        days: offer.days,
        pricePaise: offer.pricePaise,
        status: 'awaiting_checkin',
        activatedVia: 'customer',
        createdBy: userId,
        createdAt: now,
      });
      await insertPackagePets(
        tx,
        pets.map((p) => ({ packageSubscriptionId: id, petId: p.id, status: 'waiting' as const, addedBy: userId, addedAt: now })),
      );
      // Do not serve: the owner's request is refused for a flagged owner or pet (the desk's check-in checks again).
      await assertMayServe(ctx, tx, { ownerId: owner.id, petIds: pets.map((p) => p.id) }, { kind: 'package', id });
    });
  } catch (err) {
    throw await asConflict(ctx, body.petIds, err);
  }
  return answer(ctx, id, M.requested);
}

/**
 * Runs `work` on a live package under its owner's ledger lock (the one lock every write of an owner's packages and
 * money takes first), with its pets locked. 404 unknown; 409 when it has ended.
 */
async function onLivePackage(
  ctx: AppContext,
  id: string,
  work: (tx: DbOrTx, pkg: PackageRow, pets: PackagePetRow[]) => Promise<void>,
  petIds: readonly string[] = [],
): Promise<void> {
  const first = await packageById(ctx.db, id);
  if (!first) throw notFound('Package');
  try {
    await moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [first.ownerId]);
      const pkg = await packageById(tx, id);
      if (!pkg || !LIVE_PACKAGE.includes(pkg.status)) throw conflict(M.notLive);
      await work(tx, pkg, await lockPetsOfPackage(tx, id));
    });
  } catch (err) {
    throw await asConflict(ctx, petIds, err);
  }
}

async function petNames(db: DbOrTx, petIds: readonly string[]) {
  const found = await petsWithOwnersByIds(db, petIds);
  return new Map(petIds.map((id) => [id, found.get(id)?.name ?? 'The pet']));
}

/** POST /packages/:id/checkin: staff board the waiting pets (all, or those named) and charge their day 1. */
export async function checkIn(ctx: AppContext, id: string, body: CheckinBody, userId: string): Promise<PackageAnswer> {
  await onLivePackage(
    ctx,
    id,
    async (tx, pkg, pets) => {
      const waiting = pets.filter((p) => p.status === 'waiting');
      const names = await petNames(
        tx,
        pets.map((p) => p.petId),
      );
      let targets = waiting;
      if (body.petIds?.length) {
        targets = body.petIds.map((petId) => {
          const p = waiting.find((w) => w.petId === petId);
          if (!p)
            throw badRequest(M.notWaiting(names.get(petId) ?? 'The pet'), {
              petIds: M.notWaiting(names.get(petId) ?? 'The pet'),
            });
          return p;
        });
      }
      if (targets.length === 0) throw conflict(M.nothingToCheckIn);
      await requireDayInWallet(tx, pkg.ownerId, firstDayPaise(pkg, targets.length));
      const active =
        (await setPackageStatus(tx, pkg.id, LIVE_PACKAGE, { status: 'active', startedAt: pkg.startedAt ?? ctx.clock.now() })) ??
        pkg;
      await boardAndChargeDayOne(ctx, tx, active, targets, names, userId, body.admissionAcknowledged);
    },
    body.petIds ?? [],
  );
  return answer(ctx, id, M.checkedIn);
}

/**
 * POST /packages/:id/pets: staff remove pets (their share stops; they stay boarded until deboarded) and add the
 * owner's pets (on an active package boarded now with day 1 charged; on a request, waiting for check-in). A
 * package left without a live pet ends.
 */
export async function changePets(ctx: AppContext, id: string, body: ChangePetsBody, userId: string): Promise<PackageAnswer> {
  const adding = body.add ?? [];
  const removing = body.remove ?? [];
  const newPets = adding.length ? await petsNamed(ctx.db, adding) : [];
  await onLivePackage(
    ctx,
    id,
    async (tx, pkg, pets) => {
      const now = ctx.clock.now();
      const names = await petNames(tx, [...removing, ...adding]);
      const leaving = removing.map((petId) => {
        const p = pets.find((x) => x.petId === petId && isLivePet(x));
        if (!p) throw badRequest(M.notOnPackage(names.get(petId)!), { remove: M.notOnPackage(names.get(petId)!) });
        return p;
      });
      await removePets(
        tx,
        leaving.map((p) => p.id),
        now,
      );
      if (newPets.length) {
        requireOwnersPets(newPets, pkg.ownerId);
        await requireOffPackages(tx, newPets);
        if (pkg.status === 'active') await requireDayInWallet(tx, pkg.ownerId, firstDayPaise(pkg, newPets.length));
        const waiting = await insertPackagePets(
          tx,
          newPets.map((p) => ({
            packageSubscriptionId: pkg.id,
            petId: p.id,
            status: 'waiting' as const,
            addedBy: userId,
            addedAt: now,
          })),
        );
        if (pkg.status === 'active') await boardAndChargeDayOne(ctx, tx, pkg, waiting, names, userId, body.admissionAcknowledged);
      }
      await endIfNoPetsLeft(tx, pkg, { reason: 'staff', by: userId, now });
    },
    adding,
  );
  return answer(ctx, id, M.petsChanged);
}

/** POST /packages/:id/end (staff): nothing more is charged; the pets stay boarded until deboarded. */
export async function endByStaff(ctx: AppContext, id: string, userId: string): Promise<PackageAnswer> {
  await onLivePackage(ctx, id, async (tx, pkg) => {
    await closePackage(tx, pkg, { reason: 'staff', by: userId, now: ctx.clock.now() });
  });
  return answer(ctx, id, M.ended);
}

/** POST /customer/packages/:id/end: the customer's own package only (another's is a 404); the desk is told. */
export async function endByCustomer(ctx: AppContext, id: string, userId: string): Promise<PackageAnswer> {
  const owner = await customerOwnerOf(ctx.db, userId);
  const pkg = await packageById(ctx.db, id);
  if (!pkg || !owner || pkg.ownerId !== owner.id) throw notFound('Package');
  await onLivePackage(ctx, id, async (tx, live, pets) => {
    const boarded = pets.filter((p) => p.status === 'boarded').map((p) => p.petId);
    const ended = await closePackage(tx, live, { reason: 'customer', by: userId, now: ctx.clock.now() });
    if (ended) await noticeEndedByCustomer(ctx, tx, ended, boarded);
  });
  return answer(ctx, id, M.ended);
}
