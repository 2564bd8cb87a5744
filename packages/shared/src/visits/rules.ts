/**
 * Pricing rules of the New Visit screen and of boarding (spec 001 §5 and §9), in integer paise.
 * One rule set: the web app previews with it, the server recomputes with it and decides.
 */
import { daysBetween } from '../dates.ts';
import { formatINR, perUnitPaise, toRupees } from '../money.ts';
import { gstLine } from '../tax/gst.ts';

export const VISIT_MESSAGES = {
  petMissing: 'A pet must be selected. Please select a pet before proceeding.',
  visitTypeMissing: 'Visit type is missing. Please try again.',
  invalidPet: 'Invalid pet ID. Please select a pet before proceeding.',
  invalidVisitType: 'Invalid visit type. Please try again.',
  subscriptionRequired: 'avail subscription then save visit',
  discountNegative: 'Discount cannot be negative',
  days: 'Please enter a valid number of days (minimum 1).',
  checkBox: 'Please check the box',
  paymentMethod: 'Please select payment method',
  missingInfo: 'Missing required information. Please try again.',
  inquiryNote: 'Inquiry description is required',
  planRequired: 'Please select a subscription plan.',
  noPet: 'No Pet Choosen',
  noVisit: 'No Visit Choosen , First Choose a visit .',
  customerType: 'Customer Type Not Choosen',
  partialTooHigh: 'The amount paid now cannot exceed the total',
  partialMissing: 'Enter the amount paid now',
  shopEmpty: 'Add at least one item',
} as const;

/** 'Discount cannot exceed service price of ₹{price}' */
export const discountTooHighMessage = (pricePaise: number) =>
  `Discount cannot exceed service price of ${formatINR(toRupees(pricePaise))}`;

/** A rule failure: which field and the message to show. */
export interface RuleError {
  field: string;
  message: string;
}

/** Checks a discount against the price it reduces; null when acceptable. */
export function discountError(pricePaise: number, discountPaise: number, field = 'discount'): RuleError | null {
  if (discountPaise < 0) return { field, message: VISIT_MESSAGES.discountNegative };
  if (discountPaise > pricePaise) return { field, message: discountTooHighMessage(pricePaise) };
  return null;
}

/** Final price: price minus discount, floored at 0, and 0 when a subscription is used. */
export function finalPrice(pricePaise: number, discountPaise: number, subscriptionUsed = false): number {
  if (subscriptionUsed) return 0;
  return Math.max(0, pricePaise - Math.max(0, discountPaise));
}

/** Veterinary customer types as the existing client sends them, and the consultation price each picks. */
export const VET_CUSTOMER_TYPES = ['pvtltd', 'pvtltd Emergency', 'NGO', 'NGO Emergency'] as const;
export type VetCustomerType = (typeof VET_CUSTOMER_TYPES)[number];
export const VET_CUSTOMER_TYPE_LABEL: Record<VetCustomerType, string> = {
  pvtltd: 'Pvt Ltd',
  'pvtltd Emergency': 'Pvt Ltd (Emergency)',
  NGO: 'NGO',
  'NGO Emergency': 'NGO (Emergency)',
};

export interface ConsultationPrices {
  consultationPvtPaise: number;
  consultationPvtEmergencyPaise: number;
  consultationNgoPaise: number;
  consultationNgoEmergencyPaise: number;
}

export function consultationPrice(prices: ConsultationPrices, customerType: VetCustomerType): number {
  switch (customerType) {
    case 'pvtltd':
      return prices.consultationPvtPaise;
    case 'pvtltd Emergency':
      return prices.consultationPvtEmergencyPaise;
    case 'NGO':
      return prices.consultationNgoPaise;
    case 'NGO Emergency':
      return prices.consultationNgoEmergencyPaise;
  }
}

/** Boarding: (daily price − discount) × days, 0 when a subscription is used. Days must be a whole number ≥ 1. */
export function boardingPrice(dailyPaise: number, discountPaise: number, days: number, subscriptionUsed = false): number {
  if (subscriptionUsed) return 0;
  return finalPrice(dailyPaise, discountPaise) * days;
}

export function daysError(days: unknown, field = 'numberOfDays'): RuleError | null {
  return typeof days === 'number' && Number.isInteger(days) && days >= 1 ? null : { field, message: VISIT_MESSAGES.days };
}

export const PAYMENT_TYPE_LABEL = {
  advance_payment: 'Advance Payment',
  partial_payment: 'Partial Payment',
  payment_after_service: 'Payment After Service',
} as const;
export type PaymentTypeCode = keyof typeof PAYMENT_TYPE_LABEL;

/**
 * What is paid now and what is left, by payment type: advance pays all now; partial pays `paidNowPaise`
 * (more than 0, at most the total); after service pays nothing now.
 */
