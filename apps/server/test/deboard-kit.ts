/**
 * Helpers of the deboarding tests: board a pet through the New Visit endpoints (as the desk does), read a stay's
 * ledger account, boarding row and visit details, and call the deboarding endpoints.
 */
import { ledgerBalance } from '@pawdesk/shared';
import { eq, or } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import { boardings, payments, visits, visitTypes } from '../src/db/schema/index.ts';
import { makeOwner, makePet } from './factories.ts';
import { holdSubscription, planOf, useVisitTest } from './visit-kit.ts';

export type StayKind = 'hostel' | 'day_care' | 'dog_park' | 'day_school' | 'play_school';

export interface BoardOpts {
  days?: number;
  /** Hostel and day care: how the stay is paid at the desk (default advance, cash). */
  paymentType?: 'advance_payment' | 'partial_payment' | 'payment_after_service';
  paymentLeft?: number;
  method?: 'cash' | 'card' | 'payment_link';
  /** The subscription the stay uses. */
  planId?: string;
}

/** The deboarding tests' app, users and helpers; capacities are lifted so a file may board many pets. */
export function useDeboardTest() {
  const v = useVisitTest();
  const { staff, types, db, post } = v;
  beforeAll(async () => {
    await db().update(visitTypes).set({ capacity: null });
  });

  async function pet(name = 'Bruno') {
    const owner = await makeOwner(db(), { email: `o${Math.random().toString(36).slice(2)}@example.in` });
    return makePet(db(), { ownerId: owner.id, name });
  }

  /** Boards a new pet (or `petId`) through the New Visit save of the kind; returns the pet, visit and boarding ids. */
  async function board(kind: StayKind, o: BoardOpts = {}, petId?: string) {
    const p = petId ?? (await pet()).id;
    const type = types[kind]!;
    const ack = { admissionAcknowledged: true };
    let res: Awaited<ReturnType<typeof post>>;
    if (kind === 'hostel' || kind === 'day_care') {
      const days = o.days ?? 2;
      const total = o.planId ? 0 : (type.pricePaise / 100) * days;
      const left = o.paymentType === 'payment_after_service' ? total : (o.paymentLeft ?? 0);
      res = await post(
        `/visit/add${kind === 'hostel' ? 'hostel' : 'daycare'}visit`,
        {
          petId: p,
          visitType: type.id,
          ...ack,
          details: {
            numberOfDays: days,
            discount: 0,
            finalPrice: total,
            paymentLeft: left,
            selectedPaymentType: total === 0 ? null : (o.paymentType ?? 'advance_payment'),
            selectedPayment: o.method ?? 'cash',
            ...(o.planId ? { isSubscriptionAvailed: true, planId: o.planId } : {}),
          },
        },
        staff.token,
      );
    } else if (kind === 'dog_park') {
      const price = type.pricePaise / 100;
      res = await post(
        '/visit/adddogparkvisit',
        { petId: p, visitType: type.id, ...ack, details: { discount: 0, price, selectedPayment: o.method ?? 'cash' } },
        staff.token,
      );
    } else {
      res = await post(
        `/visit/add${kind === 'day_school' ? 'dayschool' : 'playschool'}visit`,
        { petId: p, visitType: type.id, ...ack, isSubscriptionAvailed: true, planId: o.planId },
        staff.token,
      );
    }
    if (res.statusCode !== 201) throw new Error(`boarding ${kind}: ${res.statusCode} ${res.body}`);
    const visit = res.json().visit;
    return { petId: p, visitId: visit._id as string, boardingId: visit.boardingId as string, payment: res.json().payment };
  }

  /** A pet holding a subscription on the first plan of the kind (optionally with `daysLeft`, `discountPaise`…). */
  async function subscribed(kind: StayKind, o: Parameters<typeof holdSubscription>[3] = {}) {
    const p = await pet('Coco');
    const plan = await planOf(db(), kind);
    const sub = await holdSubscription(db(), p.id, plan, o);
    return { petId: p.id, plan, sub };
  }

  const details = (id: string) => post('/boarding/getboardingdetails', { _id: id }, staff.token);
  const settle = (body: object) => post('/visit/updatehostelvisit', body, staff.token);
  const deboard = (path: string, body: object) => post(path.startsWith('/') ? path : `/boarding/${path}`, body, staff.token);

  return { ...v, pet, board, subscribed, details, settle, deboard };
}

/** Every ledger entry of a stay (its boarding's and its visit's), oldest first, with the balance. */
export async function stayLedger(db: DbOrTx, boardingId: string, visitId: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(or(eq(payments.boardingId, boardingId), eq(payments.visitId, visitId)))
    .orderBy(payments.createdAt, payments.id);
  return { rows, balance: ledgerBalance(rows) };
}

export async function boardingRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(boardings).where(eq(boardings.id, id));
  return row!;
}

export async function visitRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(visits).where(eq(visits.id, id));
  return row!;
}
