import {
  type DeboardQuote,
  type DeboardQuoteNumbers,
  dateInTz,
  deboardQuote,
  finalPrice,
  type StayRule,
  toRupees,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  accountOf,
  accountsOf,
  type Balance,
  type LedgerRow,
  lockLedger,
  pendingPayments,
  postCharge,
  toLedgerPayment,
} from '../payments/payments.service.ts';
import { staySettings } from '../site/settings.service.ts';
import { packageCoverOfStay, packageCoversOfStays } from '../packages/packages.service.ts';
import { ownerOfPet } from '../pets/pet-lookups.service.ts';
import { type StaySubscription, staySubscription, staySubscriptions } from '../subscriptions/subscription-days.service.ts';
import { recordExtraDays, type StayVisit, stayVisit, stayVisits } from '../visits/visit-stay.service.ts';
import { type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import { boardingById, type DeboardRow, setExtraCharged } from '../boarding/stay-records.service.ts';
import { type StayService, servicesDueOfStays, servicesDuePaise, serviceToApi, stayServices } from './stay-bill.service.ts';

/**
 * A stay as deboarding sees it: the boarding, its type, visit and subscription, the ledger account (the boarding's
 * entries and its visit's) and the quote of what it owes as of now (a closed stay: as of its exit).
 */
export interface Stay {
  boarding: DeboardRow;
  /** The owner whose ledger the stay's entries are in. */
  ownerId: string;
  type: VisitTypeRow;
  visit: StayVisit | undefined;
  subscription: StaySubscription | undefined;
  entries: LedgerRow[];
  quote: DeboardQuoteNumbers;
  /** The services added to the stay's bill (issue 18), each with its own account. */
  services: StayService[];
  /** The whole bill's due: the stay's own (quote.duePaise) and every service's. */
  billDuePaise: number;
}

/** The ledger subject of a stay's entries: the boarding and its visit. */
export const staySubject = (b: DeboardRow) => ({ boardingId: b.id, ...(b.visitId ? { visitId: b.visitId } : {}) });

/**
 * Loads the stay (404 for an unknown boarding). With `lock` (inside a money transaction) the owner's ledger lock is
 * taken first and then the boarding row (FOR UPDATE), in the one lock order of money paths (lockLedger), so
 * settling, deboarding and a card order of one stay go one at a time and never deadlock.
 */
export async function loadStay(ctx: AppContext, db: DbOrTx, boardingId: string, lock = false): Promise<Stay> {
  const first = await boardingById(db, boardingId);
  if (!first) throw notFound('Boarding');
  const ownerId = await ownerOfPet(db, first.petId);
  if (lock) await lockLedger(db, [ownerId]);
  const boarding = lock ? await boardingById(db, boardingId, true) : first;
  if (!boarding) throw notFound('Boarding');
  // One query after another: a transaction's connection runs one at a time.
  const type = await visitTypeById(db, boarding.visitTypeId);
  const visit = boarding.visitId ? await stayVisit(db, boarding.visitId) : undefined;
  const subscription = boarding.subscriptionId ? await staySubscription(db, boarding.subscriptionId) : undefined;
  const account = await accountOf(db, staySubject(boarding));
  const cover = await packageCoverOfStay(db, boarding.id);
  if (!type) throw notFound('Boarding');
  const rule: StayRule = await staySettings(db);
  const quote = quoteOfStay(ctx, { boarding, type, visit, subscription, account, cover, rule });
  const services = await stayServices(db, boarding.id);
  const billDuePaise = quote.duePaise + servicesDuePaise(services);
  return { boarding, ownerId, type, visit, subscription, entries: account.entries, quote, services, billDuePaise };
}

interface StayParts {
  boarding: DeboardRow;
  type: VisitTypeRow;
  visit: StayVisit | undefined;
  subscription: StaySubscription | undefined;
  account: { entries: LedgerRow[]; balance: Balance };
  cover: { daysCharged: number } | undefined;
  rule: StayRule;
}

/** The quote of what a stay owes as of now (a closed stay: as of its exit). */
function quoteOfStay(
  ctx: AppContext,
  { boarding, type, visit, subscription, account, cover, rule }: StayParts,
): DeboardQuoteNumbers {
  const closed = !boarding.isBoarded && boarding.exitTime;
  const discountPaise = visit?.discountPaise ?? 0;
  return deboardQuote({
    bookedDays: boarding.numberOfDays,
    entryDate: dateInTz(boarding.entryTime, ctx.config.tz),
    today: closed ? dateInTz(boarding.exitTime!, ctx.config.tz) : ctx.clock.today(),
    finalPricePaise: saleChargePaise(account.entries),
    code: type.code,
    extraPostedPaise: boarding.extraChargedPaise,
    subscription: subscription ?? null,
    package: cover ? { daysCovered: cover.daysCharged, dayPricePaise: type.pricePaise } : null,
    ledger: account.balance,
    closed: closed ? { extraDays: boarding.extraDays, subscriptionDaysUsed: boarding.subscriptionDaysUsed } : null,
    stay: {
      checkIn: boarding.entryTime,
      checkOut: closed ? boarding.exitTime! : ctx.clock.now(),
      rule,
      tz: ctx.config.tz,
      halfDayBooked: boarding.halfDay,
      // The sale's discount applies per day, to a late check-out too (never below 0).
      halfDayRatePaise: type.halfdayPricePaise > 0 ? finalPrice(type.halfdayPricePaise, discountPaise) : 0,
      dayRatePaise: finalPrice(type.pricePaise, discountPaise),
    },
  });
}

/**
 * What the bills of these stays owe now (paise, by boarding id): each one's loadStay(…).billDuePaise, read in a
 * fixed number of queries whatever the number of stays (the Deboard list shows every row's due).
 */
export async function stayBillDues(ctx: AppContext, db: DbOrTx, boardings: readonly DeboardRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (boardings.length === 0) return out;
  const typeIds = [...new Set(boardings.map((b) => b.visitTypeId))];
  const ids = boardings.map((b) => b.id);
  const [types, visits, subscriptions, accounts, covers, rule, services] = await Promise.all([
    Promise.all(typeIds.map((id) => visitTypeById(db, id))),
    stayVisits(
      db,
      boardings.flatMap((b) => (b.visitId ? [b.visitId] : [])),
    ),
    staySubscriptions(
      db,
      boardings.flatMap((b) => (b.subscriptionId ? [b.subscriptionId] : [])),
    ),
    accountsOf(db, boardings.map(staySubject)),
    packageCoversOfStays(db, ids),
    staySettings(db),
    servicesDueOfStays(db, ids),
  ]);
  const typeOf = new Map(typeIds.map((id, i) => [id, types[i]]));
  boardings.forEach((boarding, i) => {
    const type = typeOf.get(boarding.visitTypeId);
    if (!type) throw notFound('Boarding');
    const quote = quoteOfStay(ctx, {
      boarding,
      type,
      visit: boarding.visitId ? visits.get(boarding.visitId) : undefined,
      subscription: boarding.subscriptionId ? subscriptions.get(boarding.subscriptionId) : undefined,
      account: accounts[i]!,
      cover: covers.get(boarding.id),
      rule,
    });
    out.set(boarding.id, quote.duePaise + (services.get(boarding.id) ?? 0));
  });
  return out;
}

/**
 * What the stay was sold for, from the ledger: its `sale` charges less the credits on them (never the informational
 * price on the visit). Extra days are priced from it.
 */
export function saleChargePaise(entries: readonly LedgerRow[]): number {
  const sale = new Set(entries.filter((e) => e.kind === 'charge' && e.chargeFor === 'sale').map((e) => e.id));
  let total = 0;
  for (const e of entries) {
    if (e.status !== 'completed') continue;
    if (sale.has(e.id)) total += e.amountPaise;
    else if (e.kind === 'credit' && e.creditOf && sale.has(e.creditOf)) total -= e.amountPaise;
  }
  return Math.max(0, total);
}

/** The ledger note of an extra charge: what it is for (extra days or nights, a late check-out, a long half day). */
export function extraChargeNote(q: DeboardQuoteNumbers): string {
  const parts: string[] = [];
  if (q.extraDays > 0) parts.push(`Extra ${q.unit === 'night' ? 'nights' : 'days'}: ${q.extraDays}`);
  if (q.lateCheckOutChargePaise > 0) parts.push('Late check-out');
  if (q.halfDayChargePaise > 0) parts.push('Half day ran long: a full day');
  return parts.length > 0 ? parts.join('; ') : `Extra days: ${q.extraDays}`;
}

/**
 * Posts the part of the extra charge not in the ledger yet (extra days or nights, a late check-out, a half day that
 * ran long; the note says which), keeps the boarding's extra_charged_paise at the whole charge, and records the
 * extra days and their price on the visit. Inside the transaction that locked the stay.
 */
export async function postExtraDays(ctx: AppContext, tx: DbOrTx, stay: Stay, userId: string): Promise<void> {
  const q = stay.quote;
  const b = stay.boarding;
  if (q.unpostedPaise > 0) {
    await postCharge(tx, {
      ownerId: stay.ownerId,
      chargeFor: 'extra_days',
      petId: b.petId,
      for: staySubject(b),
      amountPaise: q.unpostedPaise,
      note: extraChargeNote(q),
      createdBy: userId,
      tz: ctx.config.tz,
      now: ctx.clock.now(),
    });
    await setExtraCharged(tx, b.id, q.extraChargePaise);
  }
  if (b.visitId) await recordExtraDays(tx, b.visitId, { extraDays: q.extraDays, extraDaysPricePaise: q.extraChargePaise });
}

const sum = (services: readonly StayService[], key: 'chargedPaise' | 'paidPaise' | 'pendingPaise') =>
  services.reduce((n, s) => n + s[key], 0);

/** The quote as the API answers it (rupees); `due` is the whole bill's, `stayDue` the stay's own. */
export function quoteToApi(stay: Stay): DeboardQuote {
  const q = stay.quote;
  const s = stay.subscription;
  const pending = pendingPayments(stay.entries);
  return {
    actualDays: q.actualDays,
    bookedDays: q.bookedDays,
    extraDays: q.extraDays,
    extraDayRate: toRupees(q.extraDayRatePaise),
    extraCharge: toRupees(q.extraChargePaise),
    extraChargePosted: toRupees(q.extraChargePostedPaise),
    subscription: s
      ? {
          _id: s.id,
          planName: s.planName,
          daysLeft: s.daysLeft,
          daysUsed: q.subscriptionDaysUsed,
          amountDue: toRupees(s.amountDuePaise),
        }
      : null,
    charged: toRupees(q.chargedPaise + sum(stay.services, 'chargedPaise')),
    paid: toRupees(q.paidPaise + sum(stay.services, 'paidPaise')),
    pending: toRupees(q.pendingPaise + sum(stay.services, 'pendingPaise')),
    due: toRupees(stay.billDuePaise),
    stayDue: toRupees(q.duePaise),
    services: stay.services.map(serviceToApi),
    pendingPayments: pending.map(toLedgerPayment),
    canDeboard: stay.boarding.isBoarded && stay.billDuePaise === 0,
    countingRule: q.rule,
    unit: q.unit,
    label: q.label,
    halfDay: q.halfDay,
    halfDayBooked: q.halfDayBooked,
    lateCheckOut: q.lateCheckOut,
    lateCheckOutCharge: toRupees(q.lateCheckOutChargePaise),
    halfDayCharge: toRupees(q.halfDayChargePaise),
  };
}
