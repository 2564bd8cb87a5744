import { describe, expect, it } from 'vitest';
import { appointment } from '../test/kit';
import { cancelPrompt, customerMayCancel, importedGapOf, paymentOf, shortId, staffActions, whenOf } from './appointment-view';

describe('the cancel prompt states the refund before the owner confirms', () => {
  const a = appointment({ appointmentDate: '2026-12-01', appointmentTime: '10:00' });
  it('paid online, at least 24 hours ahead: refunded in full', () => {
    expect(cancelPrompt(a, { rule: 'full', paid: 1200, refund: 1200 })).toBe(
      'Cancel Grooming for Bruno on 1 Dec 2026 at 10:00? It is at least 24 hours before the slot: the ₹1,200.00 you paid online is refunded in full.',
    );
  });
  it('later: the refund policy, which refunds nothing below ₹5,000', () => {
    expect(cancelPrompt(a, { rule: 'policy', paid: 1200, refund: 0 })).toBe(
      'Cancel Grooming for Bruno on 1 Dec 2026 at 10:00? It is less than 24 hours before the slot, so the refund policy applies, which refunds nothing below ₹5,000: nothing of the ₹1,200.00 you paid is refunded.',
    );
    expect(cancelPrompt(a, { rule: 'policy', paid: 12000, refund: 7000 }, 48)).toBe(
      'Cancel Grooming for Bruno on 1 Dec 2026 at 10:00? It is less than 48 hours before the slot, so the refund policy applies: ₹7,000.00 of the ₹12,000.00 you paid is refunded.',
    );
  });
  it('nothing paid online: nothing to refund', () => {
    expect(cancelPrompt(a, { rule: 'nothing_paid', paid: 0, refund: 0 })).toMatch(
      /Nothing was paid online, so there is nothing to refund\.$/,
    );
  });
  it('a stay names its days', () => {
    const stay = appointment({ kind: 'stay', serviceId: { _id: 'h', name: 'Hostel' }, endDate: '2026-12-03' });
    expect(cancelPrompt(stay, { rule: 'nothing_paid', paid: 0, refund: 0 })).toMatch(
      /^Cancel Hostel for Bruno on 1 Dec 2026 to 3 Dec 2026\?/,
    );
  });
});

describe('the staff actions (spec 001 §4)', () => {
  it.each([
    ['pending', ['confirm']],
    ['confirmed', ['complete', 'notVisited']],
    ['completed', []],
    ['cancelled', []],
  ] as const)('%s → %o', (status, actions) => expect(staffActions(status)).toEqual(actions));

  it('a confirmed stay is checked in at Reservations: only Not Visited here', () => {
    expect(staffActions('confirmed', 'stay')).toEqual(['notVisited']);
    expect(staffActions('pending', 'stay')).toEqual(['confirm']);
  });

  it('an imported booking that cannot become a visit (issue 21): no Confirm or Complete, a confirmed one Not Visited only', () => {
    expect(staffActions('pending', 'slot', false)).toEqual([]);
    expect(staffActions('confirmed', 'slot', false)).toEqual(['notVisited']);
    expect(staffActions('completed', 'slot', false)).toEqual([]);
    const a = { petId: 'p1', serviceId: { _id: 'v1', name: 'Grooming' }, serviceName: 'Grooming' };
    expect(importedGapOf(a)).toBeNull();
    expect(importedGapOf({ ...a, petId: null })).toMatch(/without a pet on record/);
    expect(importedGapOf({ ...a, serviceId: { _id: null, name: 'Spa Bath' }, serviceName: 'Spa Bath' })).toMatch(
      /for 'Spa Bath', which matches no visit type/,
    );
  });

  it('the customer may cancel pending and confirmed ones only', () => {
    expect(['pending', 'confirmed', 'completed', 'cancelled'].filter((s) => customerMayCancel(s as never))).toEqual([
      'pending',
      'confirmed',
    ]);
  });
});

describe('a card’s words', () => {
  it('the short id is the last 8 characters upper-cased', () => expect(shortId('650000000000000000abcdef')).toBe('00ABCDEF'));
  it('the date and time, or a stay’s days', () => {
    expect(whenOf(appointment())).toBe('1 Dec 2026 at 10:00');
    expect(whenOf(appointment({ kind: 'stay', endDate: '2026-12-01' }))).toBe('1 Dec 2026');
  });
  it.each([
    [{ mode: 'desk', state: 'desk', paid: 0, refunded: 0 }, 'Pay at the desk'],
    [{ mode: 'online', state: 'awaiting', paid: 0, refunded: 0 }, 'Online payment not completed'],
    [{ mode: 'online', state: 'paid', paid: 1200, refunded: 0 }, 'Paid online ₹1,200.00'],
    [{ mode: 'online', state: 'refunded', paid: 1200, refunded: 1200 }, 'Refunded ₹1,200.00'],
  ] as const)('payment %o → %s', (payment, text) => expect(paymentOf({ payment: { ...payment } })).toBe(text));
});
