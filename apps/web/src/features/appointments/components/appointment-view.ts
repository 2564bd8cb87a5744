import { FINAL_APPOINTMENT_STATUSES, shortAppointmentId } from '@pawdesk/shared/appointments/rules';
import { APPOINTMENT_MESSAGES, APPOINTMENT_STATUS_LABEL, importedBookingGap } from '@pawdesk/shared/appointments/schemas';
import { formatDate } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import { ApiError } from '../../../lib/api-client';
import type { Appointment, AppointmentStatus, CancelQuote } from '../api/types';

/** The server's own text of a refusal (spec 001 §8), else the fallback ('Failed to …'). */
export function saidOr(err: unknown, fallback: string): string {
  const said = err instanceof ApiError ? err.body.message : undefined;
  return typeof said === 'string' && said.trim() ? said : fallback;
}

/** Spec 001 §9: the short appointment id, the last 8 characters upper-cased. */
export const shortId = shortAppointmentId;

export const STATUS_COLOR: Record<AppointmentStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'red',
};

export const statusLabel = (s: AppointmentStatus) => APPOINTMENT_STATUS_LABEL[s];

/** The service's name: serviceId {name} (the spec's field), else the stored serviceName. */
export const serviceNameOf = (a: Pick<Appointment, 'serviceId' | 'serviceName'>) => a.serviceId?.name || a.serviceName;

/** A date-only or ISO appointment date, in Indian order. */
export const dayOf = (date: string) => formatDate(date.slice(0, 10));

/** The date and time as a card shows them ('25 Nov 2026 at 10:30', or a stay '25 Nov 2026 to 27 Nov 2026'). */
export function whenOf(a: Pick<Appointment, 'appointmentDate' | 'appointmentTime' | 'endDate' | 'kind'>): string {
  if (a.kind === 'stay' || a.endDate) {
    const last = a.endDate ?? a.appointmentDate;
    return last.slice(0, 10) === a.appointmentDate.slice(0, 10)
      ? dayOf(a.appointmentDate)
      : `${dayOf(a.appointmentDate)} to ${dayOf(last)}`;
  }
  return a.appointmentTime ? `${dayOf(a.appointmentDate)} at ${a.appointmentTime}` : dayOf(a.appointmentDate);
}

/** The payment state in words. */
export function paymentOf(a: Pick<Appointment, 'payment'>): string {
  const p = a.payment;
  switch (p?.state) {
    case undefined:
    case 'desk':
      return 'Pay at the desk';
    case 'awaiting':
      return 'Online payment not completed';
    case 'paid':
      return `Paid online ${formatINR(p.paid)}`;
    case 'applied':
      return `Paid online ${formatINR(p.paid)} (used for the visit)`;
    case 'refunded':
      return `Refunded ${formatINR(p.refunded)}`;
    case 'part_refunded':
      return `Refunded ${formatINR(p.refunded)} of ${formatINR(p.paid)}`;
  }
}

/**
 * Whether Pay now is offered: booked to be paid online, nothing paid yet (its checkout was closed), still open, and
 * not a stay (stays are paid at the desk). The server checks all of it again.
 */
export const mayPayNow = (a: Pick<Appointment, 'payment' | 'status' | 'kind'>) =>
  a.kind !== 'stay' && a.payment?.mode === 'online' && a.payment.state === 'awaiting' && customerMayCancel(a.status);

/** Whether the customer may cancel (spec 001 §4: pending or confirmed). */
export const customerMayCancel = (s: AppointmentStatus) => s === 'pending' || s === 'confirmed';

/**
 * The cancel prompt's text (issue 19): what cancelling gives back, before the owner confirms. Paid online and at
 * least the cancel window ahead: a full refund; later the refund policy applies, which refunds nothing below ₹5,000.
 */
export function cancelPrompt(
  a: Pick<Appointment, 'serviceId' | 'serviceName' | 'petName' | 'appointmentDate' | 'appointmentTime' | 'endDate' | 'kind'>,
  q: Pick<CancelQuote, 'rule' | 'refund' | 'paid'>,
  windowHours = 24,
): string {
  const what = `Cancel ${serviceNameOf(a)} for ${a.petName} on ${whenOf(a)}?`;
  if (q.rule === 'nothing_paid' || q.paid <= 0) return `${what} Nothing was paid online, so there is nothing to refund.`;
  if (q.rule === 'full')
    return `${what} It is at least ${windowHours} hours before the slot: the ${formatINR(q.paid)} you paid online is refunded in full.`;
  const late = `${what} It is less than ${windowHours} hours before the slot, so the refund policy applies`;
  return q.refund > 0
    ? `${late}: ${formatINR(q.refund)} of the ${formatINR(q.paid)} you paid is refunded.`
    : `${late}, which refunds nothing below ₹5,000: nothing of the ${formatINR(q.paid)} you paid is refunded.`;
}

/**
 * Why staff cannot confirm or complete an appointment: a booking imported from the original system without a pet or
 * a visit type on record (issue 21; the server refuses with the same words). Null for every booking made in Pawdesk.
 */
export const importedGapOf = (a: Pick<Appointment, 'petId' | 'serviceId' | 'serviceName'>): string | null =>
  importedBookingGap({ petId: a.petId, visitTypeId: a.serviceId ? a.serviceId._id : null, serviceName: a.serviceName });

/**
 * The staff actions an appointment offers (spec 001 §4): completed and cancelled are final. A stay is completed by
 * checking it in at Reservations, not here. An imported booking that cannot become a visit (`recordable` false,
 * issue 21) is neither confirmed nor completed: a confirmed one may only be marked not visited.
 */
export type StaffAction = 'confirm' | 'complete' | 'notVisited';
export function staffActions(s: AppointmentStatus, kind: Appointment['kind'] = 'slot', recordable = true): StaffAction[] {
  if ((FINAL_APPOINTMENT_STATUSES as readonly string[]).includes(s)) return [];
  if (!recordable) return s === 'confirmed' ? ['notVisited'] : [];
  if (s === 'pending') return ['confirm'];
  return kind === 'stay' ? ['notVisited'] : ['complete', 'notVisited'];
}

/** The status each action sets. */
export const ACTION_STATUS: Record<StaffAction, 'confirmed' | 'completed' | 'cancelled'> = {
  confirm: 'confirmed',
  complete: 'completed',
  notVisited: 'cancelled',
};

/** Spec 001 §8: 'Appointment {status} successfully!'. */
export const statusUpdated = APPOINTMENT_MESSAGES.status;

export const APPOINTMENT_TEXT = {
  fetchFailed: APPOINTMENT_MESSAGES.fetchFailed,
  cancelFailed: APPOINTMENT_MESSAGES.cancelFailed,
  loadError: 'Error loading appointments. Please check console for details.',
  updateFailed: APPOINTMENT_MESSAGES.updateFailed,
  reasonRequired: 'Please give the reason the pet was not visited',
  payFailed: APPOINTMENT_MESSAGES.payFailed,
} as const;
