import { api } from '../../../lib/api-client';
import type { CustomerOrder } from '../../../lib/customer-checkout';
import type { BookingBody } from '../components/booking-form';
import type { Appointment } from './types';

export interface CreateAppointmentResponse {
  success?: boolean;
  message?: string;
  data: Appointment;
  /** When paying online: the checkout order for the appointment (purpose 'appointment'). */
  order?: CustomerOrder;
}

/** POST /customerappointment/createappoint (idempotent): answers {data} with status pending (and the order online). */
export function createAppointment(body: BookingBody, idempotencyKey: string) {
  return api<CreateAppointmentResponse>('/customerappointment/createappoint', { method: 'POST', body, idempotencyKey });
}
