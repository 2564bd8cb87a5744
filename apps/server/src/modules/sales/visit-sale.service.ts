import {
  WALK_IN_OWNER_ID,
  formatINR,
  type LedgerMethod,
  type LedgerVia,
  type PaymentType,
  type SaveVisitResponse,
  STAY_BILL,
  STAY_BILL_MESSAGES,
  toPaise,
  toRupees,
  VISIT_SAVED_MESSAGES,
  type VetCustomerType,
  type VisitPayment,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { type AppError, badRequest, conflict } from '../../lib/errors.ts';
import {
  activeBoardingOf,
  asAlreadyBoarded,
  assertNotBoarded,
  type BoardingRow,
  startBoarding,
} from '../boarding/boarding.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import { indexVisit } from '../history/history.service.ts';
import { type AppliedAppointment, appointmentCredit } from './appointment-credit.service.ts';
import { announceVisitRecorded } from './visit-events.service.ts';
import { requireAdmission } from '../pets/admission.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertMayServe } from '../donotserve/do-not-serve.service.ts';
import { staySettings } from '../site/settings.service.ts';
import { type LedgerRow, lockLedger, postCharge, recordPayment, type Subject } from '../payments/payments.service.ts';
import { ownerOfPet, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { payFromWallet, requireWalletFunds } from '../wallet/wallet.service.ts';
import { BOARDING_CODES, type VisitTypeRow } from '../visit-types/visit-types.service.ts';
import { type NewVisitItemRow, recordVisit, recordVisitItems, type VisitRow } from '../visits/visit-records.service.ts';

/**
 * Selling a visit: one transaction writes the visit (and its lines), boards the pet (boarding purposes), runs the
 * purpose's own steps (a subscription bought or a grooming session used, a follow-up), posts the charge for the
 * final price and records what is paid now, or writes nothing. Cash (and a method the client did not name) is a
 * completed payment with a receipt number; a card or a payment link is a pending payment the provider completes;
 * the wallet is an allocation wallet → sale, only up to the wallet's balance.
 */

/** How the money taken now moved: cash or not recorded complete now; card and payment link stay pending. */
const PENDING_METHODS: readonly LedgerMethod[] = ['card', 'payment_link'];

export interface VisitSale {
  /** The pet; null for a walk-in Shop sale (sold to the Walk-in customer, to `buyer`). */
  petId: string | null;
  /** A walk-in sale's buyer (issue 18): stored on the visit, named on its bill. */
  buyer?: { name: string; phone: string | null } | null;
  /** The visit's id when the sale needs it before the visit is written (the stock movements of a Shop sale). */
  visitId?: string;
  type: VisitTypeRow;
  userId: string;
  /** The final price, integer paise: the charge posted. */
  pricePaise: number;
  discountPaise: number;
  customerType?: VetCustomerType | null;
  isSubscriptionAvailed?: boolean;
  /** The subscription the visit uses. */
  subscriptionId?: string | null;
  numberOfDays?: number | null;
  note?: string | null;
  /** What was sold, as the lookups show it (rupees). Never what was paid: that is the ledger's. */
  details: Record<string, unknown>;
  items?: Omit<NewVisitItemRow, 'visitId'>[];
  /** Boards the pet for these days (Hostel, Day Care; 1 for Dog Park and the schools). */
  boardingDays?: number;
  /** The stay is sold as a half day (Hostel, Day Care): stored on the boarding, corrected at check-out. */
  halfDay?: boolean;
  /**
   * Boarding: the request's `admissionAcknowledged`. A pet the admission rule flags is refused with 409 without it;
   * with it, what was missing, who and when are recorded on the boarding.
   */
  admissionAcknowledged?: boolean | null;
  /**
   * The call came from the existing web client (no Idempotency-Key): under the switch-over setting
   * `legacyAdmissionAcknowledged` a flagged dog is recorded as acknowledged by 'the existing client', audited.
   */
  existingClient?: boolean;
  pay: {
    paidNowPaise: number;
    /**
     * 'wallet': paid from the owner's wallet, an allocation wallet → sale (400 beyond its balance). 'stay_bill':
     * nothing is paid now; the visit is added to the bill of the pet's current stay (issue 18).
     */
    method: LedgerMethod | 'wallet' | typeof STAY_BILL;
    paymentType: PaymentType | null;
    /** A payment the provider already captured (a purchase paid online): completed with its provider's ids. */
    provider?: { provider: string; providerOrderId: string; providerPaymentId: string; via: LedgerVia };
  };
  /**
   * The online appointment this visit fulfils (issue 19): the money held for it is applied to the sale and only the
   * rest of the price is taken now (`pay.paidNowPaise` is capped at it); the appointment records the visit.
   */
  appointmentId?: string | null;
  /** First step in the transaction; may return the subscription the visit sells (Buy Subscription). */
  prepare?: (tx: DbOrTx) => Promise<{ soldSubscriptionId: string } | undefined>;
  /** Last step before the ledger: follow-ups, a grooming session used. */
  finish?: (tx: DbOrTx, visit: VisitRow) => Promise<void>;
}

export interface SoldVisit {
  visit: VisitRow;
  boarding: BoardingRow | null;
  soldSubscriptionId: string | null;
  /** The payment recorded now: completed (cash, not recorded) or pending (card, payment link); null when none. */
  payment: LedgerRow | null;
  /** Payment link: why it could not be created or sent; whether it was emailed to the owner. */
  linkError: string | null;
  linkEmailed?: boolean;
  /** The appointment it fulfils: what was applied to the sale, what moved to unapplied. */
  appointment?: AppliedAppointment;
}

export async function sellVisit(ctx: AppContext, s: VisitSale): Promise<SoldVisit> {
  const boards = s.boardingDays !== undefined;
  const ownerId = s.petId ? await ownerOfPet(ctx.db, s.petId) : WALK_IN_OWNER_ID;
  let sold: SoldVisit;
  try {
    sold = await moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [ownerId]);
      return sellVisitIn(ctx, tx, s, ownerId);
    });
  } catch (err) {
    throw boards && s.petId ? await asAlreadyBoarded(ctx.db, s.petId, err) : err;
  }
  return { ...sold, ...(await sendLinkAfterCommit(ctx, sold.payment)) };
}

