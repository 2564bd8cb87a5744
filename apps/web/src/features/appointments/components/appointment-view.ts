import { formatDate } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import type { Appointment, AppointmentStatus, CancelQuote } from '../api/types';

/** Spec 001 §9: the short appointment id, the last 8 characters upper-cased. */
export const shortId = (id: string) => id.slice(-8).toUpperCase();

export const STATUS_COLOR: Record<AppointmentStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'red',
};

export const statusLabel = (s: AppointmentStatus) => s.charAt(0).toUpperCase() + s.slice(1);

/** The service's name: serviceId {name} (the spec's field), else the stored serviceName. */
export const serviceNameOf = (a: Pick<Appointment, 'serviceId' | 'serviceName'>) =>
  (a.serviceId && typeof a.serviceId === 'object' ? a.serviceId.name : null) || a.serviceName;

/** A date-only or ISO appointment date, in Indian order. */
export const dayOf = (date: string) => formatDate(date.slice(0, 10));

/** The date and time as a card shows them ('25 Nov 2026 at 10:30', or a stay '25 Nov 2026 to 27 Nov 2026'). */
export function whenOf(a: Pick<Appointment, 'appointmentDate' | 'appointmentTime' | 'endDate'>): string {
  if (a.endDate && a.endDate.slice(0, 10) !== a.appointmentDate.slice(0, 10))
    return `${dayOf(a.appointmentDate)} to ${dayOf(a.endDate)}`;
  return a.appointmentTime ? `${dayOf(a.appointmentDate)} at ${a.appointmentTime}` : dayOf(a.appointmentDate);
}

/** The payment state in words. */
export function paymentOf(a: Pick<Appointment, 'payment' | 'status'>): string {
  const p = a.payment;
  if (!p || p.mode === 'desk') return 'Pay at the desk';
  if (p.status === 'paid') return 'Paid online';
  if (p.status === 'refunded') return p.refunded ? `Refunded ${formatINR(p.refunded)}` : 'Refunded';
  return 'Online payment not completed';
}

/** Whether the customer may cancel (spec 001 §4: pending or confirmed). */
export const customerMayCancel = (s: AppointmentStatus) => s === 'pending' || s === 'confirmed';

/**
 * The cancel prompt's text (issue 19): what cancelling gives back, before the owner confirms. Paid online and at
 * least the cancel window ahead: a full refund; later the refund policy applies, which refunds nothing below ₹5,000.
 */
export function cancelPrompt(a: Appointment, q: Pick<CancelQuote, 'refund' | 'paid' | 'fullRefund' | 'cancelWindowHours'>) {
  const what = `Cancel ${serviceNameOf(a)} for ${a.petName} on ${whenOf(a)}?`;
  if (q.paid <= 0) return `${what} Nothing was paid online, so there is nothing to refund.`;
  if (q.fullRefund)
    return `${what} It is at least ${q.cancelWindowHours} hours before the slot, so the ${formatINR(q.paid)} you paid online is refunded in full.`;
  const late = `${what} It is less than ${q.cancelWindowHours} hours before the slot, so the refund policy applies`;
  return q.refund > 0
    ? `${late}: ${formatINR(q.refund)} of the ${formatINR(q.paid)} you paid is refunded.`
    : `${late}, which refunds nothing below ₹5,000: nothing of the ${formatINR(q.paid)} you paid is refunded.`;
}

/** The staff actions an appointment offers (spec 001 §4): completed and cancelled are final. */
export type StaffAction = 'confirm' | 'complete' | 'notVisited';
export function staffActions(s: AppointmentStatus): StaffAction[] {
  if (s === 'pending') return ['confirm'];
  if (s === 'confirmed') return ['complete', 'notVisited'];
  return [];
}

/** The status each action sets. */
export const ACTION_STATUS: Record<StaffAction, 'confirmed' | 'completed' | 'cancelled'> = {
  confirm: 'confirmed',
  complete: 'completed',
  notVisited: 'cancelled',
};

/** Spec 001 §8: 'Appointment {status} successfully!'. */
export const statusUpdated = (status: string) => `Appointment ${status} successfully!`;

export const APPOINTMENT_MESSAGES = {
  fetchFailed: 'Failed to fetch appointments',
  cancelFailed: 'Failed to cancel appointment',
  loadError: 'Error loading appointments. Please check console for details.',
  updateFailed: 'Error updating appointment',
  reasonRequired: 'Please give the reason',
} as const;
