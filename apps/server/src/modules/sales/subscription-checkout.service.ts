import {
  type CheckoutOrderResponse,
  CUSTOMER_PURCHASE_MESSAGES as M,
  type customerPlanOrderBody,
  SUBSCRIPTION_MESSAGES,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { assertMayServe } from '../donotserve/do-not-serve.service.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { createCheckoutOrder, registerCheckoutFulfiller } from '../payments/checkout-orders.service.ts';
import { ownerOfPet } from '../pets/pet-lookups.service.ts';
import { assertPetAccess } from '../pets/pets.service.ts';
import { liveSubscriptionOf } from '../subscriptions/subscriptions.service.ts';
import { buySubscriptionType, planOnOffer, sellPlanIn } from './subscription-sale.service.ts';

/**
 * A plan bought online by the customer (issue 16 "Customers paying online"; spec 001 §2 `/customer/buysubscription`):
 * `POST /customer/payment/create-order` makes a checkout order for the plan's price (the server's, never the
 * browser's) naming the pet and plan; nothing is sold until the payment is verified. Then the payments module calls
 * the 'subscription' fulfiller below exactly once (checkout callback, success address or webhook, whichever comes
 * first): it sells the plan as the desk would, paid by the captured payment, renewing the pet's live subscription
 * of the purpose, applied at once.
 */

type PlanOrderBody = z.output<typeof customerPlanOrderBody>;

/** Where a dismissed checkout sends the browser. */
export const PLAN_CHECKOUT_CANCEL_PATH = '/customer/buysubscription?cancelled=1';

const invalidPlan = () => badRequest(M.invalidPlan, { planId: M.invalidPlan });

export async function createPlanOrder(ctx: AppContext, who: Principal, b: PlanOrderBody): Promise<CheckoutOrderResponse> {
  const pet = await assertPetAccess(ctx.db, who, b.petId);
  // Do not serve: refused before the customer pays (the sale that fulfils a paid order is not refused). No order
  // exists yet, and only customers reach this route (who cannot override), so the pet names what was asked for.
  await assertMayServe(ctx, ctx.db, { ownerId: null, petIds: [pet.id] }, { kind: 'plan_order', id: pet.id });
  const offer = await planOnOffer(ctx.db, b.planId, M.invalidPlan, M.invalidPlan);
  if (!offer.typeOffered || offer.plan.pricePaise <= 0) throw invalidPlan();
  // Checked again when the payment arrives (the fulfiller then holds the money as unapplied): refused early here.
  const live = await liveSubscriptionOf(ctx.db, pet.id, offer.plan.visitTypeId);
  if (live?.awaitingPayment) throw conflict(SUBSCRIPTION_MESSAGES.awaitingPayment(offer.purpose));
  return createCheckoutOrder(ctx, {
    purpose: 'subscription',
    ownerId: await ownerOfPet(ctx.db, pet.id),
    userId: who.id,
    amountPaise: offer.plan.pricePaise,
    payload: { petId: pet.id, planId: offer.plan.id },
    description: `${offer.plan.name} for ${pet.name}`,
    cancelPath: PLAN_CHECKOUT_CANCEL_PATH,
  });
}

registerCheckoutFulfiller('subscription', async (ctx, tx, order, paid) => {
  const { petId, planId } = order.payload;
  if (!petId || !planId) throw badRequest(M.invalidPlan);
  // The pet must still be the order's owner's, the plan still on offer.
  if ((await ownerOfPet(tx, petId)) !== order.ownerId) throw badRequest('The pet is no longer registered to this customer');
  const { plan, purpose, typeOffered } = await planOnOffer(tx, planId, M.invalidPlan, M.invalidPlan);
  const buyType = await buySubscriptionType(tx);
  if (!typeOffered || !buyType) throw invalidPlan();
  const sold = await sellPlanIn(ctx, tx, order.ownerId, {
    petId,
    plan,
    purpose,
    buyType,
    userId: order.userId,
    // The price the order was made at (what the customer was shown and paid).
    pricePaise: order.amountPaise,
    payLater: false,
    pay: {
      paidNowPaise: paid.amountPaise,
      method: 'card',
      paymentType: null,
      provider: {
        provider: order.provider,
        providerOrderId: order.providerOrderId,
        providerPaymentId: paid.providerPaymentId,
        via: paid.via,
      },
    },
  });
  if (!sold.payment) throw new Error('checkout: the plan sale recorded no payment');
  return {
    paymentId: sold.payment.id,
    result: { visitId: sold.visit.id, subscriptionId: sold.soldSubscriptionId, renewed: String(sold.renewed) },
  };
});
