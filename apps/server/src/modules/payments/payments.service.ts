import type { PaymentMethod, PaymentType } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { insertPayment, type PaymentRow, paymentsByPrescriptionIds } from './payments.repo.ts';

export type { PaymentRow };

export type PaymentKind = 'visit' | 'boarding' | 'subscription' | 'appointment' | 'prescription';
export type PaymentStatus = 'pending' | 'paid' | 'failed';

/** One money movement to record in the ledger. Exactly one reference matching `kind` must be given. */
export interface NewPayment {
  kind: PaymentKind;
  method: PaymentMethod | 'razorpay';
  /** Integer paise, >= 0. */
  amountPaise: number;
  paymentType?: PaymentType | null;
  status?: PaymentStatus;
  petId?: string | null;
  visitId?: string | null;
  boardingId?: string | null;
  subscriptionId?: string | null;
  prescriptionId?: string | null;
  appointmentId?: string | null;
  provider?: string | null;
  providerOrderId?: string | null;
  providerPaymentId?: string | null;
  /** The staff or customer user who recorded it. */
  createdBy?: string | null;
  /** Defaults to now for paid payments. */
  paidAt?: Date | null;
}

const REF_OF_KIND: Record<PaymentKind, keyof NewPayment> = {
  visit: 'visitId',
  boarding: 'boardingId',
  subscription: 'subscriptionId',
  appointment: 'appointmentId',
  prescription: 'prescriptionId',
};

/**
 * Records a payment row. Call it inside the transaction that saves what is
 * paid for (the visit, boarding, prescription…), so both commit or neither.
 */
export async function recordPayment(db: DbOrTx, p: NewPayment): Promise<PaymentRow> {
  if (!Number.isSafeInteger(p.amountPaise) || p.amountPaise < 0) {
    throw new Error(`recordPayment: amountPaise must be a non-negative integer, got ${p.amountPaise}`);
  }
  if (!p[REF_OF_KIND[p.kind]]) throw new Error(`recordPayment: a ${p.kind} payment needs ${REF_OF_KIND[p.kind]}`);
  const status = p.status ?? 'paid';
  return insertPayment(db, {
    kind: p.kind,
    method: p.method,
    amountPaise: p.amountPaise,
    paymentType: p.paymentType ?? null,
    status,
    petId: p.petId ?? null,
    visitId: p.visitId ?? null,
    boardingId: p.boardingId ?? null,
    subscriptionId: p.subscriptionId ?? null,
    prescriptionId: p.prescriptionId ?? null,
    appointmentId: p.appointmentId ?? null,
    provider: p.provider ?? null,
    providerOrderId: p.providerOrderId ?? null,
    providerPaymentId: p.providerPaymentId ?? null,
    createdBy: p.createdBy ?? null,
    paidAt: p.paidAt !== undefined ? p.paidAt : status === 'paid' ? new Date() : null,
  });
}

/** Payments recorded for these prescriptions, grouped by prescription id (oldest first). */
export async function paymentsForPrescriptions(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PaymentRow[]>> {
  const byRx = new Map<string, PaymentRow[]>();
  for (const p of await paymentsByPrescriptionIds(db, ids)) {
    const list = byRx.get(p.prescriptionId!) ?? [];
    list.push(p);
    byRx.set(p.prescriptionId!, list);
  }
  return byRx;
}
