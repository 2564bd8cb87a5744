import { REFUND_MESSAGES } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { voidExplanation, voidPlan } from './void-plan';

const VISIT = '650000000000000000000010';

describe('voidPlan', () => {
  it.each([
    { reason: '', error: REFUND_MESSAGES.reasonRequired },
    { reason: '  \n ', error: REFUND_MESSAGES.reasonRequired },
    { reason: 'x'.repeat(501), error: REFUND_MESSAGES.reasonTooLong },
  ])('refuses $reason.length characters: $error', ({ reason, error }) => {
    expect(voidPlan(VISIT, reason)).toEqual({ error, canConfirm: false, body: null });
  });

  it('enables Confirm with a reason and sends it trimmed (line breaks kept inside)', () => {
    expect(voidPlan(VISIT, '  Entered twice\nby mistake ')).toEqual({
      error: undefined,
      canConfirm: true,
      body: { visitId: VISIT, reason: 'Entered twice\nby mistake' },
    });
  });
});

describe('voidExplanation', () => {
  it('names the money that moves to the unapplied balance', () => {
    expect(voidExplanation(1500)).toContain("The ₹1,500.00 already paid moves to the owner's unapplied balance");
    expect(voidExplanation(0)).toContain('Its charges are credited');
    expect(voidExplanation(0)).not.toContain('₹');
  });
});
