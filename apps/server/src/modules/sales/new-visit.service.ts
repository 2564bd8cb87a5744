import {
  consultationPrice,
  discountError,
  finalPrice,
  ADD_VISIT_MESSAGES,
  type addVisitBody,
  type groomingVisitBody,
  INQUIRY_FOLLOW_UP_PAST,
  type inquiryVisitBody,
  isInquiryFollowUpDateAllowed,
  type LedgerMethod,
  PURPOSES,
  type SaveVisitResponse,
  type shopVisitBody,
  shopTotal,
  toPaise,
  toRupees,
  type dogParkVisitBody,
  type veterinaryVisitBody,
  VISIT_MESSAGES,
  VISIT_TYPE_CODE,
  type SalePaymentMethod,
  SHOP_MESSAGES,
  type ShopStockShortage,
  shopStockShortage,
  unitPricePaise,
  WALK_IN_MESSAGES,
  type VetCustomerType,
  type VisitTypeCode,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { activeItemsById, type ItemRow, takeStock } from '../inventory/inventory.service.ts';
import { scheduleFollowUp } from '../followups/followups.service.ts';
import { petExists } from '../pets/pet-lookups.service.ts';
import { type HeldSubscription, requireHeldSubscription, useGroomingSession } from '../subscriptions/subscriptions.service.ts';
import {
  consultationPrices,
  offeredVisitTypes,
  requireVisitType,
  type VisitTypeRow,
} from '../visit-types/visit-types.service.ts';
import { amountMismatch, checkAmount, saveAnswer, saveMessage, sellVisit, type VisitSale } from './visit-sale.service.ts';

/**
 * The New Visit saves of the purposes that do not board the pet: Inquiry, Veterinary, Grooming, Shop and the
 * generic purposes; and Dog Park, which boards for the day. Every amount is recomputed from the server's prices
 * (the visit type's as it is now); a client amount that differs is refused with the expected amount.
 * Hostel, Day Care and the schools are in boarding-visits.service.ts.
 */

type Parsed<T extends z.ZodType> = z.output<T>;

/** Purposes with their own endpoint; `addvisit` saves the others. */
export const DEDICATED_CODES: readonly string[] = Object.values(VISIT_TYPE_CODE);

const purposeOf = (code: string) => PURPOSES.find((p) => VISIT_TYPE_CODE[p] === code) ?? code;

interface TargetMessages {
  pet: string;
  type: string;
}
const DEFAULT_MESSAGES: TargetMessages = { pet: VISIT_MESSAGES.petMissing, type: VISIT_MESSAGES.invalidVisitType };

/**
 * The pet and visit type a save names: the pet must exist (else 400 with the spec's pet message), the type must
 * be on offer and be this endpoint's purpose (a purpose sent to another purpose's endpoint is a 400).
 */
export async function saleTarget(
  db: DbOrTx,
  b: { petId: string; visitType: string },
  code: VisitTypeCode | 'generic',
  msgs: TargetMessages = DEFAULT_MESSAGES,
): Promise<VisitTypeRow> {
  if (!(await petExists(db, b.petId))) throw badRequest(msgs.pet, { petId: msgs.pet });
  const type = await requireVisitType(db, b.visitType, msgs.type);
  const wrong =
    code === 'generic'
      ? DEDICATED_CODES.includes(type.code) && `${type.purpose} visits are saved with their own form.`
      : type.code !== code && `This form saves ${purposeOf(code)} visits, not ${type.purpose}.`;
  if (wrong) throw badRequest(wrong, { visitType: wrong });
  return type;
}

/** The method of money taken now; a method the client did not name is recorded as not recorded. */
export const methodOf = (m: SalePaymentMethod | null | undefined): LedgerMethod | 'wallet' | 'stay_bill' => m ?? 'not_recorded';

/** 400 with the spec's message when the discount is above the price it reduces. */
export function checkDiscount(pricePaise: number, discount: number): number {
  const discountPaise = toPaise(discount);
  const err = discountError(pricePaise, discountPaise, 'details.discount');
  if (err) throw badRequest(err.message, { [err.field]: err.message });
  return discountPaise;
}

/** Sells the visit and answers with the spec's message. */
export async function save(ctx: AppContext, sale: VisitSale): Promise<SaveVisitResponse> {
  const sold = await sellVisit(ctx, sale);
  return saveAnswer(sold, saveMessage(sale.type, sold.payment, sold.appointment?.appliedPaise));
}

/** The prices of a sale: the price before the discount, the discount and the final price (paise). */
export interface Pricing {
  basePaise: number;
  discountPaise: number;
  totalPaise: number;
  /** The subscription the visit uses (the final price is then 0). */
  held?: HeldSubscription;
}

/**
 * Price − discount (0 with a subscription). The discount may not exceed the price; the client's price before the
 * discount and final price, when sent, must equal the server's (`fields` names them in the request).
 */
export function priceLessDiscount(
  basePaise: number,
  discount: number,
  claimed: { price?: number | null; finalPrice?: number | null },
  fields: { price: string; finalPrice: string } = { price: 'details.price', finalPrice: 'details.finalPrice' },
  held?: HeldSubscription,
): Pricing {
  const discountPaise = checkDiscount(basePaise, discount);
  const totalPaise = finalPrice(basePaise, discountPaise, Boolean(held));
  checkAmount(fields.price, 'The price', basePaise, claimed.price, totalPaise);
  checkAmount(fields.finalPrice, 'The final price', totalPaise, claimed.finalPrice);
  return { basePaise, discountPaise: held ? 0 : discountPaise, totalPaise, held };
}

/**
 * A sale of one purpose: the visit at the final price, its details (what was sold, in rupees), paid now in full
 * with `method` unless `extra.pay` says otherwise.
 */
export function pricedSale(
  b: { petId: string | null },
  type: VisitTypeRow,
  userId: string,
  p: Pricing,
  method: LedgerMethod | 'wallet' | 'stay_bill',
  extra: Partial<VisitSale> = {},
): VisitSale {
  const { details, pay, ...rest } = extra;
  return {
    petId: b.petId,
    type,
    userId,
    pricePaise: p.totalPaise,
    discountPaise: p.discountPaise,
    isSubscriptionAvailed: Boolean(p.held),
    subscriptionId: p.held?.row.id ?? null,
    ...rest,
    details: {
      purpose: type.purpose,
      initialPrice: toRupees(p.basePaise),
      discount: toRupees(p.discountPaise),
      price: toRupees(p.totalPaise),
      finalPrice: toRupees(p.totalPaise),
      isSubscriptionAvailed: Boolean(p.held),
      ...(p.held ? { planId: p.held.plan.id, subscriptionId: p.held.row.id } : {}),
      ...details,
    },
    pay: { paidNowPaise: p.totalPaise, method, paymentType: null, ...pay },
  };
}

const FREE: Pricing = { basePaise: 0, discountPaise: 0, totalPaise: 0 };

/** Inquiry: costs nothing; may schedule a follow-up (today or later) that attendance and reminders list. */
export async function addInquiryVisit(ctx: AppContext, b: Parsed<typeof inquiryVisitBody>, userId: string) {
  const type = await saleTarget(ctx.db, b, 'inquiry');
  if (b.nextFollowUp && !isInquiryFollowUpDateAllowed(b.nextFollowUp, ctx.clock.today())) {
    throw badRequest(INQUIRY_FOLLOW_UP_PAST, { nextFollowUp: INQUIRY_FOLLOW_UP_PAST });
  }
  const followUp = b.nextFollowUp ? { date: b.nextFollowUp, time: b.followUpTime, purpose: b.followUpPurpose! } : null;
  return save(
    ctx,
    pricedSale(b, type, userId, FREE, 'not_recorded', {
      note: b.note,
      details: {
        note: b.note,
        nextFollowUp: followUp?.date ?? null,
        followUpTime: followUp?.time ?? null,
        followUpPurpose: followUp?.purpose ?? null,
      },
      finish: async (tx, visit) => {
        if (followUp) await scheduleFollowUp(tx, { petId: b.petId, ...followUp, source: 'inquiry', sourceId: visit.id });
      },
    }),
  );
}

/** Dog Park: the type's price less the discount (`price` is the price after it), paid now; boards for the day. */
export async function addDogParkVisit(
  ctx: AppContext,
  b: Parsed<typeof dogParkVisitBody>,
  userId: string,
  caller?: { existingClient: boolean },
) {
  const type = await saleTarget(ctx.db, b, 'dog_park');
  const d = b.details;
  const p = priceLessDiscount(
    type.pricePaise,
    d.discount,
    { price: d.initialPrice, finalPrice: d.price },
    { price: 'details.initialPrice', finalPrice: 'details.price' },
  );
  return save(
    ctx,
    pricedSale(b, type, userId, p, d.selectedPayment, {
      numberOfDays: 1,
      boardingDays: 1,
      admissionAcknowledged: b.admissionAcknowledged === true || d.admissionAcknowledged === true || undefined,
      existingClient: caller?.existingClient,
      appointmentId: b.appointmentId ?? null,
    }),
  );
}

/** Veterinary: the consultation price of the customer type, less the discount, floored at 0. */
export async function addVeterinaryVisit(ctx: AppContext, b: Parsed<typeof veterinaryVisitBody>, userId: string) {
  const type = await saleTarget(ctx.db, b, 'veterinary');
  const d = b.details;
  const p = priceLessDiscount(consultationPrice(consultationPrices(type), b.customerType), d.discount, d);
  return save(
    ctx,
    pricedSale(b, type, userId, p, methodOf(d.selectedPayment), {
      customerType: b.customerType,
      details: { customerType: b.customerType },
      appointmentId: b.appointmentId ?? null,
    }),
  );
}

/** Grooming: the price less the discount, or 0 with the pet's grooming subscription, which uses one session. */
export async function addGroomingVisit(ctx: AppContext, b: Parsed<typeof groomingVisitBody>, userId: string) {
  const type = await saleTarget(ctx.db, b, 'grooming');
  const d = b.details;
  const held = d.isSubscriptionAvailed
    ? await requireHeldSubscription(ctx.db, b.petId, type, d.planId, ctx.clock.today())
    : undefined;
  const p = priceLessDiscount(type.pricePaise, d.discount, d, undefined, held);
  return save(
    ctx,
    pricedSale(b, type, userId, p, methodOf(d.selectedPayment), {
      finish: held ? (tx) => useGroomingSession(tx, held.row.id, ctx.clock.now()) : undefined,
      appointmentId: b.appointmentId ?? null,
    }),
  );
}

/**
 * Shop: free lines (the existing client's items: name and price, quantity × price, a missing quantity is 1) and stock
 * lines (issue 18: an inventory item and a quantity, at the item's customer or NGO price by `customerType`, as
 * prescriptions price them). The total is their sum and must equal the client's. The stock lines are taken from
 * stock in the sale's transaction, after the owner's ledger lock, item rows in id order (as a prescription does),
 * each with a stock movement 'sold' naming the visit; a sale beyond the stock is refused (409, the prescription
 * messages' style) and writes nothing. A walk-in sale (`walkIn`, no pet) is sold to the Walk-in customer.
 */
export async function addShopVisit(
  ctx: AppContext,
  b: Parsed<typeof shopVisitBody>,
  userId: string,
  /** A step of the caller's in the sale's transaction (issue 20: the care task a house dose is charged for). */
  hooks: { finish?: VisitSale['finish'] } = {},
) {
  const buyer = b.walkIn ? { name: b.walkIn.name, phone: b.walkIn.phone ?? null } : null;
  const type = buyer
    ? await walkInShopType(ctx.db, b.visitType)
    : await saleTarget(ctx.db, { petId: b.petId!, visitType: b.visitType }, 'shop');
  if (buyer && b.details.selectedPayment === 'wallet') {
    throw badRequest(WALK_IN_MESSAGES.noWallet, { 'details.selectedPayment': WALK_IN_MESSAGES.noWallet });
  }
  const free = b.items.map((i) => ({ ...i, quantity: i.quantity ?? 1, pricePaise: toPaise(i.price) }));
  const stock = b.stockItems;
  const ids = [...new Set(stock.map((l) => l.itemId))].sort();
  const known = await activeItemsById(ctx.db, ids);
  for (const [i, l] of stock.entries()) {
    if (!known.has(l.itemId))
      throw badRequest(SHOP_MESSAGES.selectItem(i + 1), { [`stockItems.${i}.itemId`]: SHOP_MESSAGES.selectItem(i + 1) });
  }
  const unitsOf = (items: ReadonlyMap<string, ItemRow>) =>
    stock.map((l) => unitPricePaise(itemPrices(items.get(l.itemId)!), b.customerType));
  const units = unitsOf(known);
  const totalOf = (u: readonly number[]) => shopTotal(free) + stock.reduce((sum, l, i) => sum + u[i]! * l.quantity, 0);
  const total = totalOf(units);
  for (const [i, l] of stock.entries()) {
    checkAmount(`stockItems.${i}.price`, `The price of Stock item #${i + 1}`, units[i]!, l.price, total);
  }
  checkAmount('details.totalCalculatedPrice', 'The total', total, b.details.totalCalculatedPrice);
  const short = shopStockShortage(stock, stockView(known));
  if (short) throw stockShortage(short);

  const visitId = newId();
  const need = new Map<string, number>();
  for (const l of stock) need.set(l.itemId, (need.get(l.itemId) ?? 0) + l.quantity);
  const p: Pricing = { basePaise: total, discountPaise: 0, totalPaise: total };
  return save(
    ctx,
    pricedSale({ petId: b.petId ?? null }, type, userId, p, b.details.selectedPayment, {
      visitId,
      buyer,
      ...(stock.length ? { customerType: b.customerType } : {}),
      details: {
        totalCalculatedPrice: toRupees(total),
        ...(stock.length ? { customerType: b.customerType } : {}),
        ...(buyer ? { walkIn: buyer } : {}),
      },
      items: [
        ...stock.map((l, i) => {
          const item = known.get(l.itemId)!;
          return {
            kind: 'shop',
            itemId: item.id,
            name: item.itemName,
            quantity: l.quantity,
            unit: item.stockUnit,
            pricePaise: units[i]!,
            category: null,
          };
        }),
        ...free.map((l) => ({
          kind: 'shop',
          name: l.name,
          quantity: l.quantity,
          unit: l.unit,
          pricePaise: l.pricePaise,
          category: l.category,
        })),
      ],
      // After the owner's ledger lock, before the visit is written: the stock, item rows in id order.
      prepare: async (tx) => {
        const locked = new Map<string, ItemRow>();
        for (const id of ids) {
          const row = await takeStock(tx, { itemId: id, quantity: need.get(id)!, reason: 'sold', refId: visitId, userId });
          if (!row) {
            const now = await activeItemsById(tx, [id]);
            const i = stock.findIndex((l) => l.itemId === id);
            if (!now.has(id))
              throw badRequest(SHOP_MESSAGES.selectItem(i + 1), { [`stockItems.${i}.itemId`]: SHOP_MESSAGES.selectItem(i + 1) });
            throw stockShortage(shopStockShortage(stock, stockView(now)));
          }
          locked.set(id, row);
        }
        // The prices are locked now: a price edited since the check changes the total.
        const lockedTotal = totalOf(unitsOf(locked));
        if (lockedTotal !== total) {
          throw amountMismatch('details.totalCalculatedPrice', 'The total', lockedTotal, b.details.totalCalculatedPrice);
        }
        return undefined;
      },
      finish: hooks.finish,
    }),
  );
}

const itemPrices = (i: ItemRow) => ({ ngo: i.unitMinRetailNgoPaise, customer: i.unitMaxRetailCustomerPaise });
const stockView = (items: ReadonlyMap<string, ItemRow>) =>
  new Map([...items].map(([id, i]) => [id, { stock: i.stock, itemName: i.itemName }]));

/** A stock line beyond the stock: 409 with the prescription messages' style and what is available. */
function stockShortage(s: ShopStockShortage | null): AppError {
  if (!s) return new AppError(409, SHOP_MESSAGES.stockChanged);
  return new AppError(409, s.message, { [`stockItems.${s.index}.quantity`]: s.message }, { available: s.available });
}

/** The visit type of a walk-in sale: on offer, and the Shop's (a walk-in buys only from the shop). */
async function walkInShopType(db: DbOrTx, visitType: string): Promise<VisitTypeRow> {
  const type = await requireVisitType(db, visitType, VISIT_MESSAGES.invalidVisitType);
  if (type.code !== VISIT_TYPE_CODE.Shop) throw badRequest(WALK_IN_MESSAGES.onlyShop, { visitType: WALK_IN_MESSAGES.onlyShop });
  return type;
}

/**
 * POST /visit/addvisit. Pawdesk's body: any other purpose on offer (no endpoint of its own), the type's price less
 * the discount. The salesSection's body (`visitForm`): see `addSalesSectionVisit`.
 */
export async function addGenericVisit(ctx: AppContext, b: Parsed<typeof addVisitBody>, userId: string) {
  if (b.visitType === undefined && b.visitForm) return addSalesSectionVisit(ctx, { ...b, visitForm: b.visitForm }, userId);
  const type = await saleTarget(ctx.db, { petId: b.petId, visitType: b.visitType! }, 'generic');
  const d = b.details;
  const p = priceLessDiscount(type.pricePaise, d.discount, d);
  return save(ctx, pricedSale(b, type, userId, p, methodOf(d.selectedPayment), { appointmentId: b.appointmentId ?? null }));
}

/**
 * The existing client's generic save from /staff/salesSection (issue 17; docs/compatibility.md `POST /visit/addvisit`):
 * `visitForm.purpose` names the visit type (its purpose, any case; unknown → 400); Veterinary is priced by the
 * customer type ('Customer' = 'pvtltd'), a purpose without its own endpoint at the type's price; other purposes have
 * their own forms (400). The form carries no payment method: nothing is paid, the whole charge is due. It sends no
 * items, so `totalPrice` (the client's sum of its items) is 0 or absent; the server's price is also accepted; any
 * other amount is a 400 with the expected one. A follow-up (all three fields, today or later) is scheduled.
 */
async function addSalesSectionVisit(
  ctx: AppContext,
  b: Parsed<typeof addVisitBody> & { visitForm: NonNullable<Parsed<typeof addVisitBody>['visitForm']> },
  userId: string,
) {
  const f = b.visitForm;
  const wanted = f.purpose.trim().toLowerCase();
  const offered = (await offeredVisitTypes(ctx.db)).find((t) => t.purpose.trim().toLowerCase() === wanted);
  if (!offered) {
    const msg = ADD_VISIT_MESSAGES.unknownPurpose(f.purpose);
    throw badRequest(msg, { 'visitForm.purpose': msg });
  }
  const isVet = offered.code === VISIT_TYPE_CODE.Veterinary;
  const type = await saleTarget(ctx.db, { petId: b.petId, visitType: offered._id }, isVet ? 'veterinary' : 'generic');
  let basePaise = type.pricePaise;
  let customerType: VetCustomerType | null = null;
  if (isVet) {
    if (!f.customerType) throw badRequest(VISIT_MESSAGES.customerType, { 'visitForm.customerType': VISIT_MESSAGES.customerType });
    customerType = f.customerType === 'Customer' ? 'pvtltd' : f.customerType;
    basePaise = consultationPrice(consultationPrices(type), customerType);
  }
  if (b.totalPrice !== undefined && b.totalPrice !== null && toPaise(b.totalPrice) !== 0) {
    checkAmount('totalPrice', 'The total price', basePaise, b.totalPrice);
  }
  if (f.nextFollowUp && !isInquiryFollowUpDateAllowed(f.nextFollowUp, ctx.clock.today())) {
    throw badRequest(INQUIRY_FOLLOW_UP_PAST, { 'visitForm.nextFollowUp': INQUIRY_FOLLOW_UP_PAST });
  }
  const followUp = f.nextFollowUp ? { date: f.nextFollowUp, time: f.followUpTime, purpose: f.followUpPurpose! } : null;
  const p: Pricing = { basePaise, discountPaise: 0, totalPaise: basePaise };
  return save(
    ctx,
    pricedSale(b, type, userId, p, 'not_recorded', {
      ...(customerType ? { customerType } : {}),
      details: {
        ...(customerType ? { customerType } : {}),
        nextFollowUp: followUp?.date ?? null,
        followUpTime: followUp?.time ?? null,
        followUpPurpose: followUp?.purpose ?? null,
      },
      pay: { paidNowPaise: 0, method: 'not_recorded', paymentType: 'payment_after_service' },
      appointmentId: b.appointmentId ?? null,
      finish: async (tx, visit) => {
        if (followUp) await scheduleFollowUp(tx, { petId: b.petId, ...followUp, source: 'visit', sourceId: visit.id });
      },
    }),
  );
}
