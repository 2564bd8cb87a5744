import type { CareItem } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { emptyItem, formToInput, formValid, itemErrors, itemToForm, warningError } from './instruction-form';

const M = '0000000000000000000ca701';

describe('the care instruction form', () => {
  it('a new meal starts in the first slot with the owner’s food and needs a food and an amount', () => {
    const meal = emptyItem('meal', M, '2026-11-28');
    expect(meal).toMatchObject({ slotIds: [M], source: 'owner', unit: 'g' });
    expect(itemErrors(meal)).toEqual({ name: 'Enter the food', amount: 'Enter the amount' });
    expect(itemErrors({ ...meal, name: 'Kibble', amount: 200 })).toEqual({});
  });

  it('a meal at a time sends the time and no slot; a missing time is shown on the time field', () => {
    const meal = { ...emptyItem('meal', M, '2026-11-28'), name: 'Kibble', amount: 1, unit: 'cups', when: 'time' as const };
    expect(itemErrors(meal)).toEqual({ atTime: 'Choose a slot or an exact time' });
    const timed = { ...meal, atTime: '09:30' };
    expect(formToInput(timed)).toMatchObject({ slotIds: [], atTime: '09:30' });
    expect(itemErrors(timed)).toEqual({});
  });

  it('a dose checks its amount, slots and dates', () => {
    const dose = { ...emptyItem('dose', M, '2026-11-28'), name: 'Meloxicam', amount: 0.5 as const };
    expect(itemErrors(dose)).toEqual({});
    expect(itemErrors({ ...dose, amount: -1 })).toEqual({ amount: 'The amount must be more than 0' });
    expect(itemErrors({ ...dose, amount: 20000 })).toEqual({ amount: 'The amount must be at most 10,000' });
    expect(itemErrors({ ...dose, slotIds: [] })).toEqual({ slotIds: 'Choose at least one time of day' });
    expect(itemErrors({ ...dose, endDate: '2026-11-01' })).toEqual({ endDate: 'The end date cannot be before the start date' });
  });

  it('sends only what the kind uses (a dose turned into a walk drops its amount and dates)', () => {
    const dose = { ...emptyItem('dose', M, '2026-11-28'), name: 'Walk', amount: 2 as const };
    expect(formToInput({ ...dose, kind: 'other' })).toMatchObject({ amount: null, unit: null, route: null, startDate: null });
  });

  it('round-trips a saved item', () => {
    const saved: CareItem = {
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      kind: 'dose',
      name: 'Meloxicam',
      slotIds: [M],
      atTime: null,
      amount: 0.5,
      unit: 'ml',
      source: null,
      route: 'oral',
      startDate: '2026-11-01',
      endDate: null,
      inventoryItemId: null,
      inventoryItemName: null,
      instructions: 'With food',
      label: 'Meloxicam 0.5 ml (oral)',
    };
    expect(formToInput(itemToForm(saved))).toEqual({
      _id: saved._id,
      kind: 'dose',
      name: 'Meloxicam',
      slotIds: [M],
      atTime: null,
      amount: 0.5,
      unit: 'ml',
      source: null,
      route: 'oral',
      startDate: '2026-11-01',
      endDate: null,
      inventoryItemId: null,
      instructions: 'With food',
    });
  });

  it('refuses control characters in warnings and instructions', () => {
    expect(warningError({ key: 'k', kind: 'allergy', text: 'Chicken\u0007' })).toBe('Must not contain control characters');
    const meal = { ...emptyItem('meal', M, '2026-11-28'), name: 'Kibble', amount: 1 as const, instructions: 'a\u0000' };
    expect(itemErrors(meal)).toEqual({ instructions: 'Must not contain control characters' });
    expect(formValid([meal], [])).toBe(false);
  });
});
