import type { Appointment } from '../api/types';
import { serviceNameOf } from './appointment-view';

/** What New Visit reads from a completed appointment's link. */
export interface NewVisitState {
  petId: string;
  purpose: string;
  /** The appointment the visit fulfils: its save sends it, and the money held for it is applied (issue 19). */
  appointmentId: string;
  /** Rupees paid online and still held for it (paid − refunded; 0 when paid at the desk). */
  paidOnline: number;
}

/**
 * The navigation state New Visit reads for a completed appointment: the pet (as every page sends it), the purpose
 * to preselect (`purpose`: the visit type's purpose, the appointment's service name), and the appointment with the
 * money held for it. Null without a pet id.
 */
export function newVisitState(a: Appointment): NewVisitState | null {
  if (!a.petId) return null;
  const held = a.payment.mode === 'online' ? Math.max(0, Math.round((a.payment.paid - a.payment.refunded) * 100) / 100) : 0;
  return { petId: a.petId, purpose: serviceNameOf(a), appointmentId: a._id, paidOnline: held };
}
