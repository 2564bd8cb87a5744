import { describe, expect, it } from 'vitest';
import {
  appointmentCancelRefund,
  appointmentKind,
  appointmentTransition,
  BOOKABLE_PURPOSES,
  DEFAULT_APPOINTMENT_SLOTS,
  DEFAULT_PICKUP_FARE_RULE,
  earliestAppointmentDate,
  normaliseAppointmentTime,
  pickupFarePaise,
  shortAppointmentId,
} from './rules.ts';
import {
  APPOINTMENT_MESSAGES,
  appointmentSettingsBody,
  appointmentSettingsSchema,
  appointmentStatusBody,
  createAppointmentBody,
  DEFAULT_APPOINTMENT_SETTINGS,
  dayOrInstantSchema,
  slotCapacityFor,
} from './schemas.ts';

describe('default slots (spec 001 §9)', () => {
  it('are the 17 half-hour slots 09:00–12:30 and 14:00–18:00', () => {
    expect(DEFAULT_APPOINTMENT_SLOTS).toHaveLength(17);
    expect(DEFAULT_APPOINTMENT_SLOTS.slice(0, 8)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ]);
    expect(DEFAULT_APPOINTMENT_SLOTS.slice(8)).toEqual([
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
    ]);
    expect(DEFAULT_APPOINTMENT_SLOTS).not.toContain('13:00');
  });
});

describe('pickup fare: ₹500 up to 5 km, +₹100 per started 2 km beyond', () => {
  it.each([
    [0.5, 500],
    [1, 500],
    [5, 500],
    [5.01, 600],
    [5.1, 600],
    [6, 600],
    [7, 600],
    [7.01, 700],
    [9, 700],
    [9.5, 800],
    [11, 800],
    [12, 900],
    [15, 1000],
    [40, 2300],
  ])('%s km → ₹%s', (km, rupees) => {
    expect(pickupFarePaise(km)).toBe(rupees * 100);
  });
  it('refuses 0, negative, non-finite and beyond the longest distance', () => {
    for (const km of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 40.01]) expect(() => pickupFarePaise(km)).toThrow(RangeError);
  });
  it('follows an edited rule', () => {
    const rule = { ...DEFAULT_PICKUP_FARE_RULE, baseFare: 300, baseKm: 3, stepKm: 1, stepFare: 50 };
    expect(pickupFarePaise(3, rule)).toBe(30000);
    expect(pickupFarePaise(3.2, rule)).toBe(35000);
    expect(pickupFarePaise(5, rule)).toBe(40000);
  });
});

