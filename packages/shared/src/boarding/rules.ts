/**
 * What a stay owes when the pet leaves (spec 001 §4 and §9), in integer paise: the extra days and their charge,
 * the subscription days the stay uses, and what is due with the ledger's balance. Pure: the server decides with
 * it, the Deboard page shows the same numbers.
 */
import { perUnitPaise } from '../money.ts';
import { actualDays, extraDaysCharge } from '../visits/rules.ts';

/** Boarding codes whose stays are charged for days beyond the booked ones without a subscription. */
export const EXTRA_DAY_CODES: readonly string[] = ['hostel', 'day_care'];
/** Dog park is a day visit: never extra days. */
export const NO_EXTRA_DAY_CODES: readonly string[] = ['dog_park'];

/** The subscription the stay uses, as bought (its price and duration are the purchase's snapshot). */
export interface QuoteSubscription {
  daysLeft: number;
  pricePaise: number;
  durationDays: number;
  discountPaise: number;
}

export interface QuotePackage {
  /** The days the package paid for this pet (charged from the wallet day by day, shortly after each midnight). */
  daysCovered: number;
  /** The boarding type's price per day. */
  dayPricePaise: number;
}

/** The account's ledger totals (ledgerBalance of the boarding's and its visit's entries). */
export interface QuoteLedger {
  chargedPaise: number;
  paidPaise: number;
  duePaise: number;
  creditPaise: number;
  pendingPaise: number;
}

export interface DeboardQuoteInput {
  bookedDays: number;
  /** The entry day and today, `yyyy-MM-dd` in the business time zone (dateInTz of the entry instant, todayIn). */
  entryDate: string;
  today: string;
  /** The visit's final price (0 with a subscription). */
  finalPricePaise: number;
  /** The boarding type's code: hostel, day_care, day_school, play_school, dog_park. */
  code: string;
  /** Extra-day charges already in the ledger (boardings.extra_charged_paise). */
  extraPostedPaise: number;
  subscription: QuoteSubscription | null;
  /**
   * A boarding package's stay (sold at ₹0; the wallet pays its days one by one): the days the package covers, and
   * the boarding type's day price for each day beyond them (the package stopped for low balance, the pet was taken
   * off it, or it stayed longer than the package).
   */
  package?: QuotePackage | null;
  ledger: QuoteLedger;
  /** A closed boarding: what was decided when it left (its numbers stand; nothing more is charged). */
  closed?: { extraDays: number; subscriptionDaysUsed: number } | null;
}

export interface DeboardQuoteNumbers {
  actualDays: number;
  bookedDays: number;
  extraDays: number;
  /** Per extra day, rounded once to the paisa (perUnitPaise); extraChargePaise is extraDays × this rate. */
  extraDayRatePaise: number;
  extraChargePaise: number;
  extraChargePostedPaise: number;
  /** The part of the extra charge not in the ledger yet (never negative). */
  unpostedPaise: number;
  subscriptionDaysUsed: number;
  chargedPaise: number;
  paidPaise: number;
  pendingPaise: number;
  /** Everything charged plus the unposted extra, less what was paid (credit counts); never below 0. */
  duePaise: number;
}

function extra(i: DeboardQuoteInput, days: number) {
  const none = { extraDays: 0, ratePaise: 0, chargePaise: 0, subscriptionDaysUsed: 0 };
  if (NO_EXTRA_DAY_CODES.includes(i.code)) return none;
  if (i.package) {
    const n = Math.max(0, days - i.package.daysCovered);
    const rate = i.package.dayPricePaise;
    return { extraDays: n, ratePaise: n > 0 ? rate : 0, chargePaise: n * rate, subscriptionDaysUsed: 0 };
  }
  const stay = { actualDays: days, bookedDays: i.bookedDays, finalPricePaise: i.finalPricePaise };
  if (i.subscription) {
    const s = i.subscription;
    return extraDaysCharge(stay, {
      daysLeft: s.daysLeft,
      planPricePaise: s.pricePaise,
      planDurationDays: s.durationDays,
      discountPaise: s.discountPaise,
    });
  }
  return EXTRA_DAY_CODES.includes(i.code) ? extraDaysCharge(stay) : none;
}

/**
 * The stay's quote as of `today`: the entry day counts as day 1. Extra days cost finalPrice ÷ booked days each
 * for hostel and day care without a subscription; with one (any category) the days within its days left are free
 * and each further day costs plan price ÷ plan duration − discount (floored at 0); dog park never has extra days.
 * due = the ledger's balance + (the extra charge − what of it is posted).
 */
export function deboardQuote(i: DeboardQuoteInput): DeboardQuoteNumbers {
  const days = actualDays(i.entryDate, i.today);
  let e = extra(i, days);
  if (i.closed) {
    const n = i.closed.extraDays;
    e = {
      extraDays: n,
      chargePaise: i.extraPostedPaise,
      subscriptionDaysUsed: i.closed.subscriptionDaysUsed,
      ratePaise: n > 0 ? perUnitPaise(i.extraPostedPaise, n) : 0,
    };
  }
  const unpostedPaise = Math.max(0, e.chargePaise - i.extraPostedPaise);
  const balance = i.ledger.duePaise - i.ledger.creditPaise;
  return {
    actualDays: days,
    bookedDays: i.bookedDays,
    extraDays: e.extraDays,
    extraDayRatePaise: e.ratePaise,
    extraChargePaise: Math.max(e.chargePaise, i.extraPostedPaise),
    extraChargePostedPaise: i.extraPostedPaise,
    unpostedPaise,
    subscriptionDaysUsed: e.subscriptionDaysUsed,
    chargedPaise: i.ledger.chargedPaise,
    paidPaise: i.ledger.paidPaise,
    pendingPaise: i.ledger.pendingPaise,
    duePaise: Math.max(0, balance + unpostedPaise),
  };
}
