import { type BoardingDetails, dateInTz, VISIT_SAVED_MESSAGES } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { type AppError, conflict, pgCode, pgConstraint } from '../../lib/errors.ts';
import { visitTypeById } from '../visit-types/visit-types.service.ts';
import {
  ACTIVE_BOARDING_UQ,
  type BoardingRow,
  findActiveBoarding,
  findBoardingsOfVisits,
  insertBoarding,
} from './boarding.repo.ts';
import { assertRoomOnDays, stayDays } from './occupancy.service.ts';

export type { BoardingRow };

/**
 * Boarding: a Hostel, Day Care, Day School, Play School or Dog Park visit boards the pet until it is deboarded
 * (issue 11). A pet has at most one active boarding: checked first for a clear message, and guaranteed by the
 * partial unique index `boardings_active_pet_uq`, which decides when two saves race.
 */

export interface NewBoarding {
  petId: string;
  visitTypeId: string;
  visitId: string;
  /** Days booked: the hostel and day care forms' number of days, 1 for dog park and the schools. */
  numberOfDays: number;
  /** Sold as a half day (Day Care, Hostel). */
  halfDay?: boolean;
  /** The subscription the stay uses, if any. */
  subscriptionId: string | null;
  /** When the pet came in: the sale's clock (ctx.clock). */
  entryTime: Date;
  /** The business time zone: the stay takes the business days from its entry day to entry + days − 1. */
  tz: string;
  /** The admission rule's warning that staff went on past, if any. */
  admission?: AdmissionAck;
}

/** Staff acknowledged the admission rule's warning (what was missing) to board the pet: who and when. */
export interface AdmissionAck {
  missing: string[];
  by: string;
  at: Date;
  /** 'existing_client': recorded as acknowledged for the existing web client (switch-over setting, issue 18). */
  via?: 'existing_client';
}

/**
 * Boards the pet, inside the visit's transaction. Two concurrent boardings of one pet: the second fails here. A
 * type without a free place on any of the stay's days (stays and confirmed reservations) refuses it with 409
 * (assertRoomOnDays, under the type's capacity lock).
 */
export async function startBoarding(tx: DbOrTx, b: NewBoarding): Promise<BoardingRow> {
  const today = dateInTz(b.entryTime, b.tz);
  await assertRoomOnDays(tx, { visitTypeId: b.visitTypeId, ...stayDays(today, b.numberOfDays), pets: 1, today, tz: b.tz });
  const row = await insertBoarding(tx, {
    petId: b.petId,
    visitTypeId: b.visitTypeId,
    visitId: b.visitId,
    numberOfDays: b.numberOfDays,
    halfDay: b.halfDay ?? false,
    subscriptionId: b.subscriptionId,
    entryTime: b.entryTime,
    isBoarded: true,
    ...(b.admission
      ? {
          admissionMissing: b.admission.missing,
          admissionAckBy: b.admission.by,
          admissionAckAt: b.admission.at,
          admissionAckVia: b.admission.via ?? null,
        }
      : {}),
  });
  for (const l of stayStartedListeners) await l(tx, { boarding: row });
  return row;
}

/**
 * A stay that started (the pet was boarded), announced inside the sale's transaction so what follows commits with it
 * (issue 20: the pet's care instructions become the stay's care plan). Listeners are registered once, at load, by
 * modules that depend on boarding (care); boarding imports none of them (no import cycle). A listener must not write
 * money.
 */
export interface StayStarted {
  boarding: BoardingRow;
}
export type StayStartedListener = (tx: DbOrTx, e: StayStarted) => Promise<void>;

const stayStartedListeners = new Set<StayStartedListener>();

/** Registers a listener (the same function twice is one listener). */
export function onStayStarted(listener: StayStartedListener): void {
  stayStartedListeners.add(listener);
}

/** The pet's active boarding with its purpose, as `checkboarding` answers it; undefined when not boarded. */
export async function activeBoardingOf(db: DbOrTx, petId: string): Promise<BoardingDetails | undefined> {
  const row = await findActiveBoarding(db, petId);
  if (!row) return undefined;
  const type = await visitTypeById(db, row.visitTypeId);
  return {
    _id: row.id,
    petId: row.petId,
    visitId: row.visitId,
    boardingType: { _id: row.visitTypeId, purpose: type?.purpose ?? '', code: type?.code ?? '' },
    numberOfDays: row.numberOfDays,
    entryTime: row.entryTime.toISOString(),
    isBoarded: row.isBoarded,
    isSubscriptionAvailed: row.subscriptionId !== null,
    subscriptionId: row.subscriptionId,
  };
}

/** 409 'The pet is already boarded in {purpose}' naming the pet's active boarding. */
async function alreadyBoarded(db: DbOrTx, petId: string): Promise<AppError | undefined> {
  const active = await activeBoardingOf(db, petId);
  if (!active) return undefined;
  const purpose = active.boardingType.purpose;
  return conflict(VISIT_SAVED_MESSAGES.alreadyBoarded(purpose), { boardingId: active._id, boardingType: { purpose } });
}

/** Throws the 409 when the pet is boarded already (the friendly check before saving). */
export async function assertNotBoarded(db: DbOrTx, petId: string): Promise<void> {
  const err = await alreadyBoarded(db, petId);
  if (err) throw err;
}

/**
 * A save that lost the race for the pet's one active boarding (unique violation of boardings_active_pet_uq) as
 * the 409 naming the boarding that won; any other error is returned unchanged.
 */
export async function asAlreadyBoarded(db: DbOrTx, petId: string, err: unknown): Promise<unknown> {
  if (pgCode(err) !== '23505' || pgConstraint(err) !== ACTIVE_BOARDING_UQ) return err;
  return (await alreadyBoarded(db, petId)) ?? conflict(VISIT_SAVED_MESSAGES.alreadyBoarded('another boarding'));
}

/** The boarding each of these visits started, by visit id. */
export async function boardingsOfVisits(db: DbOrTx, visitIds: readonly string[]): Promise<Map<string, BoardingRow>> {
  const rows = await findBoardingsOfVisits(db, visitIds);
  return new Map(rows.flatMap((r) => (r.visitId ? [[r.visitId, r] as const] : [])));
}
