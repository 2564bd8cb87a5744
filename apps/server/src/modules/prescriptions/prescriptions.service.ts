import {
  type AddPrescriptionParsed,
  findStockShortage,
  formatINR,
  isFollowUpDateAllowed,
  ledgerMethodLabel,
  PRESCRIPTION_SECTIONS,
  type Prescription,
  type PrescriptionLine,
  type PrescriptionSection,
  prescriptionRows,
  prescriptionTotalPaise,
  quantityByItem,
  RX_MESSAGES,
  type RxRow,
  selectItemMessage,
  toPaise,
  toRupees,
  unitPricePaise,
} from '@pawdesk/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { scheduleFollowUp } from '../followups/followups.service.ts';
import { assertMayServe } from '../donotserve/do-not-serve.service.ts';
import { activeItemsById, type ItemRow, itemsByIdAnyState, takeStock } from '../inventory/inventory.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import {
  entriesBySubject,
  type LedgerRow,
  latestPayment,
  lockLedger,
  postCharge,
  recordPayment,
} from '../payments/payments.service.ts';
import { ownerOfPet, petExists } from '../pets/pet-lookups.service.ts';
import { announcePrescriptionWritten } from './prescription-events.service.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import {
  insertLines,
  insertPrescription,
  type LineRow,
  linesOf,
  pagePrescriptions,
  type PrescriptionRow,
} from './prescriptions.repo.ts';

const prices = (i: ItemRow) => ({ ngo: i.unitMinRetailNgoPaise, customer: i.unitMaxRetailCustomerPaise });

function totalPaise(rows: readonly RxRow[], items: ReadonlyMap<string, ItemRow>, ct: Prescription['customerType']): number {
  return prescriptionTotalPaise(
    rows.map((r) => {
      const item = items.get(r.id);
      return { prices: item ? prices(item) : undefined, quantity: r.quantity };
    }),
    ct,
  );
}

function stockView(items: ReadonlyMap<string, ItemRow>) {
  return new Map([...items].map(([id, i]) => [id, { stock: i.stock, itemName: i.itemName }]));
}

const rowPath = (r: RxRow, field: 'id' | 'quantity') => `${r.section}.${r.index}.${field}`;

function totalMismatch(expectedPaise: number, claimed: number): AppError {
  const expectedTotal = toRupees(expectedPaise);
  const message = `The total is ${formatINR(expectedTotal)}, not ${formatINR(claimed)}. Prices may have changed; please review the prescription.`;
  return badRequest(message, { totalPrice: message }, { expectedTotal });
}

function stockConflict(rows: readonly RxRow[], current: ReadonlyMap<string, ItemRow>): AppError {
  const s = findStockShortage(rows, stockView(current));
  if (!s) return new AppError(409, 'The stock changed while saving. Please try again.');
  return new AppError(409, s.message, { [`${s.section}.${s.index}.quantity`]: s.message }, { available: s.available });
}

/**
 * Saves a prescription. The server decides: the pet and every item must
 * exist, the total is recomputed from the server's prices and must equal the
 * client's, and the stock must cover the sum of all rows of each item. Then,
 * in one transaction: stock is taken atomically (never below zero, even under
 * concurrent prescriptions), the movements, the prescription and its lines,
 * the payment and the follow-up are written, or nothing is.
 */
