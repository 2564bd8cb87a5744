import type { DbOrTx } from '../../db/client.ts';

/**
 * What happened to an online appointment (issue 19), announced inside the transaction that did it, so a listener
 * (the owner's email and inbox) writes exactly when the change commits. Amounts are paise.
 */
export interface AppointmentEvent {
  kind: 'booked' | 'confirmed' | 'completed' | 'cancelled';
  appointmentId: string;
  ownerId: string;
  /** The customer account that booked it. */
  customerUserId: string;
  /** Null only for a booking imported from the original system without a pet on record (issue 21). */
  petId: string | null;
  petName: string;
  serviceName: string;
  /** `yyyy-MM-dd` and `HH:MM`. */
  date: string;
  time: string;
  /** The appointment's total (service + pickup fare). */
  amountPaise: number;
  /** cancelled: who cancelled (the owner, or staff marking not visited), the reason, and the refund given now. */
  cancelledBy?: 'owner' | 'staff';
  reason?: string | null;
  refundPaise?: number;
  /** completed: the staff's visit notes. */
  visitNotes?: string | null;
  /** The user whose request did it. */
  by: string;
  now: Date;
}

export type AppointmentEventListener = (tx: DbOrTx, e: AppointmentEvent) => Promise<void>;

const listeners = new Set<AppointmentEventListener>();

/** Registers a listener (the same function twice is one listener); returns what removes it. */
export function onAppointmentEvent(listener: AppointmentEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces an event to every listener, in the caller's transaction. */
export async function announceAppointment(tx: DbOrTx, e: AppointmentEvent): Promise<void> {
  for (const l of listeners) await l(tx, e);
}