/**
 * The sale's writes inside the caller's money transaction, which holds the owner's ledger lock already (a purchase
 * paid online is created in the transaction that records its verified payment). The caller sends any payment link
 * after the commit (`sendLinkAfterCommit`).
 */
export async function sellVisitIn(ctx: AppContext, tx: DbOrTx, s: VisitSale, ownerId: string): Promise<SoldVisit> {
  const boards = s.boardingDays !== undefined;
  if (boards && !s.petId) throw new Error('A stay needs a pet');
  const now = ctx.clock.now();
  // The appointment it fulfils, locked (after the owner's ledger lock): what it holds is applied before collecting.
  const appt = s.appointmentId ? await appointmentCredit().lockForVisit(tx, s.appointmentId, s.petId, ownerId) : null;
  const appliedPaise = appt ? Math.min(appt.heldPaise, s.pricePaise) : 0;
  const payNowPaise = Math.max(0, Math.min(s.pay.paidNowPaise, s.pricePaise - appliedPaise));
  // Paid from the wallet: refused before anything is written when it holds less (checked again as it pays).
  if (s.pay.method === 'wallet') await requireWalletFunds(tx, ownerId, payNowPaise);
  const stayBoardingId = s.pay.method === STAY_BILL ? await stayToBill(tx, s.petId, boards) : null;
  if (boards) await assertNotBoarded(tx, s.petId!);
  const admission = boards ? await admissionOf(ctx, tx, s, now) : undefined;
  const prepared = await s.prepare?.(tx);
  const soldSubscriptionId = prepared?.soldSubscriptionId ?? null;
  const visit = await recordVisit(tx, {
    ...(s.visitId ? { id: s.visitId } : {}),
    petId: s.petId,
    buyerName: s.buyer?.name ?? null,
    buyerPhone: s.buyer?.phone ?? null,
    visitTypeId: s.type.id,
    purpose: s.type.purpose,
    pricePaise: s.pricePaise,
    discountPaise: s.discountPaise,
    customerType: s.customerType ?? null,
    isSubscriptionAvailed: s.isSubscriptionAvailed ?? false,
    subscriptionId: soldSubscriptionId ?? s.subscriptionId ?? null,
    numberOfDays: s.numberOfDays ?? null,
    note: s.note ?? null,
    details: s.details,
    createdBy: s.userId,
    stayBoardingId,
  });
  // Do not serve: a flagged pet or owner is refused (409) unless an admin overrode it for this request. A purchase
  // already paid online was checked when its order was made: refusing it now would keep the money without the sale.
  if (s.petId && !s.pay.provider) await assertMayServe(ctx, tx, { ownerId, petIds: [s.petId] }, { kind: 'visit', id: visit.id });
  if (s.items?.length)
    await recordVisitItems(
      tx,
      s.items.map((i) => ({ ...i, visitId: visit.id })),
    );
  const boarding = boards
    ? await startBoarding(tx, {
        petId: s.petId!,
        visitTypeId: s.type.id,
        visitId: visit.id,
        numberOfDays: s.boardingDays!,
        halfDay: s.halfDay ?? false,
        subscriptionId: s.isSubscriptionAvailed ? (s.subscriptionId ?? null) : null,
        entryTime: now,
        tz: ctx.config.tz,
        admission,
      })
    : null;
  await s.finish?.(tx, visit);
  const subject: Subject = { visitId: visit.id };
  if (boarding) subject.boardingId = boarding.id;
  if (soldSubscriptionId) subject.subscriptionId = soldSubscriptionId;
  const entry = {
    ownerId,
    petId: s.petId,
    for: subject,
    paymentType: s.pay.paymentType,
    createdBy: s.userId,
    tz: ctx.config.tz,
    now,
  };
  const method = s.pay.method;
  const applyHeld = async () =>
    appt
      ? {
          appointment: await appointmentCredit().apply(tx, appt, {
            chargePaise: s.pricePaise,
            subject,
            visitId: visit.id,
            userId: s.userId,
            now,
          }),
        }
      : {};
  if (method === STAY_BILL) {
    // On the stay's bill: the charge stays owed on the visit's own account until check-out settles it.
    await postCharge(tx, { ...entry, paymentType: 'payment_after_service', amountPaise: s.pricePaise });
    const applied = await applyHeld();
    await indexVisit(tx, visit.id, ctx.config.tz);
    await announceRecorded(ctx, tx, visit, ownerId, now);
    return { visit, boarding, soldSubscriptionId, payment: null, linkError: null, ...applied };
  }
  await postCharge(tx, { ...entry, amountPaise: s.pricePaise });
  const applied = await applyHeld();
  const payment =
    method === 'wallet'
      ? await payFromWallet(tx, { ownerId, petId: s.petId, subject, amountPaise: payNowPaise, by: s.userId, now })
      : await recordPayment(tx, {
          ...entry,
          amountPaise: payNowPaise,
          method,
          status: !s.pay.provider && PENDING_METHODS.includes(method) ? 'pending' : 'completed',
          ...(s.pay.provider ?? {}),
        });
  // The Visit History search row, in the sale's transaction (later ledger rows keep it current: history.service.ts).
  await indexVisit(tx, visit.id, ctx.config.tz);
  await announceRecorded(ctx, tx, visit, ownerId, now);
  return { visit, boarding, soldSubscriptionId, payment, linkError: null, ...applied };
}

