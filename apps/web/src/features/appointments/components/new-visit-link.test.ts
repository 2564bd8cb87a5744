import { describe, expect, it } from 'vitest';
import type { Appointment } from '../api/types';
import { newVisitState } from './new-visit-link';

const APPT = '650000000000000000000abc';
const PET_ID = '650000000000000000000001';

describe('the New Visit link of a completed appointment', () => {
  it('a completed appointment’s link carries its id and what is still held (paid − refunded; 0 at the desk)', () => {
    const a = (payment: Appointment['payment']) =>
      ({ _id: APPT, petId: PET_ID, serviceName: 'Grooming', serviceId: { name: 'Grooming' }, payment }) as unknown as Appointment;
    expect(newVisitState(a({ mode: 'online', state: 'paid', paid: 1200, refunded: 0 }))).toMatchObject({
      petId: PET_ID,
      appointmentId: APPT,
      paidOnline: 1200,
    });
    expect(newVisitState(a({ mode: 'online', state: 'part_refunded', paid: 1200, refunded: 500 }))?.paidOnline).toBe(700);
    expect(newVisitState(a({ mode: 'desk', state: 'desk', paid: 0, refunded: 0 }))?.paidOnline).toBe(0);
  });
});
