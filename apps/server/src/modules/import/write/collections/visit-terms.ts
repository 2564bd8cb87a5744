import { PAYMENT_TYPES, type PaymentType, type VetCustomerType } from '@pawdesk/shared';
import {
  customerClass,
  type NormalisedMethod,
  objectIdText,
  paymentMethod,
  subscriptionFlag,
  toBoolean,
} from '@pawdesk/shared/import/normalise';
import type { ImportContext } from '../context.ts';
import type { Fields } from '../values.ts';

/**
 * What a visit's free-form `details` (reference §4) say it sold and what was paid, read by one rule for every
 * purpose (docs/decisions.md "Importing visits and money"). Every value that had to be interpreted is listed with
 * the visit's id; nothing here writes.
 */
export interface VisitTerms {
  /** Any of the four spellings of the subscription flag said yes. */
  availed: boolean;
  /** A Buy / Renew Subscription visit (details.purpose). */
  sale: 'purchase' | 'renewal' | null;
  /** details.planId (a string in the original), as an id. */
  planId: string | null;
  /** The sale's charge: the final price. */
  chargePaise: number;
  discountPaise: number;
  /** Extra days beyond a stay's booking or subscription, charged apart (details.extradaysprice). */
  extraPaise: number;
  /** Paid when the visit was recorded. */
  paidNowPaise: number;
  /** Paid later, at `laterAt` (the remainder taken at check-out: details.leftpaymentdonetime). */
  paidLaterPaise: number;
  laterAt: Date | null;
  /** Of the extra days' charge, what was paid (details.extradayspricepaid), at `laterAt` or the visit's last update. */
  extraPaidPaise: number;
  method: NormalisedMethod;
  /** The remainder's Razorpay payment (details.payment.remainingAmountRazorpayId). */
  laterProviderPaymentId: string | null;
  paymentType: PaymentType | null;
  customerType: VetCustomerType | null;
  numberOfDays: number | null;
  note: string | null;
  /** The original recorded a price on a visit that used a subscription (counted for the report's summary). */
  pricedDespiteSubscription: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const rupees = (p: number) => `₹${(p / 100).toFixed(2)}`;

/** The original's `payment.paymentType` words, and the forms' selectedPaymentType, as Pawdesk's payment type. */
function paymentTypeOf(details: Record<string, unknown>, payment: Record<string, unknown> | null): PaymentType | null {
  const chosen = typeof details.selectedPaymentType === 'string' ? details.selectedPaymentType.trim() : '';
  if ((PAYMENT_TYPES as readonly string[]).includes(chosen)) return chosen as PaymentType;
  const word = typeof payment?.paymentType === 'string' ? payment.paymentType.trim().toLowerCase() : '';
  if (word === 'after' || word === 'payment_after_service') return 'payment_after_service';
  if (word === 'advance' || word === 'advance_payment') return 'advance_payment';
  if (word === 'partial' || word === 'partial_payment') return 'partial_payment';
  return null;
}

export function visitTerms(ctx: ImportContext, f: Fields, details: Record<string, unknown>): VisitTerms {
  const doc = f.doc;
  const d = (key: string) => details[key];
  const payment = isRecord(d('payment')) ? (d('payment') as Record<string, unknown>) : null;

  const flag = subscriptionFlag(details);
  if (flag.conflict) ctx.problem(doc, `details: the subscription flag ${flag.conflict}; taken as ${flag.availed ? 'yes' : 'no'}`);

  const purposeText = typeof d('purpose') === 'string' ? (d('purpose') as string).trim().toLowerCase() : '';
  const sale = purposeText === 'buy subscription' ? 'purchase' : purposeText === 'renew subscription' ? 'renewal' : null;
  const planRead = objectIdText(d('planId') ?? d('subscriptionPlan'));
  if (!planRead.ok) ctx.problem(doc, `details.planId: ${planRead.reason}; left out`);
  const planId = planRead.ok ? planRead.value : null;

  // ── the charge ──
  const finalPrice = f.paise('details.finalPrice', d('finalPrice'));
  const price = f.paise('details.price', d('price'));
  const initialPrice = f.paise('details.initialPrice', d('initialPrice'));
  let discountPaise = f.paise('details.discount', d('discount')) ?? 0;
  if (discountPaise < 0) {
    ctx.problem(doc, `details.discount: negative (${rupees(discountPaise)}); taken as none`);
    discountPaise = 0;
  }
  const items = Array.isArray(d('items')) ? (d('items') as unknown[]) : [];
  const itemsTotal = items.reduce<number>(
    (s, i) =>
      s +
      (isRecord(i)
        ? (f.paise('details.items.price', i.price) ?? 0) * Math.max(1, f.count('details.items.quantity', i.quantity) ?? 1)
        : 0),
    0,
  );
  let charge: number;
  if (finalPrice !== null) charge = finalPrice;
  else if (flag.availed) charge = 0;
  else if (initialPrice !== null) charge = price ?? initialPrice - discountPaise;
  else if (price !== null) charge = price - discountPaise;
  else {
    const calculated = f.paise('details.totalCalculatedPrice', d('totalCalculatedPrice'));
    charge = calculated ?? itemsTotal;
  }
  if (charge < 0) {
    ctx.problem(doc, `details: the price less the discount is ${rupees(charge)}; charged ₹0.00`);
    charge = 0;
  }
  const pricedDespiteSubscription = flag.availed && charge > 0;

  // ── what was paid ──
  let left = f.paise('details.paymentLeft', d('paymentLeft'));
  if (left === null && payment && toBoolean(payment.isPaid).ok && !(toBoolean(payment.isPaid) as { value: boolean }).value) {
    // No paymentLeft, and the payment says it is not paid: nothing was taken.
    left = charge;
  }
  left ??= 0;
  if (left < 0) {
    ctx.problem(doc, `details.paymentLeft: negative (${rupees(left)}); taken as nothing left to pay`);
    left = 0;
  }
  if (left > charge) {
    ctx.problem(
      doc,
      `details.paymentLeft: ${rupees(left)} is more than the charge ${rupees(charge)}; taken as nothing paid, ${rupees(charge)} owed`,
    );
    left = charge;
  }
  const paid = charge - left;
  const leftDoneAt = f.instant('details.leftpaymentdonetime', d('leftpaymentdonetime'));
  const paymentType = paymentTypeOf(details, payment);
  const paidAt = payment ? f.instant('details.payment.paidAt', payment.paidAt) : null;
  const isPaid = payment && toBoolean(payment.isPaid).ok ? (toBoolean(payment.isPaid) as { value: boolean }).value : null;
  let paidLater = 0;
  let laterAt: Date | null = null;
  if (paid > 0) {
    if (leftDoneAt) {
      laterAt = leftDoneAt;
      if (paymentType === 'payment_after_service') paidLater = paid;
      else {
        const remaining = payment ? (f.paise('details.payment.remainingAmount', payment.remainingAmount) ?? 0) : 0;
        paidLater = Math.max(0, Math.min(paid, remaining));
      }
    } else if (paymentType === 'payment_after_service' && isPaid && paidAt) {
      laterAt = paidAt;
      paidLater = paid;
    }
  }
  if (paidLater === 0) laterAt = null;

  // ── extra days ──
  let extraPaise = f.paise('details.extradaysprice', d('extradaysprice')) ?? 0;
  if (extraPaise < 0) {
    ctx.problem(doc, `details.extradaysprice: negative (${rupees(extraPaise)}); left out`);
    extraPaise = 0;
  }
  let extraPaidPaise = 0;
  const extraPaid = d('extradayspricepaid');
  if (extraPaise > 0 && extraPaid !== undefined && extraPaid !== null && extraPaid !== '') {
    // A yes/no (true, "Yes") says the whole extra was paid; a number (or numeric text) is the amount paid, in rupees.
    const word = typeof extraPaid === 'boolean' || typeof extraPaid === 'string' ? toBoolean(extraPaid) : undefined;
    if (word?.ok && typeof extraPaid !== 'string') extraPaidPaise = word.value ? extraPaise : 0;
    else if (word?.ok && !/^\s*\d/.test(extraPaid as string)) extraPaidPaise = word.value ? extraPaise : 0;
    else {
      const amount = f.paise('details.extradayspricepaid', extraPaid) ?? 0;
      extraPaidPaise = Math.max(0, Math.min(extraPaise, amount));
      if (amount > extraPaise) {
        ctx.problem(
          doc,
          `details.extradayspricepaid: ${rupees(amount)} is more than the extra days' ${rupees(extraPaise)}; taken as paid in full`,
        );
      }
    }
  }

  // ── how ──
  const m = paymentMethod('visit', d('selectedPayment'));
  const method: NormalisedMethod = m.ok
    ? m.value
    : { method: 'not_recorded', online: false, original: String(d('selectedPayment')) };
  if (!m.ok) ctx.problem(doc, `details.selectedPayment: ${m.reason}; recorded as not recorded`);
  const razorpay =
    payment && typeof payment.remainingAmountRazorpayId === 'string' ? payment.remainingAmountRazorpayId.trim() : '';

  let customerType: VetCustomerType | null = null;
  if (d('customerType') !== undefined && d('customerType') !== null && d('customerType') !== '') {
    const c = customerClass(d('customerType'));
    if (c.ok) customerType = c.value.vetCustomerType;
    else ctx.problem(doc, `details.customerType: ${c.reason}; left out`);
  }
  const note = f.optText('details.note', d('note'));
  return {
    availed: flag.availed,
    sale,
    planId,
    chargePaise: charge,
    discountPaise,
    extraPaise,
    paidNowPaise: paid - paidLater,
    paidLaterPaise: paidLater,
    laterAt,
    extraPaidPaise,
    method,
    laterProviderPaymentId: razorpay || null,
    paymentType,
    customerType,
    numberOfDays: f.count('details.numberOfDays', d('numberOfDays')),
    note,
    pricedDespiteSubscription,
  };
}
