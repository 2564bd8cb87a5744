/**
 * What a stay owes when the pet leaves (spec 001 §4 and §9), in integer paise: the extra days and their charge,
 * the subscription days the stay uses, and what is due with the ledger's balance. Pure: the server decides with
 * it, the Deboard page shows the same numbers.
 */
import { daysBetween } from '../dates.ts';
import { perUnitPaise } from '../money.ts';
import { countStay, shortDay, type StayCount, type StayCountingRule, type StayRule } from '../stays/counting.ts';
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
  /**
   * How the stay is counted (issue 18): its check-in and check-out instants (now, or its exit) under the business's
   * rule, and the half-day prices. Absent: calendar days from `entryDate` to `today` (the original rule).
   */
  stay?: QuoteStay | null;
}

export interface QuoteStay {
  checkIn: Date;
  checkOut: Date;
  rule: StayRule;
  tz: string;
  /** The stay was sold as a half day (boardings.half_day). */
  halfDayBooked: boolean;
  /**
   * The type's half-day price less the sale's discount (never below 0): a late check-out. 0 when the type has no
   * half-day price (no half days, a late check-out is free).
   */
  halfDayRatePaise: number;
  /** The type's day price less the sale's discount: a booked half day that ran long is charged up to it. */
  dayRatePaise: number;
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
  /** The business's counting rule the quote used, the unit of actualDays and what the stay covers. */
  rule: StayCountingRule;
  unit: 'day' | 'night';
  /** "3 days: 25 Nov to 27 Nov", "2 nights and a late check-out: 25 Nov to 27 Nov", "Half day: 25 Nov". */
  label: string;
  /** The stay, as counted, is a half day (within one day, at most the longest half day). */
  halfDay: boolean;
  /** It was sold as a half day. */
  halfDayBooked: boolean;
  /** Nights rule: left after the check-out time on the last day; charged when the stay reached what was booked. */
  lateCheckOut: boolean;
  /** The late check-out's charge (the half-day price), part of extraChargePaise. */
  lateCheckOutChargePaise: number;
  /** A half day that ran long: the difference up to the full day, part of extraChargePaise. */
  halfDayChargePaise: number;
}