/** Tells the listeners of sales/visit-events (the owner's inbox) about a pet's visit; a walk-in sale has no owner to tell. */
async function announceRecorded(ctx: AppContext, tx: DbOrTx, visit: VisitRow, ownerId: string, now: Date) {
  if (!visit.petId) return;
  await announceVisitRecorded(tx, {
    ctx,
    visitId: visit.id,
    petId: visit.petId,
    ownerId,
    purpose: visit.purpose,
    pricePaise: visit.pricePaise,
    now,
  });
}

/**
 * A boarding sale's admission (requireAdmission); for the existing web client, which can never send the
 * acknowledgement, under the switch-over setting a flagged dog is recorded as acknowledged 'via existing_client'.
 */
async function admissionOf(ctx: AppContext, tx: DbOrTx, s: VisitSale, now: Date) {
  const legacy =
    s.existingClient === true && s.admissionAcknowledged !== true && (await staySettings(tx)).legacyAdmissionAcknowledged;
  const ack = await requireAdmission(tx, {
    petId: s.petId!,
    acknowledged: legacy ? true : s.admissionAcknowledged,
    by: s.userId,
    at: now,
    today: ctx.clock.today(),
  });
  if (!ack || !legacy) return ack;
  await recordAudit(tx, {
    actorId: s.userId,
    action: 'boarding.legacy_admission_acknowledged',
    entity: 'pet',
    entityId: s.petId!,
    after: { missing: ack.missing, purpose: s.type.purpose, acknowledgedBy: 'the existing client' },
  });
  return { ...ack, via: 'existing_client' as const };
}

/**
 * The stay a service is added to (`selectedPayment: 'stay_bill'`): the pet's current boarding. A boarding sale cannot
 * go on a bill (400); a pet not boarded is a 409. The owner's ledger lock is held, and deboarding takes it too, so the
 * stay cannot close between this check and the sale's commit.
 */
