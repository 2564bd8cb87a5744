import {
  type boardingVisitBody,
  boardingPrice,
  bookingCount,
  bookingLine,
  finalPrice,
  formatINR,
  isRuleError,
  type PaymentType,
  paymentSplit,
  type schoolVisitBody,
  toPaise,
  toRupees,
  VISIT_MESSAGES,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { staySettings } from '../site/settings.service.ts';
import { requireHeldSubscription } from '../subscriptions/subscriptions.service.ts';
import type { VisitTypeRow } from '../visit-types/visit-types.service.ts';
import { checkAmount } from './visit-sale.service.ts';
import { checkDiscount, methodOf, pricedSale, save, saleTarget } from './new-visit.service.ts';

/**
 * The New Visit saves that board the pet for days: Hostel and Day Care ((daily price − discount) × days, or 0
 * with the pet's subscription; the payment type decides what is paid now), Day School and Play School (only with
 * the pet's subscription; nothing to pay). Each boards the pet in the same transaction.
 */

type BoardingVisit = z.output<typeof boardingVisitBody>;
type SchoolVisit = z.output<typeof schoolVisitBody>;

const LEFT = 'details.paymentLeft';

/**
 * What is paid now of `totalPaise`, by payment type: advance all, partial the total less `paymentLeft` (more than
 * 0, at most the total), after service nothing. Without a payment type (the existing hostel form) `paymentLeft`
 * says what is left, and so what was paid now; absent, nothing was paid now.
 */
export function paidNow(
  totalPaise: number,
  type: PaymentType | null | undefined,
  paymentLeft: number | undefined,
): { paidNowPaise: number; paymentType: PaymentType | null } {
  if (totalPaise === 0) {
    checkAmount(LEFT, 'Payment left', 0, paymentLeft);
    return { paidNowPaise: 0, paymentType: type ?? null };
  }
  const leftPaise = paymentLeft === undefined ? undefined : toPaise(paymentLeft);
  if (leftPaise !== undefined && leftPaise > totalPaise) {
    const message = `Payment left cannot be more than the total of ${formatINR(toRupees(totalPaise))}`;
    throw badRequest(message, { [LEFT]: message }, { expectedFinalPrice: toRupees(totalPaise) });
  }
  if (!type) {
    const left = leftPaise ?? totalPaise;
    const derived: PaymentType =
      left === 0 ? 'advance_payment' : left === totalPaise ? 'payment_after_service' : 'partial_payment';
    return { paidNowPaise: totalPaise - left, paymentType: derived };
  }
  if (type === 'partial_payment' && leftPaise === undefined) {
    throw badRequest(VISIT_MESSAGES.partialMissing, { [LEFT]: VISIT_MESSAGES.partialMissing });
  }
  const split = paymentSplit(type, totalPaise, totalPaise - (leftPaise ?? 0));
  if (isRuleError(split)) throw badRequest(split.message, { [LEFT]: split.message });
  checkAmount(LEFT, 'Payment left', split.paymentLeftPaise, paymentLeft, totalPaise);
  return { paidNowPaise: split.paidNowPaise, paymentType: type };
}

/** Who called: the existing web client (no Idempotency-Key) or Pawdesk's screens. */
export interface SaleCaller {
  existingClient: boolean;
}

/** 400 unless a half day can be sold: the type has a half-day price, one day, no subscription. */
function checkHalfDay(type: VisitTypeRow, d: BoardingVisit['details']) {
  const refuse = (message: string) => badRequest(message, { 'details.halfDay': message });
  if (type.halfdayPricePaise <= 0) throw refuse(HALF_DAY_MESSAGES.noPrice(type.purpose));
  if (d.isSubscriptionAvailed) throw refuse(HALF_DAY_MESSAGES.subscription);
  if (d.numberOfDays !== 1) throw refuse(HALF_DAY_MESSAGES.oneDay);
}

export const HALF_DAY_MESSAGES = {
  noPrice: (purpose: string) => `${purpose} has no half-day price. Set one on the Prices screen or sell a full day.`,
  subscription: 'A half day is paid at its price; a subscription covers full days.',
  oneDay: 'A half day is one day: set the number of days to 1.',
} as const;

/**
 * Hostel and Day Care: (daily price − discount) × days, or 0 with the pet's subscription; a half day is the type's
 * half-day price less the discount (issue 18). The answer says what the stay covers under the business's rule.
 */
async function addStay(ctx: AppContext, b: BoardingVisit, userId: string, code: 'hostel' | 'day_care', caller?: SaleCaller) {
  const type = await saleTarget(ctx.db, b, code);
  const d = b.details;
  const halfDay = d.halfDay === true;
  if (halfDay) checkHalfDay(type, d);
  const dayPricePaise = halfDay ? type.halfdayPricePaise : type.pricePaise;
  const discountPaise = checkDiscount(dayPricePaise, d.discount);
  const held = d.isSubscriptionAvailed
    ? await requireHeldSubscription(ctx.db, b.petId, type, d.planId, ctx.clock.today())
    : undefined;
  const total = halfDay
    ? finalPrice(dayPricePaise, discountPaise)
    : boardingPrice(type.pricePaise, discountPaise, d.numberOfDays, Boolean(held));
  checkAmount('details.finalPrice', 'The final price', total, d.finalPrice);
  const p = { basePaise: dayPricePaise, discountPaise: held ? 0 : discountPaise, totalPaise: total, held };
  const method = methodOf(d.selectedPayment);
  const settings = await staySettings(ctx.db);
  const count = bookingCount(ctx.clock.now(), d.numberOfDays, settings, { tz: ctx.config.tz, halfDay });
  const answer = await save(
    ctx,
    pricedSale(b, type, userId, p, method, {
      numberOfDays: d.numberOfDays,
      boardingDays: d.numberOfDays,
      halfDay,
      details: { numberOfDays: d.numberOfDays, ...(halfDay ? { halfDay: true } : {}) },
      pay: { ...paidNow(total, d.selectedPaymentType, d.paymentLeft), method },
      admissionAcknowledged: d.admissionAcknowledged,
      existingClient: caller?.existingClient,
    }),
  );
  const stay = {
    halfDay,
    units: count.units,
    unit: count.unit,
    label: bookingLine(count, settings),
    firstDay: count.firstDay,
    lastDay: count.lastDay,
  };
  return { ...answer, stay };
}

export const addHostelVisit = (ctx: AppContext, b: BoardingVisit, userId: string, caller?: SaleCaller) =>
  addStay(ctx, b, userId, 'hostel', caller);
export const addDayCareVisit = (ctx: AppContext, b: BoardingVisit, userId: string, caller?: SaleCaller) =>
  addStay(ctx, b, userId, 'day_care', caller);

const SCHOOL_MESSAGES = { pet: VISIT_MESSAGES.invalidPet, type: VISIT_MESSAGES.invalidVisitType };

async function addSchool(
  ctx: AppContext,
  b: SchoolVisit,
  userId: string,
  code: 'day_school' | 'play_school',
  caller?: SaleCaller,
) {
  const type = await saleTarget(ctx.db, b, code, SCHOOL_MESSAGES);
  if (!b.isSubscriptionAvailed) {
    throw badRequest(VISIT_MESSAGES.subscriptionRequired, { isSubscriptionAvailed: VISIT_MESSAGES.subscriptionRequired });
  }
  const held = await requireHeldSubscription(ctx.db, b.petId, type, b.planId, ctx.clock.today());
  const p = { basePaise: type.pricePaise, discountPaise: 0, totalPaise: 0, held };
  return save(
    ctx,
    pricedSale(b, type, userId, p, 'not_recorded', {
      numberOfDays: 1,
      boardingDays: 1,
      details: { numberOfDays: 1 },
      admissionAcknowledged: b.admissionAcknowledged,
      existingClient: caller?.existingClient,
    }),
  );
}

export const addDaySchoolVisit = (ctx: AppContext, b: SchoolVisit, userId: string, caller?: SaleCaller) =>
  addSchool(ctx, b, userId, 'day_school', caller);
export const addPlaySchoolVisit = (ctx: AppContext, b: SchoolVisit, userId: string, caller?: SaleCaller) =>
  addSchool(ctx, b, userId, 'play_school', caller);