function extra(i: DeboardQuoteInput, days: number, finalPricePaise: number) {
  const none = { extraDays: 0, ratePaise: 0, chargePaise: 0, subscriptionDaysUsed: 0 };
  if (NO_EXTRA_DAY_CODES.includes(i.code)) return none;
  if (i.package) {
    const n = Math.max(0, days - i.package.daysCovered);
    const rate = i.package.dayPricePaise;
    return { extraDays: n, ratePaise: n > 0 ? rate : 0, chargePaise: n * rate, subscriptionDaysUsed: 0 };
  }
  const stay = { actualDays: days, bookedDays: i.bookedDays, finalPricePaise };
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

/** Half days and late check-outs are for the types with a half-day price, on a stay priced by its sale. */
function halfDaysApply(i: DeboardQuoteInput): boolean {
  return Boolean(i.stay && i.stay.halfDayRatePaise > 0 && EXTRA_DAY_CODES.includes(i.code) && !i.subscription && !i.package);
}

/** The stay counted under the rule, or (no `stay` input) calendar days from the entry day to today. */
function counted(i: DeboardQuoteInput): StayCount {
  if (i.stay) {
    const s = i.stay;
    const out = s.checkOut.getTime() < s.checkIn.getTime() ? s.checkIn : s.checkOut;
    return countStay(s.checkIn, out, s.rule, { tz: s.tz, halfDayAllowed: halfDaysApply(i) });
  }
  const units = actualDays(i.entryDate, i.today);
  const lastDay = daysBetween(i.entryDate, i.today) < 0 ? i.entryDate : i.today;
  const what = `${units} day${units === 1 ? '' : 's'}`;
  const label =
    lastDay === i.entryDate ? `${what}: ${shortDay(i.entryDate)}` : `${what}: ${shortDay(i.entryDate)} to ${shortDay(lastDay)}`;
  return { units, unit: 'day', halfDays: 0, halfDay: false, lateCheckOut: false, firstDay: i.entryDate, lastDay, label };
}

/** The units the stay paid for before extra ones are charged: booked, the subscription's days left, the package's. */
function coveredUnits(i: DeboardQuoteInput): number {
  if (i.package) return i.package.daysCovered;
  if (i.subscription) return i.subscription.daysLeft;
  return i.bookedDays;
}

/**
 * The stay's quote as of now (`stay.checkOut`, or `today`), counted with the business's rule: calendar days (the
 * entry day is day 1) or nights (a check-out after the check-out time is a late check-out at the half-day price,
 * charged once the stay reached what it paid for). Extra days or nights cost finalPrice ÷ booked units each for
 * hostel and day care without a subscription; with one (any category) the units within its days left are free and
 * each further unit costs plan price ÷ plan duration − discount (floored at 0); dog park never has extra days.
 * Half days (hostel and day care with a half-day price, no subscription or package): a half day that ran long is
 * charged the difference up to the day rate. The correction is upward only: a full day that turned out short stays
 * a full day (docs/decisions.md).
 * due = the ledger's balance + (the extra charge − what of it is posted).
 */
export function deboardQuote(i: DeboardQuoteInput): DeboardQuoteNumbers {
  const c = counted(i);
  const half = halfDaysApply(i);
  const s = i.stay;
  const ranLong = half && s!.halfDayBooked && !c.halfDay;
  // A half day that ran long is priced as the full day it became: the day rate, then extra days beyond it.
  const basePaise = ranLong ? s!.dayRatePaise : i.finalPricePaise;
  // A half day is day 1 of the stay (the existing client reads actualDays as days, at least 1).
  const days = c.halfDay ? 1 : c.units;
  let e = extra(i, days, basePaise);
  const halfDayChargePaise = ranLong ? Math.max(0, s!.dayRatePaise - i.finalPricePaise) : 0;
  const lateCharged =
    c.lateCheckOut && EXTRA_DAY_CODES.includes(i.code) && s !== undefined && s !== null && c.units >= coveredUnits(i);
  const lateCheckOutChargePaise = lateCharged ? s!.halfDayRatePaise : 0;
  let chargePaise = e.chargePaise + lateCheckOutChargePaise + halfDayChargePaise;
  if (i.closed) {
    const n = i.closed.extraDays;
    e = {
      extraDays: n,
      chargePaise: i.extraPostedPaise,
      subscriptionDaysUsed: i.closed.subscriptionDaysUsed,
      ratePaise: n > 0 ? (s ? e.ratePaise : perUnitPaise(i.extraPostedPaise, n)) : 0,
    };
    chargePaise = i.extraPostedPaise;
  }
  const unpostedPaise = Math.max(0, chargePaise - i.extraPostedPaise);
  const balance = i.ledger.duePaise - i.ledger.creditPaise;
  const closed = Boolean(i.closed);
  return {
    actualDays: days,
    bookedDays: i.bookedDays,
    extraDays: e.extraDays,
    extraDayRatePaise: e.ratePaise,
    extraChargePaise: Math.max(chargePaise, i.extraPostedPaise),
    extraChargePostedPaise: i.extraPostedPaise,
    unpostedPaise,
    subscriptionDaysUsed: e.subscriptionDaysUsed,
    chargedPaise: i.ledger.chargedPaise,
    paidPaise: i.ledger.paidPaise,
    pendingPaise: i.ledger.pendingPaise,
    duePaise: Math.max(0, balance + unpostedPaise),
    rule: s?.rule.countingRule ?? 'calendar_days',
    unit: c.unit,
    label: c.label,
    halfDay: c.halfDay,
    halfDayBooked: s?.halfDayBooked ?? false,
    lateCheckOut: c.lateCheckOut,
    lateCheckOutChargePaise: closed ? 0 : lateCheckOutChargePaise,
    halfDayChargePaise: closed ? 0 : halfDayChargePaise,
  };
}
