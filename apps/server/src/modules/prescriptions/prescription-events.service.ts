import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * A prescription written, announced inside its transaction after its charge, so what listens (the owner's inbox) is
 * written in the same commit or not at all. The prescriptions module imports none of its listeners. A listener must
 * be idempotent (a dedupe key per prescription) and must not write money.
 */
export interface PrescriptionWritten {
  ctx: AppContext;
  prescriptionId: string;
  petId: string;
  ownerId: string;
  totalPaise: number;
  nextFollowUp: string | null;
  now: Date;
}
export type PrescriptionWrittenListener = (tx: DbOrTx, p: PrescriptionWritten) => Promise<void>;

const listeners = new Set<PrescriptionWrittenListener>();

/** Registers a listener (the same function twice is one listener). */
export function onPrescriptionWritten(listener: PrescriptionWrittenListener): void {
  listeners.add(listener);
}

export async function announcePrescriptionWritten(tx: DbOrTx, p: PrescriptionWritten): Promise<void> {
  for (const l of listeners) await l(tx, p);
}
