import {
  type BuySubscriptionResponse,
  type buySubscriptionBody,
  formatINR,
  SUBSCRIPTION_MESSAGES,
  toRupees,
  VISIT_MESSAGES,
  VISIT_TYPE_CODE,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import { lockLedger } from '../payments/payments.service.ts';
import { ownerOfPet, petExists } from '../pets/pet-lookups.service.ts';
import { claimSubscription, recordPlanSale } from '../subscriptions/subscription-purchases.service.ts';
import { subscriptionById } from '../subscriptions/subscriptions.service.ts';
import { type PlanRow, planById, type VisitTypeRow, visitTypeByCode, visitTypeById } from '../visit-types/visit-types.service.ts';
import { checkAmount, type SoldVisit, saveAnswer, sellVisitIn, type VisitSale } from './visit-sale.service.ts';

type BuySubscription = z.output<typeof buySubscriptionBody>;

/** The visit's purpose text (details.purpose) of a renewal; a first purchase is the Buy Subscription purpose's. */
export const RENEW_SUBSCRIPTION = 'Renew Subscription';

/** Card and payment-link money arrives later: what they sell waits for it (unless staff chose 'pay later'). */
const LATER_METHODS: readonly string[] = ['card', 'payment_link'];

export interface PlanSale {
  petId: string;
  plan: PlanRow;
  /** The purpose the plan is for (its visit type's name). */
  purpose: string;
  /** The Buy Subscription visit type. */
  buyType: VisitTypeRow;
  userId: string;
  /** The price sold at, paise (the plan's; an online order keeps the price it was created at). */
  pricePaise: number;
  payLater: boolean;
  pay: VisitSale['pay'];
}

export type SoldPlan = SoldVisit & {
  renewed: boolean;
  soldSubscriptionId: string;
  /** Applied now (paid now or 'pay later'); false: waiting for its money. */
  applied: boolean;
};

/**
 * Sells a plan inside the caller's money transaction (the owner's ledger lock is held): the pet's live subscription
 * of the purpose is renewed (or a new one made), a Buy Subscription visit ('Renew Subscription' in its details for a
 * renewal) sells it at the price, its charge and payment go to the ledger, and its history event is written. Money
 * taken now (cash, wallet, a captured online payment) or 'pay later' applies it at once; a card or payment link
 * leaves it waiting for its money (sales/subscription-activation.service.ts applies it when the sale is paid in full).
 */
export async function sellPlanIn(ctx: AppContext, tx: DbOrTx, ownerId: string, s: PlanSale): Promise<SoldPlan> {
  const claim = await claimSubscription(tx, { petId: s.petId, plan: s.plan, purpose: s.purpose });
  const applyNow = s.payLater || Boolean(s.pay.provider) || !LATER_METHODS.includes(s.pay.method);
  const price = toRupees(s.pricePaise);
  const sold = await sellVisitIn(
    ctx,
    tx,
    {
      petId: s.petId,
      type: s.buyType,
      userId: s.userId,
      pricePaise: s.pricePaise,
      discountPaise: 0,
      details: {
        purpose: claim.renewed ? RENEW_SUBSCRIPTION : s.buyType.purpose,
        planId: s.plan.id,
        planName: s.plan.name,
        subscriptionType: s.purpose,
        duration: s.plan.durationDays,
        numberOfGroomings: s.plan.numberOfGroomings,
        validityInDays: s.plan.validityDays,
        initialPrice: price,
        discount: 0,
        price,
        finalPrice: price,
        isSubscriptionAvailed: false,
        payLater: s.payLater,
      },
      pay: s.pay,
      prepare: async () => ({ soldSubscriptionId: claim.row.id }),
      finish: async (t, visit) => {
        await recordPlanSale(t, {
          claim,
          visitId: visit.id,
          plan: s.plan,
          pricePaise: s.pricePaise,
          payLater: s.payLater,
          applyNow,
          userId: s.userId,
          today: ctx.clock.today(),
          now: ctx.clock.now(),
        });
      },
    },
    ownerId,
  );
  return { ...sold, soldSubscriptionId: claim.row.id, renewed: claim.renewed, applied: applyNow };
}

/** The plan a sale names, on offer, and its purpose; 400 with the field's message otherwise. */
export async function planOnOffer(
  db: DbOrTx,
  planId: string,
  unknown: string = SUBSCRIPTION_MESSAGES.planRequired,
  retired: string = SUBSCRIPTION_MESSAGES.planRetired,
) {
  const plan = await planById(db, planId);
  if (!plan) throw badRequest(unknown, { planId: unknown });
  if (!plan.active) throw badRequest(retired, { planId: retired });
  const type = await visitTypeById(db, plan.visitTypeId);
  return { plan, purpose: type?.purpose ?? '', typeOffered: Boolean(type?.active) };
}

/** The Buy Subscription visit type (the purpose every plan sale's visit is recorded under). */
export async function buySubscriptionType(db: DbOrTx): Promise<VisitTypeRow | undefined> {
  const t = await visitTypeByCode(db, VISIT_TYPE_CODE['Buy Subscription']);
  return t?.active ? t : undefined;
}

/** How the desk's choice is paid now: the full price, nothing for cash 'pay later', the wallet's allocation. */
function deskPayment(b: BuySubscription, pricePaise: number): VisitSale['pay'] {
  const method = b.details.selectedPayment;
  if (method === 'wallet') {
    if (b.details.payLater)
      throw badRequest(SUBSCRIPTION_MESSAGES.payLaterWallet, { 'details.payLater': SUBSCRIPTION_MESSAGES.payLaterWallet });
    return { paidNowPaise: pricePaise, method: 'wallet', paymentType: null };
  }
  const paidNow = method === 'cash' && b.details.payLater ? 0 : pricePaise;
  return { paidNowPaise: paidNow, method, paymentType: null };
}

/** The answer's message: paid and applied, sold 'pay later' (what is owed), or waiting for its money. */
function answerMessage(sold: SoldPlan, pricePaise: number): string {
  const paidPaise = sold.payment?.status === 'completed' ? sold.payment.amountPaise : 0;
  const M = SUBSCRIPTION_MESSAGES;
  if (!sold.applied) return sold.renewed ? M.renewedAwaiting : M.purchasedAwaiting;
  if (paidPaise < pricePaise) {
    const owed = formatINR(toRupees(pricePaise - paidPaise));
    return sold.renewed ? M.renewedPayLater(owed) : M.purchasedPayLater(owed);
  }
  return sold.renewed ? M.renewed : M.purchased;
}

/**
 * Buying a subscription at the desk (POST /subscription/buysubscription): one transaction sells the plan
 * (`sellPlanIn`: a purchase, or a renewal of the pet's live subscription of the purpose). The price is the plan's;
 * the client's `details.price` must equal it, and so must `totalPrice` unless the existing client's 0 (or nothing)
 * is sent (docs/decisions.md "buysubscription's totalPrice 0").
 */
export async function buySubscription(ctx: AppContext, b: BuySubscription, userId: string): Promise<BuySubscriptionResponse> {
  const { db } = ctx;
  if (!(await petExists(db, b.petId))) throw badRequest(VISIT_MESSAGES.petMissing, { petId: VISIT_MESSAGES.petMissing });
  const { plan, purpose } = await planOnOffer(db, b.planId);
  const buyType = await buySubscriptionType(db);
  // The form names the Buy Subscription purpose; a client may name the purpose the plan is for instead.
  if (!buyType || (b.visitType !== buyType.id && b.visitType !== plan.visitTypeId)) {
    throw badRequest(VISIT_MESSAGES.invalidVisitType, { visitType: VISIT_MESSAGES.invalidVisitType });
  }
  checkAmount('details.price', 'The plan price', plan.pricePaise, b.details.price);
  if (b.totalPrice) checkAmount('totalPrice', 'The total price', plan.pricePaise, b.totalPrice);

  const payLater = b.details.payLater === true;
  const ownerId = await ownerOfPet(db, b.petId);
  const sale: PlanSale = {
    petId: b.petId,
    plan,
    purpose,
    buyType,
    userId,
    pricePaise: plan.pricePaise,
    payLater,
    pay: deskPayment(b, plan.pricePaise),
  };
  const inTx = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [ownerId]);
    return sellPlanIn(ctx, tx, ownerId, sale);
  });
  const sold = { ...inTx, ...(await sendLinkAfterCommit(ctx, inTx.payment)) };
  const subscription = await subscriptionById(db, sold.soldSubscriptionId);
  const { price: _p, duration: _d, ...details } = subscription!;
  return { ...saveAnswer(sold, answerMessage(sold, plan.pricePaise)), subscription: details, renewed: sold.renewed };
}
