import { DEFAULT_APPOINTMENT_SETTINGS } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { appointmentPatch, changedFields, fareExplained, formOf, slotsOf } from './appointment-settings-form';

const saved = { ...DEFAULT_APPOINTMENT_SETTINGS, slotCapacityByService: { grooming: 2 } };
const CODES = ['grooming', 'veterinary'];

describe('the appointment settings card: what is saved', () => {
  it('nothing changed: an empty patch', () => {
    expect(changedFields(saved, formOf(saved, CODES))).toEqual([]);
    expect(appointmentPatch(saved, formOf(saved, CODES))).toEqual({ ok: true, patch: {} });
  });

  it('the slot table as typed: spaces, commas or lines between times, 9:30 read as 09:30, sorted', () => {
    expect(slotsOf('10:00, 9:30\n11:00  12:00')).toEqual(['10:00', '09:30', '11:00', '12:00']);
    const f = { ...formOf(saved, CODES), slots: '10:00, 9:30\n11:00' };
    expect(appointmentPatch(saved, f)).toEqual({ ok: true, patch: { slots: ['09:30', '10:00', '11:00'] } });
  });

  it('places per service: a figure sets it, an empty one falls back to the default', () => {
    const f = formOf(saved, CODES);
    expect(f.capacity).toEqual({ grooming: 2, veterinary: '' });
    expect(appointmentPatch(saved, { ...f, capacity: { grooming: '', veterinary: '3' } })).toEqual({
      ok: true,
      patch: { slotCapacityByService: { veterinary: 3 } },
    });
  });

  it('the fare rule and the cancel window are sent as numbers, only when changed', () => {
    const f = { ...formOf(saved, CODES), baseFare: '600', ownerCancelWindowHours: '48' };
    expect(appointmentPatch(saved, f)).toEqual({
      ok: true,
      patch: { pickupFare: { ...saved.pickupFare, baseFare: 600 }, ownerCancelWindowHours: 48 },
    });
  });

  it.each([
    [{ slots: '09:00, 9.30' }, 'slots', '“9.30” is not a time: write times as HH:MM, e.g. 09:30'],
    [{ slots: '' }, 'slots', 'Keep at least one slot'],
    [{ slots: '09:00 09:00' }, 'slots', 'A slot is listed twice'],
    [{ pickupVehiclesPerSlot: -1 }, 'pickupVehiclesPerSlot', 'Pickup vehicles cannot be negative'],
    [{ stepKm: 0 }, 'pickupFare.stepKm', 'Step distance must be more than 0'],
    [{ ownerCancelWindowHours: 2.5 }, 'ownerCancelWindowHours', 'Hours before the slot must be a whole number'],
  ])('%o is refused with the message of its field', (change, field, message) => {
    const r = appointmentPatch(saved, { ...formOf(saved, CODES), ...change });
    expect(r.ok).toBe(false);
    expect(r.ok ? null : r.errors[field]).toBe(message);
  });

  it('explains the fare rule', () => {
    expect(fareExplained(formOf(saved, CODES))).toBe(
      '₹500 up to 5 km, then ₹100 for each started 2 km beyond; no pickup beyond 40 km.',
    );
  });
});
