import { NOTHING_REFUNDABLE, REFUND_MESSAGES } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import {
  amountTooHigh,
  CANCEL_MESSAGES,
  type CancelFormValues,
  cancelPlan as planOf,
  EMPTY_CANCEL_FORM,
  initialCancelForm,
  overrideStart,
  type PlanQuote,
  refundSources,
} from './cancel-plan';

const CASH = { _id: 'p-cash', method: 'cash' as const, refundable: 10000, receiptNo: '2026-27/000007' };
const CARD = { _id: 'p-card', method: 'card' as const, refundable: 15000, receiptNo: '2026-27/000008' };

/** The policy's own example: ₹25,000 paid and cancelled within the window → ₹17,500 back, ₹7,500 kept. */
const POLICY_EXAMPLE: PlanQuote = {
  withinPolicy: true,
  cancelled: 25000,
  paid: 25000,
  deduction: 7500,
  credit: 17500,
  refund: 17500,
  kept: 7500,
  message: null,
  payments: [CARD, CASH],
};

const VISIT = '650000000000000000000010';
const cancelPlan = (quote: PlanQuote, values: CancelFormValues) => planOf(VISIT, quote, values);
const form = (o: Partial<CancelFormValues> = {}): CancelFormValues => ({ ...EMPTY_CANCEL_FORM, ...o });

describe('cancelPlan without an override', () => {
  it("shows the quote's figures and enables Confirm once a reason is given", () => {
    const empty = cancelPlan(POLICY_EXAMPLE, form());
    expect(empty).toMatchObject({ credit: 17500, refund: 17500, kept: 7500, canConfirm: false, nothingRefundable: null });
    expect(empty.errors).toEqual({ reason: CANCEL_MESSAGES.reason });

    // Blank text is no reason.
    expect(cancelPlan(POLICY_EXAMPLE, form({ reason: '   ' })).canConfirm).toBe(false);
    const ready = cancelPlan(POLICY_EXAMPLE, form({ reason: 'Owner moved away' }));
    expect(ready).toMatchObject({ canConfirm: true, blocked: null, errors: {}, overriding: false, mustOverride: false });
  });

  it('an unpaid sale cancels without a refund: Nothing is refundable, Confirm still credits the charge', () => {
    const unpaid: PlanQuote = { ...POLICY_EXAMPLE, cancelled: 700, paid: 0, deduction: 0, credit: 700, refund: 0, kept: 0 };
    const plan = cancelPlan(unpaid, form({ reason: 'Booked by mistake' }));
    expect(plan.nothingRefundable).toBe(NOTHING_REFUNDABLE);
    expect(plan.sources).toEqual([]);
    expect(plan).toMatchObject({ credit: 700, refund: 0, canConfirm: true });
  });

  it("a sale the deduction eats whole: 'Nothing is refundable under the policy' and Confirm off until an override", () => {
    const eaten: PlanQuote = {
      ...POLICY_EXAMPLE,
      cancelled: 4000,
      paid: 4000,
      deduction: 4000,
      credit: 0,
      refund: 0,
      kept: 4000,
      message: NOTHING_REFUNDABLE,
    };
    const plan = cancelPlan(eaten, form({ reason: 'Changed plans' }));
    expect(plan.nothingRefundable).toBe('Nothing is refundable under the policy');
    expect(plan).toMatchObject({ canConfirm: false, blocked: CANCEL_MESSAGES.nothingToCancel });

    const overridden = cancelPlan(
      eaten,
      form({ reason: 'Changed plans', override: true, amount: 1000, overrideReason: 'Goodwill' }),
    );
    expect(overridden).toMatchObject({ canConfirm: true, blocked: null, refund: 1000, kept: 3000, credit: 1000 });
  });

  it('outside the window the override is the only way', () => {
    const late: PlanQuote = { ...POLICY_EXAMPLE, withinPolicy: false, deduction: 0, credit: 0, refund: 0, kept: 25000 };
    const plan = cancelPlan(late, form({ reason: 'Late request' }));
    expect(plan).toMatchObject({ mustOverride: true, overriding: true, canConfirm: false });
    expect(plan.errors).toEqual({ amount: CANCEL_MESSAGES.amount, overrideReason: CANCEL_MESSAGES.overrideReason });

    const overridden = cancelPlan(late, form({ reason: 'Late request', amount: 5000, overrideReason: 'Hospitalised' }));
    expect(overridden).toMatchObject({ canConfirm: true, refund: 5000, kept: 20000, credit: 5000 });
    const padded = cancelPlan(late, form({ reason: ' Late request ', amount: 5000, overrideReason: ' Hospitalised ' }));
    expect(padded.body).toEqual({
      visitId: VISIT,
      reason: 'Late request',
      refundAmount: 5000,
      overrideReason: 'Hospitalised',
    });
  });
});

