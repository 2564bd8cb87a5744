import type { CreateAppointmentResponse } from '@pawdesk/shared';
import { api } from '../../../lib/api-client';
import type { BookingBody } from '../components/booking-form';

/**
 * POST /customerappointment/createappoint (idempotent): answers {data} with status pending; with `payOnline` also
 * `checkout`, the order of purpose 'appointment' to pay.
 */
export function createAppointment(body: BookingBody, idempotencyKey: string) {
  return api<CreateAppointmentResponse>('/customerappointment/createappoint', { method: 'POST', body, idempotencyKey });
}
