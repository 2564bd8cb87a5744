import {
  type boardingVisitBody,
  boardingPrice,
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
import { requireHeldSubscription } from '../subscriptions/subscriptions.service.ts';
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

async function addStay(ctx: AppContext, b: BoardingVisit, userId: string, code: 'hostel' | 'day_care', caller?: SaleCaller) {
  const type = await saleTarget(ctx.db, b, code);
  const d = b.details;
  const discountPaise = checkDiscount(type.pricePaise, d.discount);
  const held = d.isSubscriptionAvailed
    ? await requireHeldSubscription(ctx.db, b.petId, type, d.planId, ctx.clock.today())
    : undefined;
  const total = boardingPrice(type.pricePaise, discountPaise, d.numberOfDays, Boolean(held));
  checkAmount('details.finalPrice', 'The final price', total, d.finalPrice);
  const p = { basePaise: type.pricePaise, discountPaise: held ? 0 : discountPaise, totalPaise: total, held };
  const method = methodOf(d.selectedPayment);
  return save(
    ctx,
    pricedSale(b, type, userId, p, method, {
      numberOfDays: d.numberOfDays,
      boardingDays: d.numberOfDays,
      details: { numberOfDays: d.numberOfDays },
      pay: { ...paidNow(total, d.selectedPaymentType, d.paymentLeft), method },
      admissionAcknowledged: d.admissionAcknowledged,
      existingClient: caller?.existingClient,
    }),
  );
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
