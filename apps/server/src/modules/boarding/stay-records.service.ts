import type { DbOrTx } from '../../db/client.ts';
import { type Closing, closeBoarding as closeBoardingRow, type DeboardRow } from './deboarding.repo.ts';

/**
 * The boarding rows a stay's money works on, for the sales module (quotes, settling, deboarding): read, locked,
 * closed. The boarding module owns the table; nobody else imports its repo.
 */
export type { BoardedCursor, Closing, DeboardRow } from './deboarding.repo.ts';
export { boardedNow, boardingById, countBoardedByType, pageBoardingsOfType, setExtraCharged } from './deboarding.repo.ts';

/**
 * A stay that closed (the pet was deboarded), announced inside the deboarding's transaction, so what follows from it
 * commits with it (issue 18: a reservation whose stays are all deboarded is checked out; a place freed before the
 * booked end tells staff of the first waiting booking that now fits). Listeners are registered once, at load, by
 * the modules that depend on boarding (reservations): boarding imports none of them (no import cycle). A listener
 * must be idempotent and must not write money.
 */
export interface StayClosed {
  boarding: DeboardRow;
  /** The deboarding's clock (its exit time). */
  now: Date;
  by: string;
}
export type StayClosedListener = (tx: DbOrTx, e: StayClosed) => Promise<void>;

const stayClosedListeners = new Set<StayClosedListener>();

/** Registers a listener (the same function twice is one listener). */
export function onStayClosed(listener: StayClosedListener): void {
  stayClosedListeners.add(listener);
}

/** The pet leaves: the boarding is done and the closing is announced. Only an open boarding closes (undefined otherwise). */
export async function closeBoarding(tx: DbOrTx, id: string, c: Closing): Promise<DeboardRow | undefined> {
  const row = await closeBoardingRow(tx, id, c);
  if (row) for (const l of stayClosedListeners) await l(tx, { boarding: row, now: c.exitTime, by: c.deboardedBy });
  return row;
}