export async function addPrescription(
  ctx: AppContext,
  b: AddPrescriptionParsed,
  userId: string,
): Promise<{ prescription: Prescription; paid: boolean; link: 'sent' | 'no_email' | 'failed' | null }> {
  const { db } = ctx;
  if (b.nextFollowUp && !isFollowUpDateAllowed(b.nextFollowUp, ctx.clock.today())) {
    throw badRequest(RX_MESSAGES.followUpNotFuture, { nextFollowUp: RX_MESSAGES.followUpNotFuture });
  }
  if (!(await petExists(db, b.petId))) throw badRequest(RX_MESSAGES.petNotFound, { petId: RX_MESSAGES.petNotFound });

  const rows = prescriptionRows(b);
  const need = quantityByItem(rows);
  const ids = [...need.keys()].sort();
  const known = await activeItemsById(db, ids);
  for (const r of rows) {
    if (!known.has(r.id)) {
      const message = selectItemMessage(r.section, r.index + 1);
      throw badRequest(message, { [rowPath(r, 'id')]: message });
    }
  }
  const expected = totalPaise(rows, known, b.customerType);
  if (expected !== toPaise(b.totalPrice)) throw totalMismatch(expected, b.totalPrice);
  if (findStockShortage(rows, stockView(known))) throw stockConflict(rows, known);

  const rxId = newId();
  const ownerId = await ownerOfPet(db, b.petId);
  const result = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [ownerId]);
    // Lock and take stock in id order, so concurrent prescriptions cannot deadlock.
    const locked = new Map<string, ItemRow>();
    for (const id of ids) {
      const row = await takeStock(tx, { itemId: id, quantity: need.get(id)!, reason: 'prescribed', refId: rxId, userId });
      if (!row) {
        const now = await activeItemsById(tx, [id]);
        const r = rows.find((x) => x.id === id)!;
        if (!now.has(id)) {
          const message = selectItemMessage(r.section, r.index + 1);
          throw badRequest(message, { [rowPath(r, 'id')]: message });
        }
        throw stockConflict(
          rows.filter((x) => x.id === id),
          now,
        );
      }
      locked.set(id, row);
    }
    // Prices are locked now; a price edited since the check changes the total.
    const total = totalPaise(rows, locked, b.customerType);
    if (total !== toPaise(b.totalPrice)) throw totalMismatch(total, b.totalPrice);

    const rx = await insertPrescription(tx, {
      id: rxId,
      petId: b.petId,
      customerType: b.customerType,
      nextFollowUp: b.nextFollowUp,
      followUpTime: b.nextFollowUp ? b.followUpTime : null,
      followUpPurpose: b.nextFollowUp ? b.followUpPurpose : null,
      diagnosis: b.diagnosis,
      totalPaise: total,
      createdBy: userId,
    });
    await assertMayServe(ctx, tx, { ownerId, petIds: [b.petId] }, { kind: 'prescription', id: rx.id });
    const lines = await insertLines(
      tx,
      rows.map((r) => {
        const unit = unitPricePaise(prices(locked.get(r.id)!), b.customerType);
        return {
          prescriptionId: rx.id,
          section: r.section,
          itemId: r.id,
          quantity: r.quantity,
          unitPricePaise: unit,
          lineTotalPaise: unit * r.quantity,
          position: r.index,
        };
      }),
    );
    const entry = {
      ownerId,
      petId: b.petId,
      for: { prescriptionId: rx.id },
      amountPaise: total,
      createdBy: userId,
      tz: ctx.config.tz,
      now: ctx.clock.now(),
    };
    await postCharge(tx, entry);
    // A payment link is money asked for, not received: a pending payment whose link is sent after the commit.
    const method = b.selectedPayment ?? 'not_recorded';
    const payment = await recordPayment(tx, {
      ...entry,
      method,
      status: method === 'payment_link' ? 'pending' : 'completed',
      paymentType: b.selectedPaymentType ?? null,
    });
    if (rx.nextFollowUp) {
      await scheduleFollowUp(tx, {
        petId: rx.petId,
        date: rx.nextFollowUp,
        time: rx.followUpTime,
        purpose: rx.followUpPurpose!,
        source: 'prescription',
        sourceId: rx.id,
      });
    }
    await announcePrescriptionWritten(tx, {
      ctx,
      prescriptionId: rx.id,
      petId: rx.petId,
      ownerId,
      totalPaise: total,
      nextFollowUp: rx.nextFollowUp ?? null,
      now: entry.now,
    });
    return { rx, lines, payment, items: locked };
  });
  const sent = await sendLinkAfterCommit(ctx, result.payment);
  return {
    prescription: toApi(result.rx, result.lines, result.items, sent.payment ? [sent.payment] : []),
    paid: sent.payment?.status === 'completed',
    link: sent.payment?.method !== 'payment_link' ? null : sent.linkError ? 'failed' : sent.linkEmailed ? 'sent' : 'no_email',
  };
}

function toApi(
  rx: PrescriptionRow,
  lines: LineRow[],
  items: ReadonlyMap<string, ItemRow>,
  entries: readonly LedgerRow[],
): Prescription {
  const sections = Object.fromEntries(PRESCRIPTION_SECTIONS.map((s) => [s, [] as PrescriptionLine[]])) as Record<
    PrescriptionSection,
    PrescriptionLine[]
  >;
  for (const l of [...lines].sort((a, b) => a.position - b.position)) {
    const item = items.get(l.itemId);
    const section = sections[l.section as PrescriptionSection];
    if (!section) continue;
    section.push({
      id: { _id: l.itemId, itemName: item?.itemName ?? 'Unknown item', stockUnit: item?.stockUnit ?? '' },
      quantity: l.quantity,
      unitPrice: toRupees(l.unitPricePaise),
      price: toRupees(l.lineTotalPaise),
    });
  }
  const p = latestPayment(entries);
  const total = toRupees(rx.totalPaise);
  return {
    _id: rx.id,
    petId: rx.petId,
    createdAt: rx.createdAt.toISOString(),
    customerType: rx.customerType,
    diagnosis: rx.diagnosis ?? null,
    nextFollowUp: rx.nextFollowUp ?? null,
    followUpTime: rx.followUpTime ?? null,
    followUpPurpose: rx.followUpPurpose ?? null,
    totalPrice: total,
    price: total,
    ...sections,
    payment: p
      ? {
          _id: p.id,
          method: p.method ?? 'not_recorded',
          methodLabel: ledgerMethodLabel(p.method),
          paymentType: p.paymentType ?? null,
          amount: toRupees(p.amountPaise),
          status: p.status === 'completed' ? 'paid' : p.status,
          receiptNo: p.receiptNo ?? null,
          paidAt: p.paidAt ? p.paidAt.toISOString() : null,
          linkUrl: p.status === 'pending' ? p.linkUrl : null,
        }
      : null,
  };
}

/** A pet's prescriptions, newest first, with item names, quantities and the payment. */
export async function listPrescriptions(
  db: Db | DbOrTx,
  petId: string,
  q: { limit: number; cursor?: string },
): Promise<{ data: Prescription[]; nextCursor: string | null }> {
  if (!(await petExists(db, petId))) throw notFound('Pet');
  const { rows, nextCursor } = page(await pagePrescriptions(db, petId, q.limit, decodeCursor(q.cursor)), q.limit);
  const ids = rows.map((r) => r.id);
  const lines = await linesOf(db, ids);
  const items = await itemsByIdAnyState(db, [...new Set(lines.map((l) => l.itemId))]);
  const pays = await entriesBySubject(db, 'prescriptionId', ids);
  const linesByRx = new Map<string, LineRow[]>();
  for (const l of lines) linesByRx.set(l.prescriptionId, [...(linesByRx.get(l.prescriptionId) ?? []), l]);
  return { data: rows.map((r) => toApi(r, linesByRx.get(r.id) ?? [], items, pays.get(r.id) ?? [])), nextCursor };
}
