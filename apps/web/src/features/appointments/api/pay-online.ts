import type { CheckoutOrderResponse } from '@pawdesk/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /customerappointment/payonline/:id (idempotent): Pay now, a new checkout order for an appointment booked to
 * be paid online whose checkout was closed before paying. The server sets the amount (the appointment's total).
 */
export function payAppointmentOnline(id: string, idempotencyKey: string) {
  return api<CheckoutOrderResponse>(`/customerappointment/payonline/${id}`, { method: 'POST', idempotencyKey });
}