async function stayToBill(tx: DbOrTx, petId: string | null, boards: boolean): Promise<string> {
  const field = 'details.selectedPayment';
  if (boards) throw badRequest(STAY_BILL_MESSAGES.boardingPurpose, { [field]: STAY_BILL_MESSAGES.boardingPurpose });
  // A walk-in sale has no pet, so no stay to add it to.
  if (!petId) throw conflict(STAY_BILL_MESSAGES.notBoarded('A walk-in buyer'));
  const active = await activeBoardingOf(tx, petId);
  if (!active) {
    const name = (await petsWithOwnersByIds(tx, [petId])).get(petId)?.name ?? 'The pet';
    const message = STAY_BILL_MESSAGES.notBoarded(name);
    throw conflict(message);
  }
  return active._id;
}

/**
 * A client amount that differs from the server's: 400 naming the amount expected, in rupees, as
 * `expected<Field>` (e.g. `expectedFinalPrice`), and the final price the server computed as `expectedFinalPrice`.
 */
export function amountMismatch(
  field: string,
  label: string,
  expectedPaise: number,
  claimed: number,
  finalPaise = expectedPaise,
): AppError {
  const expected = toRupees(expectedPaise);
  const message = `${label} is ${formatINR(expected)}, not ${formatINR(claimed)}. Prices may have changed; please review and try again.`;
  const name = field.split('.').at(-1)!;
  const key = `expected${name[0]!.toUpperCase()}${name.slice(1)}`;
  return badRequest(message, { [field]: message }, { [key]: expected, expectedFinalPrice: toRupees(finalPaise) });
}

/** Throws amountMismatch when the client sent the amount and it differs from the server's. */
export function checkAmount(
  field: string,
  label: string,
  expectedPaise: number,
  claimed: number | null | undefined,
  finalPaise = expectedPaise,
): void {
  if (claimed !== undefined && claimed !== null && toPaise(claimed) !== expectedPaise) {
    throw amountMismatch(field, label, expectedPaise, claimed, finalPaise);
  }
}

/**
 * The save message (spec 001 §8), by purpose and by whether money was taken now. The Dog Park is a visit of
 * the day, not a stay: it says 'Payment successful and visit saved!' or 'Visit saved successfully', never
 * 'Dog boarded successfully' (issue 18; docs/compatibility.md).
 */
export function saveMessage(type: VisitTypeRow, payment: LedgerRow | null, appliedPaise = 0): string {
  if (type.code !== 'dog_park' && BOARDING_CODES.includes(type.code as (typeof BOARDING_CODES)[number])) {
    return VISIT_SAVED_MESSAGES.boarded;
  }
  // Paid online for its appointment: the money applied is a payment too.
  return payment?.status === 'completed' || (appliedPaise > 0 && !payment)
    ? VISIT_SAVED_MESSAGES.paid
    : VISIT_SAVED_MESSAGES.saved;
}

export function paymentAnswer(s: Pick<SoldVisit, 'payment' | 'linkError' | 'linkEmailed'>): VisitPayment | null {
  const p = s.payment;
  if (!p) return null;
  return {
    _id: p.id,
    // Paid from the wallet: an allocation, whose ledger method is none.
    method: p.kind === 'allocation' ? 'wallet' : (p.method ?? 'not_recorded'),
    status: p.status,
    amount: toRupees(p.amountPaise),
    receiptNo: p.receiptNo,
    orderId: p.providerOrderId,
    linkUrl: p.linkUrl,
    linkError: s.linkError,
    ...(s.linkEmailed !== undefined ? { linkEmailed: s.linkEmailed } : {}),
  };
}

/** The answer of every New Visit save. */
export function saveAnswer(s: SoldVisit, message: string): SaveVisitResponse {
  // What the visit is paid with now: the payment taken, and the money held for its appointment applied to it.
  const appliedPaise = s.appointment?.appliedPaise ?? 0;
  const paidPaise = (s.payment?.status === 'completed' ? s.payment.amountPaise : 0) + appliedPaise;
  return {
    success: true,
    message,
    visit: {
      _id: s.visit.id,
      petId: s.visit.petId,
      ...(s.visit.buyerName ? { buyer: { name: s.visit.buyerName, phone: s.visit.buyerPhone } } : {}),
      purpose: s.visit.purpose,
      price: toRupees(s.visit.pricePaise),
      createdAt: s.visit.createdAt.toISOString(),
      boardingId: s.boarding?.id ?? null,
      paid: toRupees(paidPaise),
      paymentLeft: toRupees(s.visit.pricePaise - paidPaise),
    },
    payment: paymentAnswer(s),
    ...(s.appointment
      ? {
          appointment: {
            _id: s.appointment.appointmentId,
            applied: toRupees(s.appointment.appliedPaise),
            toUnapplied: toRupees(s.appointment.toUnappliedPaise),
          },
        }
      : {}),
  };
}