export function paymentSplit(
  type: PaymentTypeCode,
  totalPaise: number,
  paidNowPaise = 0,
): { paidNowPaise: number; paymentLeftPaise: number } | RuleError {
  switch (type) {
    case 'advance_payment':
      return { paidNowPaise: totalPaise, paymentLeftPaise: 0 };
    case 'payment_after_service':
      return { paidNowPaise: 0, paymentLeftPaise: totalPaise };
    case 'partial_payment':
      if (!(paidNowPaise > 0)) return { field: 'amountPaid', message: VISIT_MESSAGES.partialMissing };
      if (paidNowPaise > totalPaise) return { field: 'amountPaid', message: VISIT_MESSAGES.partialTooHigh };
      return { paidNowPaise, paymentLeftPaise: totalPaise - paidNowPaise };
  }
}

export const isRuleError = (v: unknown): v is RuleError => typeof v === 'object' && v !== null && 'message' in v && 'field' in v;

/** A shop line as priced: the unit price and how many (absent or null means 1, as the existing client sends items). */
export interface ShopLineLike {
  pricePaise: number;
  quantity?: number | null;
}

/** What a shop line charges: quantity × unit price (a missing quantity is 1). */
export function shopLinePaise(line: ShopLineLike): number {
  return (line.quantity ?? 1) * line.pricePaise;
}

/** The shop total: the sum of the lines' quantity × price. The server charges it, the New Visit form previews it. */
export function shopTotal(items: readonly ShopLineLike[]): number {
  return items.reduce((sum, i) => sum + shopLinePaise(i), 0);
}

/** Days a boarding has lasted: the entry day counts as day 1 (dates in the business time zone). */
export function actualDays(entryDate: string, today: string): number {
  return Math.max(1, daysBetween(entryDate, today) + 1);
}

/**
 * What a stay costs beyond what was booked (spec 001 §9).
 * - Without a subscription: extra days beyond the booked days at finalPrice ÷ booked days per day.
 * - With a subscription: days within the days left are free; days beyond them cost
 *   (plan price ÷ plan duration − discount) per day, floored at 0.
 * The daily rate is rounded once, to the paisa (perUnitPaise), and the charge is exactly extra days × that rate,
 * so the line an invoice or the Deboard page shows (days × rate = amount) always adds up.
 */
export function extraDaysCharge(
  stay: { actualDays: number; bookedDays: number; finalPricePaise: number },
  subscription?: { daysLeft: number; planPricePaise: number; planDurationDays: number; discountPaise: number },
): { extraDays: number; ratePaise: number; chargePaise: number; subscriptionDaysUsed: number } {
  if (subscription) {
    const used = Math.min(stay.actualDays, subscription.daysLeft);
    const extraDays = stay.actualDays - used;
    const ratePaise =
      subscription.planDurationDays > 0
        ? Math.max(0, perUnitPaise(subscription.planPricePaise, subscription.planDurationDays) - subscription.discountPaise)
        : 0;
    return { extraDays, ratePaise, chargePaise: extraDays * ratePaise, subscriptionDaysUsed: used };
  }
  const extraDays = Math.max(0, stay.actualDays - stay.bookedDays);
  const ratePaise = stay.bookedDays > 0 ? perUnitPaise(stay.finalPricePaise, stay.bookedDays) : 0;
  return { extraDays, ratePaise, chargePaise: extraDays * ratePaise, subscriptionDaysUsed: 0 };
}

/** What a visit type or item says about GST, as the pricing rules need it. */
export interface TaxTerms {
  gstRatePercent: number;
  gstExempt: boolean;
  priceIncludesTax: boolean;
}

/**
 * What the customer pays for `netPaise` of price (issue 17): a price that includes GST (the default), an exempt
 * supply or a 0 % rate is paid as it is; a price EXCLUSIVE of GST is paid with its GST on top, computed by the one
 * per-line rule (`gstLine`, rounded to the paisa). Apply it per line, to the line's amount after its discount, so
 * what is charged equals the line's total on the tax invoice.
 */
export function grossOfTax(netPaise: number, ratePercent: number, includesTax: boolean, exempt: boolean): number {
  if (includesTax || exempt || ratePercent === 0 || netPaise === 0) return netPaise;
  return gstLine({ unitPricePaise: netPaise, quantity: 1, ratePercent, priceIncludesTax: false, interState: false }).totalPaise;
}

/** `grossOfTax` with a visit type's or item's terms (none: the price is charged as it is). */
export function grossWithTerms(netPaise: number, terms: TaxTerms | null | undefined): number {
  return terms ? grossOfTax(netPaise, terms.gstRatePercent, terms.priceIncludesTax, terms.gstExempt) : netPaise;
}
