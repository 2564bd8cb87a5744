import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * A visit recorded (sold) for a pet, announced inside the sale's transaction after its ledger rows, so what listens
 * (the owner's inbox) is written in the same commit or not at all. The sales module imports none of its listeners
 * (no cycle). A listener must be idempotent (a dedupe key per visit) and must not write money.
 */
export interface VisitRecorded {
  ctx: AppContext;
  visitId: string;
  petId: string;
  ownerId: string;
  purpose: string;
  pricePaise: number;
  now: Date;
}
export type VisitRecordedListener = (tx: DbOrTx, v: VisitRecorded) => Promise<void>;

const listeners = new Set<VisitRecordedListener>();

/** Registers a listener (the same function twice is one listener). */
export function onVisitRecorded(listener: VisitRecordedListener): void {
  listeners.add(listener);
}

export async function announceVisitRecorded(tx: DbOrTx, v: VisitRecorded): Promise<void> {
  for (const l of listeners) await l(tx, v);
}
