import type { DbOrTx } from '../../db/client.ts';

/**
 * A visit voided, announced inside the void's transaction after its credits, so copies kept elsewhere change in the
 * same commit (the Visit History search row turns voided). Modules that keep such copies register a listener (visits
 * imports none of them: no cycle). A listener must be idempotent and must not write money.
 */
export type VisitVoidedListener = (tx: DbOrTx, v: { visitId: string; tz: string }) => Promise<void>;

const listeners = new Set<VisitVoidedListener>();

/** Registers a listener (the same function twice is one listener). */
export function onVisitVoided(listener: VisitVoidedListener): void {
  listeners.add(listener);
}

export async function announceVisitVoided(tx: DbOrTx, v: { visitId: string; tz: string }): Promise<void> {
  for (const l of listeners) await l(tx, v);
}
