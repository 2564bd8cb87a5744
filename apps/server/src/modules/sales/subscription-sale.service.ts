import {
  type BuySubscriptionResponse,
  type buySubscriptionBody,
  SUBSCRIPTION_MESSAGES,
  toRupees,
  VISIT_MESSAGES,
  VISIT_TYPE_CODE,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { petExists } from '../pets/pet-lookups.service.ts';
import { planById, visitTypeByCode, visitTypeById } from '../visit-types/visit-types.service.ts';
import { checkAmount, saveAnswer, sellVisit } from './visit-sale.service.ts';
import { createSubscription, subscriptionById } from '../subscriptions/subscriptions.service.ts';

type BuySubscription = z.output<typeof buySubscriptionBody>;

/**
 * Buying a subscription at the desk (POST /subscription/buysubscription): in one transaction the subscription
 * (days left = the plan's duration, its grooming sessions, active, paid today), a Buy Subscription visit that sold
 * it at the plan's price, the charge and the payment. The price is the plan's; the client's must equal it.
 */
export async function buySubscription(ctx: AppContext, b: BuySubscription, userId: string): Promise<BuySubscriptionResponse> {
  const { db } = ctx;
  if (!(await petExists(db, b.petId))) throw badRequest(VISIT_MESSAGES.petMissing, { petId: VISIT_MESSAGES.petMissing });
  const plan = await planById(db, b.planId);
  if (!plan) throw badRequest(SUBSCRIPTION_MESSAGES.planRequired, { planId: SUBSCRIPTION_MESSAGES.planRequired });
  if (!plan.active) throw badRequest(SUBSCRIPTION_MESSAGES.planRetired, { planId: SUBSCRIPTION_MESSAGES.planRetired });
  const buyType = await visitTypeByCode(db, VISIT_TYPE_CODE['Buy Subscription']);
  // The form names the Buy Subscription purpose; a client may name the purpose the plan is for instead.
  if (!buyType?.active || (b.visitType !== buyType.id && b.visitType !== plan.visitTypeId)) {
    throw badRequest(VISIT_MESSAGES.invalidVisitType, { visitType: VISIT_MESSAGES.invalidVisitType });
  }
  const planType = await visitTypeById(db, plan.visitTypeId);
  const purpose = planType?.purpose ?? '';
  checkAmount('details.price', 'The plan price', plan.pricePaise, b.details.price);
  checkAmount('totalPrice', 'The total price', plan.pricePaise, b.totalPrice);

  const price = toRupees(plan.pricePaise);
  const sold = await sellVisit(ctx, {
    petId: b.petId,
    type: buyType,
    userId,
    pricePaise: plan.pricePaise,
    discountPaise: 0,
    details: {
      purpose: buyType.purpose,
      planId: plan.id,
      planName: plan.name,
      subscriptionType: purpose,
      duration: plan.durationDays,
      numberOfGroomings: plan.numberOfGroomings,
      initialPrice: price,
      discount: 0,
      price,
      finalPrice: price,
      isSubscriptionAvailed: false,
    },
    pay: { paidNowPaise: plan.pricePaise, method: b.details.selectedPayment, paymentType: null },
    prepare: async (tx) => {
      const sub = await createSubscription(tx, { petId: b.petId, plan, purpose, today: ctx.clock.today() });
      return { soldSubscriptionId: sub.id };
    },
  });
  const subscription = await subscriptionById(db, sold.soldSubscriptionId!);
  const { price: _p, duration: _d, ...details } = subscription!;
  const paidNow = sold.payment === null || sold.payment.status === 'completed';
  const answer = saveAnswer(sold, paidNow ? SUBSCRIPTION_MESSAGES.purchased : SUBSCRIPTION_MESSAGES.purchasedPending);
  return { ...answer, subscription: details };
}
