import { describe, expect, it } from 'vitest';
import { services } from '../test/kit';
import {
  BOOKING_MESSAGES as M,
  type BookingValues,
  bookingBody,
  EMPTY_BOOKING,
  fareFor,
  previewOf,
  slotState,
  stayDays,
  timeOf,
  validateBooking,
} from './booking-form';

const PETS = ['p1', 'p2'];
const SLOTS = [
  { time: '09:00', available: true, pickupAvailable: true },
  { time: '09:30', available: false, pickupAvailable: true },
  { time: '10:00', available: true, pickupAvailable: false },
];
const ok: BookingValues = { ...EMPTY_BOOKING, petId: 'p1', date: '2026-11-29', time: '09:00' };
const slotCtx = { kind: 'slot' as const, petIds: PETS, earliest: '2026-11-29', slots: SLOTS };

describe('the pickup fare shown before booking (₹500 up to 5 km, ₹100 per started 2 km beyond)', () => {
  it.each([
    [0.5, 500],
    [5, 500],
    [5.1, 600],
    [7, 600],
    [7.1, 700],
    [12, 900],
    [40, 2300],
  ])('%s km → ₹%s', (km, fare) => expect(fareFor(km)).toBe(fare));

  it.each([0, -1, 40.1, Number.NaN])('%s km is no fare (outside 0..40)', (km) => expect(fareFor(km)).toBeNull());

  it('follows an edited rule', () => {
    expect(fareFor(6, { baseFare: 300, baseKm: 3, stepKm: 1, stepFare: 50, maxKm: 10 })).toBe(450);
  });
});

describe('the total', () => {
  it('a slot: the price, plus the fare with pickup', () => {
    expect(previewOf(services[0]!, ok)).toEqual({ service: 700, fare: null, total: 700 });
    expect(previewOf(services[0]!, { ...ok, pickup: true, distanceKm: '8' })).toEqual({ service: 700, fare: 700, total: 1400 });
  });
  it('a stay: the price per day times the days, first and last counted', () => {
    expect(stayDays('2026-11-29', '2026-12-01')).toBe(3);
    expect(previewOf(services[1]!, { ...ok, endDate: '2026-12-01' }).total).toBe(3000);
  });
});

describe('what the time picker offers', () => {
  it('a taken time is disabled and says so; with pickup, a time whose vehicle is booked too', () => {
    expect(slotState(SLOTS[0]!, true)).toEqual({ disabled: false, label: '09:00', note: null });
    expect(slotState(SLOTS[1]!, false)).toMatchObject({ disabled: true, note: 'taken' });
    expect(slotState(SLOTS[2]!, false).disabled).toBe(false);
    expect(slotState(SLOTS[2]!, true)).toMatchObject({ disabled: true, note: 'no pickup' });
  });
});

describe('the checks before booking (spec 001 §5)', () => {
  it('passes a complete booking', () => expect(validateBooking(ok, slotCtx)).toEqual({}));

  it.each([
    [{ petId: '' }, 'petId'],
    [{ date: '' }, 'date'],
    [{ time: '' }, 'time'],
    [{ pickup: true, pickupAddress: ' ', distanceKm: 3 }, 'pickupAddress'],
    [{ pickup: true, pickupAddress: 'Sector 45', distanceKm: '' }, 'distanceKm'],
  ])('%o: Please fill in all required fields', (change, field) => {
    const e = validateBooking({ ...ok, ...change }, slotCtx);
    expect(e.form).toBe(M.required);
    expect(e).toHaveProperty(field);
  });

  it('a stay needs its last day instead of a time', () => {
    const stay = { ...slotCtx, kind: 'stay' as const };
    expect(validateBooking({ ...ok, time: '' }, stay).form).toBe(M.required);
    expect(validateBooking({ ...ok, time: '', endDate: '2026-11-30' }, stay)).toEqual({});
    expect(validateBooking({ ...ok, date: '2026-12-02', endDate: '2026-12-01' }, stay).endDate).toBe(M.endBeforeStart);
  });

  it('a pet that is not the customer’s: Please select a valid pet', () => {
    expect(validateBooking({ ...ok, petId: 'someone-elses' }, slotCtx)).toEqual({ petId: M.invalidPet, form: M.invalidPet });
  });

  it('today is too early; tomorrow is the first day', () => {
    expect(validateBooking({ ...ok, date: '2026-11-28' }, slotCtx).date).toBe('Appointments can be booked from tomorrow');
  });

  it('a taken time, and a time whose vehicle is booked when pickup is asked for, are refused', () => {
    expect(validateBooking({ ...ok, time: '09:30' }, slotCtx).time).toBe(M.taken);
    expect(validateBooking({ ...ok, time: '10:00' }, slotCtx)).toEqual({});
    expect(validateBooking({ ...ok, time: '10:00', pickup: true, pickupAddress: 'x', distanceKm: 2 }, slotCtx).time).toBe(
      M.pickupTaken,
    );
  });

  it('a distance beyond the longest served is refused', () => {
    const e = validateBooking({ ...ok, pickup: true, pickupAddress: 'x', distanceKm: 41 }, slotCtx);
    expect(e.distanceKm).toBe('Enter the distance in km (more than 0, at most 40)');
  });
});

describe('the createappoint body', () => {
  const pet = { _id: 'p1', name: 'Bruno', breed: 'Beagle', species: 'dog', age: '5' };
  it('sends the existing client’s fields, trimmed notes, pickup {address, km} and payOnline', () => {
    const v = {
      ...ok,
      notes: '  calm dog  ',
      pickup: true,
      pickupAddress: ' Sector 45 ',
      distanceKm: '6',
      payment: 'online' as const,
    };
    const body = bookingBody(v, { customerId: 'c1', service: services[0]!, pet, preview: previewOf(services[0]!, v) });
    expect(body).toMatchObject({
      customerId: 'c1',
      serviceId: services[0]!._id,
      serviceName: 'Grooming',
      appointmentDate: '2026-11-29',
      appointmentTime: '09:00',
      petId: 'p1',
      petName: 'Bruno',
      notes: 'calm dog',
      totalAmount: 1300,
      pickup: { address: 'Sector 45', km: 6 },
      payOnline: true,
    });
    expect(body).not.toHaveProperty('endDate');
  });
  it('a stay sends its last day, and is never paid online', () => {
    const v = { ...ok, time: '', endDate: '2026-11-30', payment: 'online' as const };
    const body = bookingBody(v, { customerId: 'c1', service: services[1]!, pet, preview: previewOf(services[1]!, v) });
    expect(body).toMatchObject({ endDate: '2026-11-30', payOnline: false, totalAmount: 2000 });
    expect(body).not.toHaveProperty('pickup');
    // No slot, so no time (the server no longer needs one for a stay without pickup).
    expect(body).not.toHaveProperty('appointmentTime');
  });
  it('a stay sends a time only with pickup (the vehicle’s slot)', () => {
    const stay = services[1]!;
    expect(timeOf({ ...ok, time: '10:30', endDate: '2026-11-30' }, stay.kind)).toBe('');
    expect(timeOf({ ...ok, time: '10:30', endDate: '2026-11-30', pickup: true }, stay.kind)).toBe('10:30');
    expect(timeOf({ ...ok, time: '10:30' }, 'slot')).toBe('10:30');
  });
});
