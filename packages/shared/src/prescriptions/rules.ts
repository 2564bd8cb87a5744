/**
 * Prescription rules (spec 000 §5 and §9): the four sections and their
 * message variants, pricing by customer type, stock against the sum of all
 * rows of an item, and the follow-up rule. Pure functions, no I/O.
 */
import type { CustomerType } from '../catalog.ts';
import { addDays } from '../dates.ts';

export const PRESCRIPTION_SECTIONS = ['items', 'tablets', 'mg', 'ml'] as const;
export type PrescriptionSection = (typeof PRESCRIPTION_SECTIONS)[number];

/** Title of each section on the form, the row label in messages ('Item #2') and the noun of the select message. */
export const SECTION_INFO: Record<PrescriptionSection, { title: string; label: string; noun: string }> = {
  items: { title: 'Items', label: 'Item', noun: 'item' },
  tablets: { title: 'Tablets', label: 'Tablet', noun: 'tablet' },
  mg: { title: 'Mg Items', label: 'MG Item', noun: 'MG item' },
  ml: { title: 'Ml Items', label: 'ML Item', noun: 'ML item' },
};

export const RX_MESSAGES = {
  petRequired: 'A pet must be selected. Please select a pet before proceeding.',
  petNotFound: 'The selected pet does not exist. Please select a pet before proceeding.',
  customerTypeRequired: 'Please select a customer type.',
  atLeastOneRow: 'Please add at least one medication (Item, Tablet, MG, or ML) before proceeding.',
  followUpDate: 'Follow-up date is required when scheduling follow-up',
  followUpTime: 'Follow-up time is required when scheduling follow-up',
  followUpPurpose: 'Follow-up purpose is required when scheduling follow-up',
  followUpDateInvalid: 'Follow-up date must be a valid date (yyyy-MM-dd)',
  followUpTimeInvalid: 'Follow-up time must be a valid time (HH:mm)',
  followUpNotFuture: 'Follow-up date must be tomorrow or later',
  paymentMethod: 'Please select payment method',
  totalRequired: 'Total price is required',
  saved: 'Payment Done Successfully! Prescription saved.',
  savedWithoutPayment: 'Prescription saved successfully!',
  /** Saved with a payment link: the money is asked for, not received (the link is emailed to the owner). */
  savedLinkSent: 'Prescription saved. A payment link for the total was sent to the owner.',
  savedLinkNoEmail: 'Prescription saved. The owner has no email address: share the payment link with them.',
  savedLinkFailed:
    'Prescription saved with the amount due, but the payment link could not be created. Send it again from the pet’s visits.',
  saveFailed: (message: string) => `Payment successful but failed to save prescription: ${message}`,
  saveError: 'Payment successful but error saving prescription',
  spinner: 'Adding prescription...',
} as const;

/** 'Please select a valid item for Item #1' (tablet / MG item / ML item variants). */
export function selectItemMessage(section: PrescriptionSection, n: number): string {
  const s = SECTION_INFO[section];
  return `Please select a valid ${s.noun} for ${s.label} #${n}`;
}

/** 'Please enter a valid quantity for Item #1' (Tablet / MG Item / ML Item variants). */
export function quantityMessage(section: PrescriptionSection, n: number): string {
  return `Please enter a valid quantity for ${SECTION_INFO[section].label} #${n}`;
}

/** 'Item #1: Only 5 units available for Amoxicillin' (Tablet / MG Item / ML Item variants). */
export function stockMessage(section: PrescriptionSection, n: number, stock: number, name: string): string {
  return `${SECTION_INFO[section].label} #${n}: Only ${stock} units available for ${name}`;
}

/** The note under the live total. */
export function pricingNote(customerType: CustomerType): 'NGO Pricing' | 'Standard Pricing' {
  return customerType === 'NGO' ? 'NGO Pricing' : 'Standard Pricing';
}

/** Unit prices of an item in paise: the NGO minimum and the customer maximum retail price. */
export interface UnitPricesPaise {
  ngo: number;
  customer: number;
}

/** NGO pays the NGO minimum retail price; every other customer type the customer maximum (spec 000 §9). */
export function unitPricePaise(prices: UnitPricesPaise, customerType: CustomerType): number {
  return customerType === 'NGO' ? prices.ngo : prices.customer;
}

/** The total in paise: the sum of unit price times quantity over every row of the four sections. */
export function prescriptionTotalPaise(
  lines: readonly { prices: UnitPricesPaise | undefined; quantity: number }[],
  customerType: CustomerType,
): number {
  let total = 0;
  for (const l of lines) {
    if (!l.prices || !Number.isInteger(l.quantity) || l.quantity <= 0) continue;
    total += unitPricePaise(l.prices, customerType) * l.quantity;
  }
  return total;
}

/** A row of the form in the order the sections appear: `index` is 0-based within its section. */
export interface RxRow {
  section: PrescriptionSection;
  index: number;
  id: string;
  quantity: number;
}

/** Quantities needed per item: every row of the same item counts, whatever its section. */
export function quantityByItem(rows: readonly Pick<RxRow, 'id' | 'quantity'>[]): Map<string, number> {
  const need = new Map<string, number>();
  for (const r of rows) need.set(r.id, (need.get(r.id) ?? 0) + r.quantity);
  return need;
}

export interface StockShortage {
  section: PrescriptionSection;
  index: number;
  itemId: string;
  available: number;
  message: string;
}

/**
 * The first row at which the running sum of an item's quantities exceeds its
 * stock, with the spec's message for that row; null when everything fits.
 */
export function findStockShortage(
  rows: readonly RxRow[],
  stock: ReadonlyMap<string, { stock: number; itemName: string }>,
): StockShortage | null {
  const used = new Map<string, number>();
  for (const r of rows) {
    const item = stock.get(r.id);
    if (!item) continue;
    const sum = (used.get(r.id) ?? 0) + r.quantity;
    used.set(r.id, sum);
    if (sum > item.stock) {
      return {
        section: r.section,
        index: r.index,
        itemId: r.id,
        available: item.stock,
        message: stockMessage(r.section, r.index + 1, item.stock, item.itemName),
      };
    }
  }
  return null;
}

export interface FollowUpFields {
  nextFollowUp?: string | null;
  followUpTime?: string | null;
  followUpPurpose?: string | null;
}

const blank = (s: string | null | undefined) => s === undefined || s === null || s.trim() === '';

/** All three follow-up fields or none: the messages for the missing ones when any is filled. */
export function followUpIssues(f: FollowUpFields): { field: keyof FollowUpFields; message: string }[] {
  const filled = [f.nextFollowUp, f.followUpTime, f.followUpPurpose].some((v) => !blank(v));
  if (!filled) return [];
  const issues: { field: keyof FollowUpFields; message: string }[] = [];
  if (blank(f.nextFollowUp)) issues.push({ field: 'nextFollowUp', message: RX_MESSAGES.followUpDate });
  if (blank(f.followUpTime)) issues.push({ field: 'followUpTime', message: RX_MESSAGES.followUpTime });
  if (blank(f.followUpPurpose)) issues.push({ field: 'followUpPurpose', message: RX_MESSAGES.followUpPurpose });
  return issues;
}

/** The earliest follow-up date: tomorrow in the business time zone. */
export function earliestFollowUpDate(today: string): string {
  return addDays(today, 1);
}

/** A follow-up must fall on tomorrow or later (both `yyyy-MM-dd`). */
export function isFollowUpDateAllowed(date: string, today: string): boolean {
  return date >= earliestFollowUpDate(today);
}
