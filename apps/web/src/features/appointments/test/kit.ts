/** Fixtures and mock routes of the appointments screens' tests. */
import { DEFAULT_BUSINESS, OPENING_HOURS } from '@pawdesk/shared/catalog';
import { DEFAULT_PICKUP_FARE_RULE } from '@pawdesk/shared/appointments/rules';
import { HttpResponse, http } from 'msw';
import { auth } from '../../../lib/auth';
import { server } from '../../../test/server';
import type { Appointment, BookableService, Slot } from '../api/types';

export const EMAIL = 'rohan@owner.test';
export const CUSTOMER = '650000000000000000000a01';
export const BRUNO = '650000000000000000000b01';
export const COCO = '650000000000000000000b02';
export const GROOMING = '650000000000000000000d01';
export const HOSTEL = '650000000000000000000d02';

export function signInCustomer() {
  auth.signIn({
    success: true,
    message: 'ok',
    token: 'token-customer',
    user: {
      id: 'u1',
      role: 'customer',
      fullName: 'Rohan Mehta',
      email: EMAIL,
      isAdmin: false,
      customer_id: CUSTOMER,
      phone: '9876543210',
      address: 'Sector 45',
    },
  });
}

export function signInStaff() {
  auth.signIn({
    success: true,
    message: 'ok',
    token: 'token-staff',
    user: { id: 's1', role: 'staff', fullName: 'Desk', email: 'desk@x.test', isAdmin: false, phone: null, address: null },
  });
}

export const services: BookableService[] = [
  { _id: GROOMING, name: 'Grooming', code: 'grooming', price: 700, kind: 'slot', admission: false },
  { _id: HOSTEL, name: 'Hostel', code: 'hostel', price: 1000, kind: 'stay', admission: true },
];

export const pets = [
  { _id: BRUNO, name: 'Bruno', breed: 'Beagle', species: 'dog', dob: '2021-05-04' },
  { _id: COCO, name: 'Coco', breed: 'Indie', species: 'dog', dob: '2022-01-01' },
];

export const EARLIEST = '2026-11-29';

export const slots = (overrides: Partial<Record<string, Partial<Slot>>> = {}): Slot[] =>
  ['09:00', '09:30', '10:00'].map((time) => ({ time, available: true, pickupAvailable: true, ...overrides[time] }));

/** The reads of the booking page: services, pets, slots (the day's times; `slotList` per call). */
export function mockBookingReads(o: { pets?: unknown[]; slotList?: Slot[] } = {}) {
  server.use(
    http.get('/api/v1/site/business', () =>
      HttpResponse.json({ success: true, business: { ...DEFAULT_BUSINESS, openingHours: OPENING_HOURS } }),
    ),
    http.get('/api/v1/customerappointment/services', () =>
      HttpResponse.json({
        success: true,
        services,
        pickupFare: DEFAULT_PICKUP_FARE_RULE,
        earliestDate: EARLIEST,
        ownerCancelWindowHours: 24,
      }),
    ),
    http.post('/api/v1/customer/pet/getallpets', () => HttpResponse.json({ success: true, pets: o.pets ?? pets })),
    http.get('/api/v1/customerappointment/slots', ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json({
        success: true,
        date: url.searchParams.get('date'),
        serviceId: url.searchParams.get('serviceId'),
        kind: 'slot',
        slots: o.slotList ?? slots(),
      });
    }),
  );
}

export function appointment(o: Partial<Appointment> = {}): Appointment {
  const _id = o._id ?? '650000000000000000abcdef';
  return {
    _id,
    shortId: _id.slice(-8).toUpperCase(),
    status: 'pending',
    kind: 'slot',
    customerId: { _id: CUSTOMER, fullName: 'Rohan Mehta', email: EMAIL },
    serviceId: { _id: GROOMING, name: 'Grooming' },
    serviceName: 'Grooming',
    servicePrice: 700,
    appointmentDate: '2026-12-01',
    appointmentTime: '10:00',
    endDate: null,
    petId: BRUNO,
    petName: 'Bruno',
    petBreed: 'Beagle',
    petAge: '5 years',
    petSpecies: 'dog',
    notes: '',
    totalAmount: 700,
    pickup: null,
    payment: { mode: 'desk', state: 'desk', paid: 0, refunded: 0 },
    reservation: null,
    visitNotes: null,
    cancelReason: null,
    cancelledBy: null,
    visitId: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    confirmedAt: null,
    completedAt: null,
    cancelledAt: null,
    ...o,
  };
}