describe('short id, earliest date, kinds', () => {
  it('short id is the last 8 characters upper-cased', () => {
    expect(shortAppointmentId('65f1a2b3c4d5e6f708192a3b')).toBe('08192A3B');
  });
  it('earliest date is tomorrow in Asia/Kolkata (an instant late on the UTC day is already the next business day)', () => {
    expect(earliestAppointmentDate(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-24');
    expect(earliestAppointmentDate(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-25');
    expect(earliestAppointmentDate(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-02');
  });
  it('stays are Hostel, Day Care, Day School and Play School; Buy Subscription, Shop, Inquiry are not bookable', () => {
    expect(['Hostel', 'Day Care', 'Day School', 'Play School'].map(appointmentKind)).toEqual(['stay', 'stay', 'stay', 'stay']);
    expect(['Grooming', 'Veterinary', 'Dog Park'].map(appointmentKind)).toEqual(['slot', 'slot', 'slot']);
    expect(BOOKABLE_PURPOSES).not.toContain('Shop');
    expect(BOOKABLE_PURPOSES).not.toContain('Inquiry');
    expect(BOOKABLE_PURPOSES).not.toContain('Buy Subscription');
    expect(BOOKABLE_PURPOSES).toHaveLength(7);
  });
  it('times: HH:MM as is, h:mm AM/PM converted, nonsense null', () => {
    expect(normaliseAppointmentTime('09:30')).toBe('09:30');
    expect(normaliseAppointmentTime('9:30')).toBe('09:30');
    expect(normaliseAppointmentTime('2:00 PM')).toBe('14:00');
    expect(normaliseAppointmentTime('12:30 pm')).toBe('12:30');
    expect(normaliseAppointmentTime('12:00 AM')).toBe('00:00');
    expect(normaliseAppointmentTime('24:00')).toBeNull();
    expect(normaliseAppointmentTime('13:00 PM')).toBeNull();
    expect(normaliseAppointmentTime('soon')).toBeNull();
  });
});

describe('status transitions (spec 001 §4)', () => {
  type S = 'pending' | 'confirmed' | 'completed' | 'cancelled';
  it.each<[S, S, 'staff' | 'owner', string | null, true | 400 | 409]>([
    ['pending', 'confirmed', 'staff', null, true],
    ['pending', 'completed', 'staff', null, 409],
    ['pending', 'cancelled', 'staff', 'no show', 409],
    ['pending', 'pending', 'staff', null, 409],
    ['confirmed', 'completed', 'staff', null, true],
    ['confirmed', 'cancelled', 'staff', 'did not come', true],
    ['confirmed', 'cancelled', 'staff', '  ', 400],
    ['confirmed', 'cancelled', 'staff', null, 400],
    ['confirmed', 'confirmed', 'staff', null, 409],
    ['confirmed', 'pending', 'staff', null, 409],
    ['completed', 'cancelled', 'staff', 'x', 409],
    ['completed', 'confirmed', 'staff', null, 409],
    ['cancelled', 'confirmed', 'staff', null, 409],
    ['cancelled', 'completed', 'staff', null, 409],
    ['pending', 'cancelled', 'owner', null, true],
    ['confirmed', 'cancelled', 'owner', null, true],
    ['completed', 'cancelled', 'owner', null, 409],
    ['cancelled', 'cancelled', 'owner', null, 409],
    ['pending', 'confirmed', 'owner', null, 409],
  ])('%s → %s by %s (reason %s): %s', (from, to, actor, reason, expected) => {
    const r = appointmentTransition(from, to, actor, reason);
    if (expected === true) expect(r).toEqual({ ok: true });
    else expect(r).toMatchObject({ ok: false, status: expected });
  });
});

describe('cancellation refund', () => {
  const base = {
    paidAt: new Date('2026-11-20T06:00:00Z'),
    appointmentDate: '2026-11-25',
    appointmentTime: '10:00', // 04:30Z
    windowHours: 24,
  };
  it.each([
    // by, paid ₹, now, rule, refund ₹
    ['owner', 800, '2026-11-24T04:30:00Z', 'full', 800], // exactly 24 h before
    ['owner', 800, '2026-11-24T04:31:00Z', 'policy', 0], // 23 h 59 m: the policy keeps ₹5,000 of anything below it
    ['owner', 4999, '2026-11-24T10:00:00Z', 'policy', 0],
    ['owner', 6000, '2026-11-24T10:00:00Z', 'policy', 1000], // within 4 days of the payment: less ₹5,000
    ['owner', 25000, '2026-11-24T10:00:00Z', 'policy', 17500], // from ₹20,000: less ₹7,500
    ['owner', 6000, '2026-11-25T10:00:00Z', 'policy', 0], // 5 days after the payment: outside the policy's days
    ['staff', 800, '2026-11-25T10:00:00Z', 'full', 800], // not visited: full
    ['staff', 25000, '2026-11-24T10:00:00Z', 'full', 25000],
    ['owner', 0, '2026-11-24T10:00:00Z', 'nothing_paid', 0],
  ] as const)('%s, ₹%s paid, at %s → %s, ₹%s back', (by, paid, now, rule, refund) => {
    const r = appointmentCancelRefund({ ...base, by, paidPaise: paid * 100, now: new Date(now) });
    expect(r.rule).toBe(rule);
    expect(r.refundPaise).toBe(refund * 100);
    expect(r.keptPaise).toBe(paid * 100 - refund * 100);
  });
  it('the window hours are a setting', () => {
    const r = appointmentCancelRefund({
      ...base,
      windowHours: 48,
      by: 'owner',
      paidPaise: 80000,
      now: new Date('2026-11-23T10:00:00Z'),
    });
    expect(r.rule).toBe('policy');
  });
});

describe('schemas', () => {
  const ok = {
    serviceId: '65f1a2b3c4d5e6f708192a3b',
    appointmentDate: '2026-11-25',
    appointmentTime: '10:00',
    petId: '65f1a2b3c4d5e6f708192a3c',
  };
  it('the existing client body parses; names and prices are accepted and ignored', () => {
    const r = createAppointmentBody.parse({
      ...ok,
      serviceName: 'X',
      servicePrice: 1,
      totalAmount: 1,
      petAge: 'N/A',
      notes: '  hi  ',
    });
    expect(r.notes).toBe('hi');
    expect(r.appointmentTime).toBe('10:00');
  });
  it.each(['appointmentDate', 'appointmentTime', 'petId'])('missing %s → Please fill in all required fields', (k) => {
    const body: Record<string, unknown> = { ...ok };
    delete body[k];
    const r = createAppointmentBody.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(APPOINTMENT_MESSAGES.required);
  });
  it('status body: unknown status refused, reason trimmed', () => {
    expect(appointmentStatusBody.safeParse({ status: 'visited' }).success).toBe(false);
    expect(appointmentStatusBody.parse({ status: 'cancelled', reason: ' gone ' }).reason).toBe('gone');
  });
  it('day or instant', () => {
    expect(dayOrInstantSchema.safeParse('2026-11-23').success).toBe(true);
    expect(dayOrInstantSchema.safeParse('2026-11-23T00:00:00.000Z').success).toBe(true);
    expect(dayOrInstantSchema.safeParse('2026-02-30').success).toBe(false);
    expect(dayOrInstantSchema.safeParse('tomorrow').success).toBe(false);
  });
  it('settings: defaults parse; slots sorted, duplicates refused; capacity per service', () => {
    expect(appointmentSettingsSchema.parse(DEFAULT_APPOINTMENT_SETTINGS).slots).toHaveLength(17);
    expect(appointmentSettingsBody.parse({ slots: ['10:00', '09:00'] }).slots).toEqual(['09:00', '10:00']);
    expect(appointmentSettingsBody.safeParse({ slots: ['10:00', '10:00'] }).success).toBe(false);
    expect(appointmentSettingsBody.safeParse({}).success).toBe(false);
    const s = { ...DEFAULT_APPOINTMENT_SETTINGS, slotCapacityByService: { grooming: 3 } };
    expect(slotCapacityFor(s, 'grooming')).toBe(3);
    expect(slotCapacityFor(s, 'veterinary')).toBe(1);
  });
});

describe('businessDayOf', () => {
  it('reads a timestamp as its day in Asia/Kolkata', async () => {
    const { businessDayOf } = await import('./schemas.ts');
    expect(businessDayOf('2026-11-23')).toBe('2026-11-23');
    expect(businessDayOf('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
    expect(businessDayOf('2026-11-22T18:30:00.000Z')).toBe('2026-11-23');
  });
});
