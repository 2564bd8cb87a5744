import type { DbOrTx } from '../../db/client.ts';
import type { Subject } from '../payments/payments.service.ts';

/**
 * The money an owner paid online for an appointment, applied to the visit that fulfils it (issue 19). The sale path
 * asks through this port; the appointments module registers the implementation at load
 * (appointments/appointment-visit.service.ts). Sales never imports appointments: appointments → reservations → sales
 * would then be a cycle.
 */

/** An appointment locked for the sale (after the owner's ledger lock), with what its deposit still holds. */
export interface HeldAppointment {
  readonly heldPaise: number;
}

export interface AppliedAppointment {
  appointmentId: string;
  appliedPaise: number;
  toUnappliedPaise: number;
}

export interface AppointmentCredit {
  /** Locks and checks the appointment a sale of this pet fulfils; refuses with a clear message when it cannot be. */
  lockForVisit(tx: DbOrTx, appointmentId: string, petId: string | null, ownerId: string): Promise<HeldAppointment>;
  /** After the sale's charge: applies what is held (up to the charge), the rest to unapplied; links the visit. */
  apply(
    tx: DbOrTx,
    held: HeldAppointment,
    a: { chargePaise: number; subject: Subject; visitId: string; userId: string; now: Date },
  ): Promise<AppliedAppointment>;
}

let credit: AppointmentCredit | null = null;

/** Registered once by the appointments module. */
export function registerAppointmentCredit(c: AppointmentCredit): void {
  credit = c;
}

export function appointmentCredit(): AppointmentCredit {
  if (!credit) throw new Error('No appointment credit is registered (the appointments module registers it at load)');
  return credit;
}