describe('the override amount', () => {
  const overriding = (amount: number | string) =>
    cancelPlan(POLICY_EXAMPLE, form({ reason: 'Owner moved away', override: true, amount, overrideReason: 'Regular client' }));

  it.each([
    { amount: 0, ok: true, refund: 0, kept: 25000 },
    { amount: 25000, ok: true, refund: 25000, kept: 0 },
    { amount: 12345.67, ok: true, refund: 12345.67, kept: 12654.33 },
    { amount: 25000.01, ok: false, error: amountTooHigh(25000) },
    { amount: '', ok: false, error: CANCEL_MESSAGES.amount },
    { amount: -1, ok: false, error: CANCEL_MESSAGES.amount },
    { amount: 10.005, ok: false, error: CANCEL_MESSAGES.amountDecimals },
  ])('₹$amount: allowed $ok', ({ amount, ok, refund, kept, error }) => {
    const plan = overriding(amount);
    expect(plan.canConfirm).toBe(ok);
    expect(plan.errors.amount).toBe(error);
    if (ok) expect(plan).toMatchObject({ refund, kept, maxOverride: 25000 });
  });

  it('names the limit: what was paid', () => {
    expect(amountTooHigh(25000)).toBe('A refund cannot exceed what was paid on the sale (₹25,000.00)');
  });

  it('the credit is what was cancelled less what is kept, never below 0 nor above the amount cancelled', () => {
    // Part paid: ₹25,000 cancelled, ₹10,000 paid; refunding all ₹10,000 keeps nothing, so the whole charge is credited.
    const part: PlanQuote = { ...POLICY_EXAMPLE, paid: 10000, credit: 17500, refund: 2500, kept: 7500 };
    const plan = (amount: number) => cancelPlan(part, form({ reason: 'r', override: true, amount, overrideReason: 'o' }));
    expect(plan(10000)).toMatchObject({ credit: 25000, refund: 10000, kept: 0 });
    expect(plan(2500)).toMatchObject({ credit: 17500, refund: 2500, kept: 7500 });
    expect(plan(0)).toMatchObject({ credit: 15000, refund: 0, kept: 10000 });
  });

  it('needs a reason of its own', () => {
    const plan = cancelPlan(POLICY_EXAMPLE, form({ reason: 'r', override: true, amount: 100, overrideReason: ' ' }));
    expect(plan).toMatchObject({ canConfirm: false, errors: { overrideReason: CANCEL_MESSAGES.overrideReason } });
  });

  it('sends the policy amount when not overriding (no refundAmount in the body)', () => {
    const plan = cancelPlan(POLICY_EXAMPLE, form({ reason: 'r', amount: 100, overrideReason: 'ignored' }));
    expect(plan.body).toEqual({
      visitId: VISIT,
      reason: 'r',
    });
  });
});

describe('refundSources', () => {
  it('takes the payments in the order the quote lists them, each up to what is left of it', () => {
    expect(refundSources(POLICY_EXAMPLE, 17500 * 100)).toEqual([
      { paymentId: 'p-card', method: 'card', receiptNo: '2026-27/000008', amount: 15000, throughProvider: true },
      { paymentId: 'p-cash', method: 'cash', receiptNo: '2026-27/000007', amount: 2500, throughProvider: false },
    ]);
    expect(refundSources(POLICY_EXAMPLE, 500 * 100)).toEqual([
      { paymentId: 'p-card', method: 'card', receiptNo: '2026-27/000008', amount: 500, throughProvider: true },
    ]);
  });

  it('skips a payment already refunded and marks link money as going through the provider', () => {
    const quote = {
      payments: [
        { ...CARD, refundable: 0 },
        { _id: 'p-link', method: 'payment_link' as const, refundable: 300.5, receiptNo: null },
        CASH,
      ],
    };
    expect(refundSources(quote, 40050)).toEqual([
      { paymentId: 'p-link', method: 'payment_link', receiptNo: null, amount: 300.5, throughProvider: true },
      { paymentId: 'p-cash', method: 'cash', receiptNo: '2026-27/000007', amount: 100, throughProvider: false },
    ]);
  });
});

describe('what Confirm refuses whatever is typed', () => {
  it('a sale already cancelled: nothing left to cancel, override or not', () => {
    const done: PlanQuote = { ...POLICY_EXAMPLE, cancelled: 0, paid: 7500, deduction: 0, credit: 0, refund: 0, kept: 7500 };
    const plain = cancelPlan(done, form({ reason: 'again' }));
    expect(plain).toMatchObject({ canConfirm: false, blocked: CANCEL_MESSAGES.alreadyCancelled, body: null });
    const overridden = cancelPlan(done, form({ reason: 'again', override: true, amount: 100, overrideReason: 'o' }));
    expect(overridden).toMatchObject({ canConfirm: false, blocked: CANCEL_MESSAGES.alreadyCancelled, body: null });
  });

  it('reasons the shared schema refuses: too long, control characters', () => {
    const long = cancelPlan(POLICY_EXAMPLE, form({ reason: 'x'.repeat(501) }));
    expect(long).toMatchObject({ canConfirm: false, errors: { reason: REFUND_MESSAGES.reasonTooLong } });
    const control = cancelPlan(POLICY_EXAMPLE, form({ reason: 'ok', override: true, amount: 1, overrideReason: 'a\u0007b' }));
    expect(control.canConfirm).toBe(false);
    expect(control.errors.overrideReason).toBe('Must not contain control characters');
  });
});

describe('initialCancelForm', () => {
  it('within the window: empty, no override', () => {
    expect(initialCancelForm(POLICY_EXAMPLE)).toEqual(EMPTY_CANCEL_FORM);
    expect(overrideStart(POLICY_EXAMPLE)).toBe(17500);
  });

  it("outside it: the override on, from the policy's refund without its window", () => {
    const late: PlanQuote = {
      ...POLICY_EXAMPLE,
      withinPolicy: false,
      deduction: 0,
      credit: 0,
      refund: 0,
      kept: 25000,
      override: { deduction: 7500, credit: 17500, refund: 17500, kept: 7500 },
    };
    const start = initialCancelForm(late);
    expect(start).toEqual({ ...EMPTY_CANCEL_FORM, override: true, amount: 17500 });
    // Only the override reason is left to give (with the cancellation's reason).
    expect(cancelPlan(late, { ...start, reason: 'r' }).errors).toEqual({ overrideReason: CANCEL_MESSAGES.overrideReason });
    expect(cancelPlan(late, { ...start, reason: 'r', overrideReason: 'o' })).toMatchObject({ canConfirm: true, refund: 17500 });
  });
});
