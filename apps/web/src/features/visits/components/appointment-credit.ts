import { isId, toPaise, toRupees } from '@pawdesk/shared';
import { createContext, useContext } from 'react';

/**
 * Money paid online for an appointment (issue 19): New Visit opened from a completed appointment carries its id and
 * what it still holds (`appointmentId`, `paidOnline` in navigation state). The save sends `appointmentId`; the
 * server applies what is held to the visit and collects only the rest. The screen shows the same arithmetic.
 */
export interface AppointmentCredit {
  appointmentId: string;
  /** Rupees held for the appointment. */
  held: number;
}

/** The purposes whose save accepts `appointmentId` (slot appointments saved by a form of their own). */
export const CREDIT_CODES: readonly string[] = ['grooming', 'veterinary', 'dog_park'];

/** The credit named in New Visit's navigation state, or null (absent, malformed). */
export function appointmentCreditOf(state: unknown): AppointmentCredit | null {
  const s = state as { appointmentId?: unknown; paidOnline?: unknown } | null;
  if (!isId(s?.appointmentId)) return null;
  const held = typeof s.paidOnline === 'number' && Number.isFinite(s.paidOnline) && s.paidOnline > 0 ? s.paidOnline : 0;
  return { appointmentId: s.appointmentId, held };
}

/** The credit for a purpose's form: only the purposes whose save takes it. */
export const creditFor = (credit: AppointmentCredit | null, code: string): AppointmentCredit | null =>
  credit && CREDIT_CODES.includes(code) ? credit : null;

/**
 * What is applied from the money held and what is left to collect now, for a visit of `total` rupees (to the paisa,
 * never negative): ₹700 held on ₹700 → 700 applied, 0 to collect; ₹500 held on ₹700 → 500 and 200.
 */
export function amountToCollect(total: number, held: number): { applied: number; collect: number } {
  const totalPaise = Math.max(0, toPaise(total));
  const applied = Math.min(Math.max(0, toPaise(held)), totalPaise);
  return { applied: toRupees(applied), collect: toRupees(totalPaise - applied) };
}

/** The credit of the purpose form being filled (PurposeForm provides it; price lines show it). */
export const AppointmentCreditContext = createContext<AppointmentCredit | null>(null);
export const useAppointmentCredit = () => useContext(AppointmentCreditContext);
