import { describe, expect, it } from 'vitest';
import { createDnsFlagBody, doNotServeMessage, dnsOverrideSchema, isDnsRefusal } from './schemas.ts';

describe('doNotServeMessage', () => {
  it('names the reason, who flagged and the day in the business zone (Indian order)', () => {
    // 20:00 UTC on 27 Nov is 28 Nov in Kolkata.
    const r = { reason: 'Bit a groomer', by: 'Meera', since: '2026-11-27T20:00:00Z' };
    expect(doNotServeMessage(r, 'staff', 'Asia/Kolkata')).toBe('Do not serve: Bit a groomer (flagged by Meera on 28 Nov 2026)');
    expect(doNotServeMessage({ ...r, since: '2026-11-28' })).toBe(
      'Do not serve: Bit a groomer (flagged by Meera on 28 Nov 2026)',
    );
  });
  it('tells a customer the reason and to contact the resort, not who flagged them', () => {
    const m = doNotServeMessage({ reason: 'Unpaid bills', by: 'Meera', since: '2026-11-28' }, 'customer');
    expect(m).toBe('Service paused: Unpaid bills. Please contact the resort.');
    expect(m).not.toContain('Meera');
  });
});

describe('the contracts', () => {
  it('a flag names a pet or an owner, with a trimmed reason of at most 500 characters and no control characters', () => {
    const id = '0123456789abcdef01234567';
    expect(createDnsFlagBody.parse({ petId: id, reason: '  Bites  ' }).reason).toBe('Bites');
    expect(createDnsFlagBody.safeParse({ petId: id, ownerId: id, reason: 'x' }).success).toBe(false);
    expect(createDnsFlagBody.safeParse({ reason: 'x' }).success).toBe(false);
    expect(createDnsFlagBody.safeParse({ petId: id, reason: 'x'.repeat(501) }).success).toBe(false);
    expect(createDnsFlagBody.safeParse({ petId: id, reason: 'x'.repeat(500) }).success).toBe(true);
    expect(createDnsFlagBody.safeParse({ petId: id, reason: 'a\u0000b' }).success).toBe(false);
    expect(dnsOverrideSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(dnsOverrideSchema.safeParse('yes').success).toBe(false);
  });
  it('recognises a refusal body by its code', () => {
    expect(isDnsRefusal({ success: false, message: 'Do not serve: x', code: 'do_not_serve' })).toBe(true);
    expect(isDnsRefusal({ success: false, message: 'Slot taken' })).toBe(false);
    expect(isDnsRefusal(null)).toBe(false);
  });
});
