import type { DbOrTx } from '../../db/client.ts';

/**
 * A pet renamed, or an owner's name or phone changed, announced inside the transaction that changed it, so copies
 * kept elsewhere change in the same commit (the Visit History search row copies the pet's name and the owner's name
 * and phone). An owner's `phone` is null when the owner has none (issue 21: imported without one). Modules that keep such copies register a listener (pets imports none of them: no cycle). A listener
 * must be idempotent and cheap: it runs on every edit.
 */
export type PetChange =
  | { kind: 'pet'; petId: string; name: string }
  | { kind: 'owner'; ownerId: string; name?: string; phone?: string | null };
export type PetChangeListener = (tx: DbOrTx, change: PetChange) => Promise<void>;

const listeners = new Set<PetChangeListener>();

/** Registers a listener (the same function twice is one listener). */
export function onPetChanged(listener: PetChangeListener): void {
  listeners.add(listener);
}

export async function announcePetChange(tx: DbOrTx, change: PetChange): Promise<void> {
  for (const l of listeners) await l(tx, change);
}
