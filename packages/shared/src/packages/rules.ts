/**
 * Wallet-funded boarding packages (issue 16; original-data-model §3 rules 3–6, with their defects fixed): the exact
 * daily share of a package's price and what a package's pets need from the wallet. Pure: the server charges with
 * it, the screens show the same numbers.
 */
import { addDays, daysBetween } from '../dates.ts';

/**
 * A pet's share of a package of `pricePaise` over `days` days on its day `n` (1..days):
 * floor(P·n/D) − floor(P·(n−1)/D). The shares of days 1..D add up to exactly P (₹11,500 over 15 days: ten days of
 * ₹766.67 and five of ₹766.66, never 15 × ₹766.67 = ₹11,500.05). 0 outside 1..D.
 */
export function packageDayShare(pricePaise: number, days: number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > days || days < 1) return 0;
  return Math.floor((pricePaise * n) / days) - Math.floor((pricePaise * (n - 1)) / days);
}

/** The shares of days from+1..from+count (capped at the package's days): what the next `count` days cost one pet. */
export function packageSharesAhead(pricePaise: number, days: number, charged: number, count: number): number {
  let total = 0;
  for (let n = charged + 1; n <= Math.min(days, charged + count); n++) total += packageDayShare(pricePaise, days, n);
  return total;
}

/** A package pet as the rules see it: charged so far, day 1's business date (null while waiting for check-in). */
export interface PackagePetDays {
  daysCharged: number;
  startDate: string | null;
}

/**
 * The days a pet's package owes as of `today` (business dates): day n falls on startDate + (n − 1); every day from
 * the one after those charged up to today, at most `days` in all. Catching up after downtime is just this list.
 */
export function packageDaysDue(pet: PackagePetDays, days: number, today: string): { dayNumber: number; businessDate: string }[] {
  if (!pet.startDate) return [];
  const upTo = Math.min(days, daysBetween(pet.startDate, today) + 1);
  const due: { dayNumber: number; businessDate: string }[] = [];
  for (let n = pet.daysCharged + 1; n <= upTo; n++) due.push({ dayNumber: n, businessDate: addDays(pet.startDate, n - 1) });
  return due;
}

/**
 * What the wallet of a package's live pets must hold: `next` the next day's charge of every pet still to be
 * charged (the package's daily charge), `twoDays` the next two days' (the 'Low Wallet Balance' threshold).
 */
export function packageNeeds(
  pricePaise: number,
  days: number,
  pets: readonly { daysCharged: number }[],
): { nextPaise: number; twoDaysPaise: number } {
  let next = 0;
  let two = 0;
  for (const p of pets) {
    next += packageSharesAhead(pricePaise, days, p.daysCharged, 1);
    two += packageSharesAhead(pricePaise, days, p.daysCharged, 2);
  }
  return { nextPaise: next, twoDaysPaise: two };
}

/** Whole days the balance pays at the daily charge (floor); null when nothing more is charged. */
export function estimatedDaysLeft(balancePaise: number, dailyPaise: number): number | null {
  if (dailyPaise <= 0) return null;
  return Math.max(0, Math.floor(balancePaise / dailyPaise));
}

/** Low balance: a live package whose wallet holds less than the next two days' charge. */
export function isLowBalance(balancePaise: number, twoDaysPaise: number): boolean {
  return twoDaysPaise > 0 && balancePaise < twoDaysPaise;
}

/**
 * The business's package (original-data-model §3 rule 3), installed on every database that has a Hostel visit type
 * (migration 0012 on existing ones, the reference data on new ones), with the same id everywhere; admins change it
 * on the Prices screen.
 */
export const DEFAULT_PACKAGE = { name: '15 Days Boarding Plan', code: 'hostel', days: 15, price: 11_500 } as const;
