import { dateInTz, gstinCheckChar } from '@pawdesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeOwner, makeOwnerWithoutPhone, makePet } from '../../../test/factories.ts';
import { testConfig, type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';
import { lastReceiptSeq, payCash, visitToPay } from '../../../test/payments-fixtures.ts';
import { getAs, postAs } from '../../../test/visit-kit.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, payments, taxDocumentLines, taxDocuments, visits, visitTypes } from '../../db/schema/index.ts';
import { lockLedger, postCharge, postCredit } from '../payments/payments.service.ts';
import { documentsBetween, gstTotalsBetween } from './documents.service.ts';

/** GST documents issued from real sales (issue 17): arithmetic, series, credit notes, reading, PDF, email. */

const BUSINESS_GSTIN = `06AAAAA0000A1Z${gstinCheckChar('06AAAAA0000A1Z')}`;
const DELHI_GSTIN = `07BBBBB1111B1Z${gstinCheckChar('07BBBBB1111B1Z')}`;
const t = useTestApp({
  business: { ...testConfig().business, gstin: BUSINESS_GSTIN, stateCode: '06', upiId: 'petdaycare@upi' },
});
const staff = useTestUser(t, 'staff');
const customerA = useTestUser(t, 'customer');
const customerB = useTestUser(t, 'customer');
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
const db = () => t.database.db;
const post = postAs(t);
const get = getAs(t);

type DocRow = typeof taxDocuments.$inferSelect;
type LineRow = typeof taxDocumentLines.$inferSelect;

async function docsOfVisit(visitId: string): Promise<(DocRow & { lines: LineRow[] })[]> {
  const docs = await db().select().from(taxDocuments).where(eq(taxDocuments.visitId, visitId)).orderBy(taxDocuments.createdAt);
  const out = [];
  for (const d of docs) {
    const lines = await db()
      .select()
      .from(taxDocumentLines)
      .where(eq(taxDocumentLines.documentId, d.id))
      .orderBy(taxDocumentLines.lineNo);
    out.push({ ...d, lines });
  }
  return out;
}

const figures = (l: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number }) => [
  l.taxablePaise,
  l.cgstPaise,
  l.sgstPaise,
  l.igstPaise,
  l.totalPaise,
];

let itemSeq = 0;
/** A shop sale of one item (name matched to an inventory item with these GST fields), paid in cash. */
async function shopSale(
  item: { price: number; quantity?: number; rate: number; exempt?: boolean; hsn?: string | null; includesTax?: boolean },
  owner: Parameters<typeof makeOwner>[1] = {},
) {
  const name = `Item ${++itemSeq} ${Math.random().toString(36).slice(2, 7)}`;
  await makeItem(db(), {
    itemName: name,
    hsnCode: item.hsn === undefined ? '23091000' : item.hsn,
    gstRatePercent: item.rate,
    gstExempt: item.exempt ?? false,
    priceIncludesTax: item.includesTax ?? true,
  });
  const o = await makeOwner(db(), owner);
  const pet = await makePet(db(), { ownerId: o.id });
  const quantity = item.quantity ?? 1;
  const total = Math.round(item.price * 100 * quantity) / 100;
  const shop = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'shop')))[0]!;
  const res = await post(
    '/visit/addshopvisit',
    {
      petId: pet.id,
      visitType: shop.id,
      items: [{ name, price: item.price, quantity }],
      details: { totalCalculatedPrice: total, selectedPayment: 'cash' },
    },
    staff.token,
  );
  expect(res.statusCode).toBe(201);
  return { visitId: res.json().visit._id as string, owner: o, pet };
}

/** A visit of a visit type with these GST fields, charged `chargePaise` directly on the ledger at `now`. */
async function chargedVisit(o: {
  chargePaise: number;
  rate: number;
  exempt?: boolean;
  includesTax?: boolean;
  now?: Date;
  ownerState?: string | null;
}) {
  const [type] = await db()
    .insert(visitTypes)
    .values({
      code: `gst_${++itemSeq}_${Math.random().toString(36).slice(2, 6)}`,
      purpose: `Service ${itemSeq} ${Math.random().toString(36).slice(2, 6)}`,
      pricePaise: o.chargePaise,
      sacCode: '998719',
      gstRatePercent: o.rate,
      gstExempt: o.exempt ?? false,
      priceIncludesTax: o.includesTax ?? true,
    })
    .returning();
  const owner = await makeOwner(db(), { stateCode: o.ownerState ?? null });
  const pet = await makePet(db(), { ownerId: owner.id });
  const [visit] = await db()
    .insert(visits)
    .values({ petId: pet.id, visitTypeId: type!.id, purpose: type!.purpose, pricePaise: o.chargePaise })
    .returning();
  const now = o.now ?? new Date();
  const charge = await db().transaction(async (tx) => {
    await lockLedger(tx, [owner.id]);
    return postCharge(tx, {
      ownerId: owner.id,
      petId: pet.id,
      for: { visitId: visit!.id },
      amountPaise: o.chargePaise,
      tz: 'Asia/Kolkata',
      now,
    });
  });
  return { visitId: visit!.id, owner, pet, charge: charge! };
}

async function credit(chargeId: string, amountPaise: number) {
  const [charge] = await db().select().from(payments).where(eq(payments.id, chargeId));
  return db().transaction(async (tx) => {
    await lockLedger(tx, [charge!.ownerId]);
    return postCredit(tx, { charge: charge!, amountPaise, tz: 'Asia/Kolkata', now: new Date(), note: 'test credit' });
  });
}

describe('GST arithmetic through real sales (one line each)', () => {
  // [label, price ₹, qty, rate, includes tax, buyer state, expected taxable, cgst, sgst, igst, total (paise), series]
  const table: [string, number, number, number, boolean, string | null, number, number, number, number, number, string][] = [
    ['18 % inclusive, intra-state', 118, 1, 18, true, null, 10000, 900, 900, 0, 11800, 'T'],
    ['18 % inclusive, inter-state (Delhi buyer): IGST', 118, 1, 18, true, '07', 10000, 0, 0, 1800, 11800, 'T'],
    ['5 % inclusive: ₹99.99 rounds to the paisa, odd paisa to CGST', 99.99, 1, 5, true, null, 9523, 238, 238, 0, 9999, 'T'],
    ['18 % inclusive ₹99.99: taxable 84.74, tax 15.25 (7.63 + 7.62)', 99.99, 1, 18, true, null, 8474, 763, 762, 0, 9999, 'T'],
    ['40 % inclusive, 3 units of ₹35.50', 35.5, 3, 40, true, null, 7607, 1522, 1521, 0, 10650, 'T'],
    ['40 % inclusive, inter-state', 140, 1, 40, true, '27', 10000, 0, 0, 4000, 14000, 'T'],
    ['0 %: nil-rated, on a bill of supply', 250, 2, 0, true, null, 50000, 0, 0, 0, 50000, 'B'],
  ];
  for (const [label, price, qty, rate, incl, state, taxable, cgst, sgst, igst, total, series] of table) {
    it(label, async () => {
      const { visitId } = await shopSale({ price, quantity: qty, rate, includesTax: incl }, { stateCode: state });
      const docs = await docsOfVisit(visitId);
      expect(docs.map((d) => d.series)).toEqual([series]);
      const [doc] = docs;
      expect(doc!.lines).toHaveLength(1);
      expect(figures(doc!.lines[0]!)).toEqual([taxable, cgst, sgst, igst, total]);
      expect(figures(doc!)).toEqual([taxable, cgst, sgst, igst, total]);
      expect(doc!.interState).toBe(state !== null && state !== '06');
      expect(doc!.placeOfSupply).toBe(state ?? '06');
      expect(doc!.lines[0]).toMatchObject({ code: '23091000', codeKind: 'HSN', ratePercent: rate });
    });
  }

  it('a buyer with a Delhi GSTIN (no state on record): place of supply Delhi from the GSTIN, IGST, GSTIN printed', async () => {
    const { visitId } = await shopSale({ price: 105, rate: 5 }, { gstin: DELHI_GSTIN, stateCode: null });
    const [doc] = await docsOfVisit(visitId);
    expect(doc).toMatchObject({ placeOfSupply: '07', interState: true });
    expect(figures(doc!)).toEqual([10000, 0, 0, 500, 10500]);
    const view = (await get(`/documents/${doc!.id}`, staff.token)).json().document;
    expect(view.buyer).toMatchObject({ gstin: DELHI_GSTIN });
    expect(view.placeOfSupply).toEqual({ code: '07', name: 'Delhi' });
  });

  it('an exempt item goes on a bill of supply with no rate and no tax', async () => {
    const { visitId } = await shopSale({ price: 500, rate: 0, exempt: true });
    const [doc, ...more] = await docsOfVisit(visitId);
    expect(more).toEqual([]);
    expect(doc).toMatchObject({ kind: 'bill_of_supply', series: 'B' });
    expect(doc!.lines[0]).toMatchObject({ ratePercent: null });
    expect(figures(doc!)).toEqual([50000, 0, 0, 0, 50000]);
  });

  it('an exclusive price: ₹100 + 18 % charged ₹118.00 prints taxable ₹100.00 at a price before tax', async () => {
    const { visitId } = await chargedVisit({ chargePaise: 11800, rate: 18, includesTax: false });
    const [doc] = await docsOfVisit(visitId);
    expect(doc!.lines[0]).toMatchObject({ priceIncludesTax: false, unitPricePaise: 10000, code: '998719', codeKind: 'SAC' });
    expect(figures(doc!)).toEqual([10000, 900, 900, 0, 11800]);
  });

  it('an exclusive 5 % price whose gross cannot come from a whole taxable value is printed tax-inclusive, still to the paisa', async () => {
    // 5 % on top gives 105, 106.05, …; a charge of ₹1.02: taxable 0.97 + 0.05 = 1.02 (exclusive) exists; ₹0.10: 0.10 = 0.10+0.00? no.
    const { visitId } = await chargedVisit({ chargePaise: 10, rate: 5, includesTax: false });
    const [doc] = await docsOfVisit(visitId);
    expect(doc!.totalPaise).toBe(10);
    expect(doc!.lines[0]!.taxablePaise + doc!.lines[0]!.cgstPaise + doc!.lines[0]!.sgstPaise).toBe(10);
  });

  it('a retired 12 % rate on a document dated before 22 Sep 2025 (financial year 2025-26)', async () => {
    const { visitId } = await chargedVisit({ chargePaise: 11200, rate: 12, now: new Date('2025-09-01T06:00:00Z') });
    const [doc] = await docsOfVisit(visitId);
    expect(doc).toMatchObject({ documentDate: '2025-09-01', financialYear: '2025-26' });
    expect(doc!.number).toMatch(/^T\/2025-26\/\d{6}$/);
    expect(figures(doc!)).toEqual([10000, 600, 600, 0, 11200]);
    expect(doc!.lines[0]!.ratePercent).toBe(12);
  });
});

describe('a sale with taxable and exempt lines', () => {
  it('issues one tax invoice and one bill of supply, each naming the sale, that add up to the charge', async () => {
    const taxed = `Taxed ${Math.random()}`;
    const exempt = `Exempt ${Math.random()}`;
    await makeItem(db(), { itemName: taxed, hsnCode: '23091000', gstRatePercent: 18, priceIncludesTax: true });
    await makeItem(db(), { itemName: exempt, hsnCode: '30049099', gstRatePercent: 0, gstExempt: true });
    const o = await makeOwner(db());
    const pet = await makePet(db(), { ownerId: o.id });
    const shop = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'shop')))[0]!;
    const res = await post(
      '/visit/addshopvisit',
      {
        petId: pet.id,
        visitType: shop.id,
        items: [
          { name: taxed, price: 236, quantity: 2 },
          { name: exempt, price: 150.5 },
        ],
        details: { totalCalculatedPrice: 622.5, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    const visitId = res.json().visit._id;
    const docs = await docsOfVisit(visitId);
    expect(docs.map((d) => d.kind).sort()).toEqual(['bill_of_supply', 'tax_invoice']);
    const inv = docs.find((d) => d.kind === 'tax_invoice')!;
    const bos = docs.find((d) => d.kind === 'bill_of_supply')!;
    expect(inv.number).toMatch(/^T\/2026-27\/\d{6}$/);
    expect(bos.number).toMatch(/^B\/2026-27\/\d{6}$/);
    expect(inv.number.length).toBeLessThanOrEqual(16);
    expect(figures(inv)).toEqual([40000, 3600, 3600, 0, 47200]);
    expect(inv.lines[0]).toMatchObject({ quantity: 2, unitPricePaise: 23600, description: taxed });
    expect(figures(bos)).toEqual([15050, 0, 0, 0, 15050]);
    expect(inv.totalPaise + bos.totalPaise).toBe(62250);
    expect(inv.seller).toMatchObject({ gstin: BUSINESS_GSTIN, stateCode: '06' });
    expect(inv.buyer).toMatchObject({ name: o.name, phone: o.phone });

    const view = (await get(`/documents/${inv.id}`, staff.token)).json().document;
    expect(view).toMatchObject({
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      number: inv.number,
      placeOfSupply: { code: '06', name: 'Haryana' },
      interState: false,
      taxable: 400,
      cgst: 36,
      sgst: 36,
      igst: 0,
      total: 472,
      amountInWords: 'Rupees Four Hundred Seventy Two Only',
      original: null,
      visitId,
      petName: pet.name,
      purpose: shop.purpose,
      due: 0,
      upi: null,
    });
    expect(view.lines[0]).toMatchObject({ codeKind: 'HSN', code: '23091000', ratePercent: 18, taxable: 400, total: 472 });

    const list = (await get(`/documents?visitId=${visitId}`, staff.token)).json().documents;
    expect(list.map((d: { kind: string }) => d.kind).sort()).toEqual(['bill_of_supply', 'receipt', 'tax_invoice']);
    const receipt = list.find((d: { kind: string }) => d.kind === 'receipt');
    const r = (await get(`/documents/${receipt._id}`, staff.token)).json().document;
    expect(r).toMatchObject({
      kind: 'receipt',
      title: 'Receipt',
      total: 622.5,
      payment: { method: 'cash', amount: 622.5 },
      lines: [],
    });
    expect(r.number).toMatch(/^2026-27\/\d{6}$/);
  });
});

describe('discounts', () => {
  it('a Veterinary visit with a discount: the service line is what was charged', async () => {
    const vet = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'veterinary')))[0]!;
    await db()
      .update(visitTypes)
      .set({ sacCode: '998319', gstRatePercent: 18, gstExempt: false, priceIncludesTax: true })
      .where(eq(visitTypes.id, vet.id));
    const pet = await makePet(db());
    const res = await post(
      '/visit/addveterinaryvisit',
      {
        petId: pet.id,
        visitType: vet.id,
        customerType: 'pvtltd',
        details: { discount: 50, finalPrice: vet.consultationPvtPaise / 100 - 50, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = await docsOfVisit(res.json().visit._id);
    expect(doc!.totalPaise).toBe(vet.consultationPvtPaise - 5000);
    expect(doc!.lines).toHaveLength(1);
    expect(doc!.lines[0]).toMatchObject({ description: vet.purpose, code: '998319', ratePercent: 18 });
    const view = (await get(`/documents/${doc!.id}`, staff.token)).json().document;
    expect(view).toMatchObject({ due: 0, upi: null });
  });

  it('what is still due on the sale carries a UPI link for it', async () => {
    const { visitId } = await chargedVisit({ chargePaise: 123456, rate: 5 });
    const [doc] = await docsOfVisit(visitId);
    const view = (await get(`/documents/${doc!.id}`, staff.token)).json().document;
    expect(view.due).toBe(1234.56);
    expect(view.upi).toEqual({
      id: 'petdaycare@upi',
      uri: `upi://pay?pa=petdaycare%40upi&pn=Pet%20DayCare%20Service&am=1234.56&cu=INR&tn=${encodeURIComponent(doc!.number)}`,
    });
  });
});

describe('credit notes', () => {
  it('a void issues a credit note naming the invoice, for the whole charge', async () => {
    const { visitId } = await shopSale({ price: 118, rate: 18 });
    const [inv] = await docsOfVisit(visitId);
    const res = await post('/visit/voidvisit', { visitId, reason: 'Entered twice' }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const docs = await docsOfVisit(visitId);
    const note = docs.find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({ series: 'C', originalDocumentId: inv!.id });
    expect(note.number).toMatch(/^C\/2026-27\/\d{6}$/);
    expect(figures(note)).toEqual(figures(inv!));
    const view = (await get(`/documents/${note.id}`, staff.token)).json().document;
    expect(view).toMatchObject({ kind: 'credit_note', title: 'Credit Note', original: { _id: inv!.id, number: inv!.number } });
    const list = (await get(`/documents?visitId=${visitId}`, staff.token)).json().documents;
    expect(list.find((d: { kind: string }) => d.kind === 'credit_note').original).toEqual({ _id: inv!.id, number: inv!.number });
    expect(list.find((d: { kind: string }) => d.kind === 'credit_note').ledgerEntryId).toBe(note.ledgerEntryId);
    expect(list.find((d: { kind: string }) => d.kind === 'tax_invoice').ledgerEntryId).toBe(inv!.ledgerEntryId);
  });

  it('a cancellation with a partial refund: a credit note for the credit naming the invoice, and a refund receipt', async () => {
    await db().update(visitTypes).set({ sacCode: '999799', gstRatePercent: 18 }).where(eq(visitTypes.code, 'dog_park'));
    const v = await visitToPay(db(), { pricePaise: 2500000 });
    await payCash(db(), v.pet.id, v.visit.id, 2500000);
    const [inv] = await docsOfVisit(v.visit.id);
    expect(inv).toMatchObject({ kind: 'tax_invoice', totalPaise: 2500000 });
    const res = await post('/payments/cancel-sale', { visitId: v.visit.id, reason: 'Owner cancelled the trip' }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const notes = (await docsOfVisit(v.visit.id)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ originalDocumentId: inv!.id, totalPaise: 1750000 });
    expect(notes[0]!.taxablePaise + notes[0]!.cgstPaise + notes[0]!.sgstPaise).toBe(1750000);
    const list = (await get(`/documents?visitId=${v.visit.id}`, staff.token)).json().documents;
    const refund = list.find((d: { kind: string }) => d.kind === 'refund_receipt');
    expect(refund).toMatchObject({ title: 'Refund Receipt', total: 17500 });
    expect(refund.number).toMatch(/^R\/2026-27\/\d{6}$/);
    const view = (await get(`/documents/${refund._id}`, staff.token)).json().document;
    expect(view).toMatchObject({ kind: 'refund_receipt', payment: { method: 'cash', amount: 17500 } });
  });

  it('partial credits never credit more than the invoice; credits adding up to it give back every figure', async () => {
    const { visitId, charge } = await chargedVisit({ chargePaise: 99999, rate: 18, ownerState: '07' });
    const [inv] = await docsOfVisit(visitId);
    expect(inv!.interState).toBe(true);
    await credit(charge.id, 33333);
    await credit(charge.id, 33333);
    await credit(charge.id, 33333);
    const notes = (await docsOfVisit(visitId)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(3);
    const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') =>
      notes.reduce((s, n) => s + n[k], 0);
    expect([sum('taxablePaise'), sum('cgstPaise'), sum('sgstPaise'), sum('igstPaise'), sum('totalPaise')]).toEqual(figures(inv!));
    for (const n of notes) expect(n.originalDocumentId).toBe(inv!.id);
    await expect(credit(charge.id, 1)).rejects.toThrow();
  });

  it('a credit on a sale with an invoice and a bill of supply credits both in proportion', async () => {
    const taxed = `T ${Math.random()}`;
    const exempt = `E ${Math.random()}`;
    await makeItem(db(), { itemName: taxed, hsnCode: '23091000', gstRatePercent: 5 });
    await makeItem(db(), { itemName: exempt, gstRatePercent: 0, gstExempt: true });
    const pet = await makePet(db());
    const shop = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'shop')))[0]!;
    const res = await post(
      '/visit/addshopvisit',
      {
        petId: pet.id,
        visitType: shop.id,
        items: [
          { name: taxed, price: 105 },
          { name: exempt, price: 95 },
        ],
        details: { totalCalculatedPrice: 200, selectedPayment: 'cash' },
      },
      staff.token,
    );
    const visitId = res.json().visit._id;
    const [charge] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.visitId, visitId), eq(payments.kind, 'charge')));
    await credit(charge!.id, 5000);
    const notes = (await docsOfVisit(visitId)).filter((d) => d.kind === 'credit_note');
    expect(notes.map((n) => n.totalPaise).sort()).toEqual([2375, 2625]);
    expect(notes.reduce((s, n) => s + n.totalPaise, 0)).toBe(5000);
  });
});

describe('numbers', () => {
  const lastSeq = async (series: string) => ({ last_seq: await lastReceiptSeq(db(), series) });

  it('are gap-free per series under concurrency: N parallel sales of different owners take 1..N after the last', async () => {
    const before = (await lastSeq('T/2026-27')).last_seq;
    const N = 8;
    const sales = await Promise.all(Array.from({ length: N }, () => shopSale({ price: 59, rate: 18 })));
    const numbers: string[] = [];
    for (const s of sales) for (const d of await docsOfVisit(s.visitId)) numbers.push(d.number);
    const seqs = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: N }, (_, i) => before + i + 1));
    expect(new Set(numbers).size).toBe(N);
  });

  it('a sale that fails after its charge gives its number back', async () => {
    const before = (await lastSeq('T/2026-27')).last_seq;
    const owner = await makeOwner(db());
    const pet = await makePet(db(), { ownerId: owner.id });
    const [type] = await db().select().from(visitTypes).where(eq(visitTypes.code, 'veterinary'));
    await expect(
      db().transaction(async (tx) => {
        const [visit] = await tx
          .insert(visits)
          .values({ petId: pet.id, visitTypeId: type!.id, purpose: type!.purpose, pricePaise: 11800 })
          .returning();
        await lockLedger(tx, [owner.id]);
        await postCharge(tx, {
          ownerId: owner.id,
          petId: pet.id,
          for: { visitId: visit!.id },
          amountPaise: 11800,
          tz: 'Asia/Kolkata',
          now: new Date(),
        });
        expect((await tx.select().from(taxDocuments).where(eq(taxDocuments.visitId, visit!.id))).length).toBe(1);
        throw new Error('the sale fails after its charge');
      }),
    ).rejects.toThrow('the sale fails after its charge');
    expect((await lastSeq('T/2026-27')).last_seq).toBe(before);
    const { visitId } = await shopSale({ price: 118, rate: 18 });
    const [doc] = await docsOfVisit(visitId);
    expect(doc!.seq).toBe(before + 1);
  });
});

describe('reading', () => {
  it('a customer reads their own documents and receipts, not another owner’s (403); unknown 404; malformed 400', async () => {
    const ownerA = await makeOwner(db(), { userId: customerA.id, email: 'a@example.com' });
    await makeOwner(db(), { userId: customerB.id });
    const { visitId } = await shopSale({ price: 118, rate: 18 }, { userId: null });
    // the sale above is someone else's; sell one to A:
    const petA = await makePet(db(), { ownerId: ownerA.id });
    const shop = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'shop')))[0]!;
    const res = await post(
      '/visit/addshopvisit',
      {
        petId: petA.id,
        visitType: shop.id,
        items: [{ name: 'Leash', price: 300 }],
        details: { totalCalculatedPrice: 300, selectedPayment: 'cash' },
      },
      staff.token,
    );
    const aVisit = res.json().visit._id;
    const [aDoc] = await docsOfVisit(aVisit);
    const [otherDoc] = await docsOfVisit(visitId);
    expect((await get(`/documents/${aDoc!.id}`, customerA.token)).statusCode).toBe(200);
    expect((await get(`/documents/${aDoc!.id}/pdf`, customerA.token)).statusCode).toBe(200);
    const forbidden = await get(`/documents/${aDoc!.id}`, customerB.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You can only see your own documents');
    expect((await get(`/documents/${otherDoc!.id}`, customerA.token)).statusCode).toBe(403);
    expect((await get(`/documents/${'0'.repeat(24)}`, staff.token)).statusCode).toBe(404);
    expect((await get('/documents/not-an-id', staff.token)).statusCode).toBe(400);
    expect((await get('/documents', staff.token)).statusCode).toBe(400);
    expect((await get(`/documents?visitId=${aVisit}&ownerId=${ownerA.id}`, staff.token)).statusCode).toBe(400);
    expect((await get(`/documents?visitId=${aVisit}`, customerA.token)).statusCode).toBe(403);
    expect((await get(`/documents/${aDoc!.id}`)).statusCode).toBe(401);

    const mine = await get('/customer/documents?limit=1', customerA.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().documents).toHaveLength(1);
    expect(mine.json().nextCursor).toEqual(expect.any(String));
    const next = (await get(`/customer/documents?limit=10&cursor=${mine.json().nextCursor}`, customerA.token)).json();
    const all = [...mine.json().documents, ...next.documents].map((d: { kind: string }) => d.kind).sort();
    expect(all).toEqual(['bill_of_supply', 'receipt']);
    expect(next.nextCursor).toBeNull();
    expect((await get('/customer/documents', customerB.token)).json().documents).toEqual([]);
    expect((await get('/customer/documents?cursor=bad', customerA.token)).statusCode).toBe(400);
    const byOwner = (await get(`/documents?ownerId=${ownerA.id}`, staff.token)).json().documents;
    expect(byOwner.map((d: { kind: string }) => d.kind).sort()).toEqual(['bill_of_supply', 'receipt']);
  });

  it('the PDF parses, names the document and its totals with ₹, and is downloaded under its number', async () => {
    const { visitId } = await chargedVisit({ chargePaise: 10000000, rate: 18 });
    const [doc] = await docsOfVisit(visitId);
    const res = await get(`/documents/${doc!.id}/pdf`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${doc!.number.replaceAll('/', '-')}.pdf"`);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(doc!.number);
    expect(text).toContain(BUSINESS_GSTIN);
    expect(text).toContain('₹1,00,000.00');
    expect(text).toContain('₹84,745.76');
    expect(text).toContain('Rupees One Lakh Only');
    expect(text).toContain('Scan to pay');
  });
});

describe('an owner imported from the original system without a phone (issue 21)', () => {
  it('is billed: the documents name the buyer with phone null, the PDFs print no phone line and never "null"', async () => {
    const o = await makeOwnerWithoutPhone(db(), { name: 'Kamla Devi', address: 'Old Gurgaon' });
    const pet = await makePet(db(), { ownerId: o.id });
    const name = `Item nophone ${Math.random().toString(36).slice(2, 7)}`;
    await makeItem(db(), { itemName: name, hsnCode: '23091000', gstRatePercent: 18, gstExempt: false, priceIncludesTax: true });
    const shop = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'shop')))[0]!;
    const res = await post(
      '/visit/addshopvisit',
      {
        petId: pet.id,
        visitType: shop.id,
        items: [{ name, price: 118 }],
        details: { totalCalculatedPrice: 118, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    const list = (await get(`/documents?visitId=${res.json().visit._id}`, staff.token)).json().documents;
    expect(list.map((d: { kind: string }) => d.kind).sort()).toEqual(['receipt', 'tax_invoice']);
    for (const d of list as { _id: string }[]) {
      const view = (await get(`/documents/${d._id}`, staff.token)).json().document;
      expect(view.buyer).toMatchObject({ name: 'Kamla Devi', phone: null });
      const pdf = await get(`/documents/${d._id}/pdf`, staff.token);
      expect(pdf.statusCode).toBe(200);
      const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
      const text = (await parser.getText()).text;
      await parser.destroy();
      expect(text).toContain('Kamla Devi');
      expect(text).not.toMatch(/null|undefined/);
      // The business's phone is printed once (the seller); the buyer has no phone line.
      // The buyer's lines: name, address, then straight on (no phone line); the seller's phone only.
      expect(text).toContain('Billed to\nKamla Devi\nOld Gurgaon\nPlace of supply');
      expect(text.match(/Phone:/g)).toHaveLength(1);
    }
  });
});

describe('the amount in words on a document (Indian numbering)', () => {
  it('₹0.50, ₹1,00,000 and ₹12,34,56,789.05', async () => {
    for (const [paise, words] of [
      [50, 'Rupees Zero and Fifty Paise Only'],
      [10000000, 'Rupees One Lakh Only'],
      [12345678905, 'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only'],
    ] as const) {
      const { visitId } = await chargedVisit({ chargePaise: paise, rate: 0 });
      const [doc] = await docsOfVisit(visitId);
      expect(doc!.kind).toBe('bill_of_supply');
      const view = (await get(`/documents/${doc!.id}`, staff.token)).json().document;
      expect(view.total).toBe(paise / 100);
      expect(view.amountInWords).toBe(words);
    }
  });
});

describe('email', () => {
  it('queues the document with its PDF attached; an owner without email is a clear 400', async () => {
    const { visitId } = await shopSale({ price: 118, rate: 18 }, { email: 'buyer@example.com' });
    const [doc] = await docsOfVisit(visitId);
    const res = await post(`/documents/${doc!.id}/email`, {}, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Document emailed to buyer@example.com' });
    const [row] = await db().select().from(notifications).where(sql`${notifications.meta}->>'documentId' = ${doc!.id}`);
    expect(row).toMatchObject({ toAddress: 'buyer@example.com', status: 'queued', kind: 'document' });
    const att = (row!.meta as { attachments: { filename: string; contentType: string; contentBase64: string }[] })
      .attachments[0]!;
    expect(att.filename).toBe(`${doc!.number.replaceAll('/', '-')}.pdf`);
    expect(Buffer.from(att.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const none = await shopSale({ price: 118, rate: 18 }, { email: null });
    const [noneDoc] = await docsOfVisit(none.visitId);
    const bad = await post(`/documents/${noneDoc!.id}/email`, {}, staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The owner has no email address: download the PDF and share it with them');
    expect((await post(`/documents/${noneDoc!.id}/email`, {}, customerA.token)).statusCode).toBe(403);
  });
});

describe('the takings read the documents', () => {
  it('reconciles: the day’s tax invoices and bills of supply less credit notes = charges less credits (to the paisa)', async () => {
    const today = dateInTz(new Date(), 'Asia/Kolkata');
    const { totals, byRate, documents } = await gstTotalsBetween(db() as DbOrTx, today, today);
    const result = (await db().execute(sql`
        select coalesce(sum(case when kind = 'charge' then amount_paise else -amount_paise end), 0)::bigint as net
        from payments where kind in ('charge','credit') and status = 'completed'
        and (paid_at at time zone 'Asia/Kolkata')::date = ${today}::date`)) as unknown as { rows: { net: string }[] };
    const ledger = result.rows[0]!;
    expect(totals.totalPaise).toBe(Number(ledger.net));
    expect(byRate.reduce((s, r) => s + r.totalPaise, 0)).toBe(totals.totalPaise);
    expect(totals.taxableValuePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.totalPaise);
    expect(documents.tax_invoice).toBeGreaterThan(0);
    const rows = await documentsBetween(db() as DbOrTx, today, today);
    const net = rows.reduce((s, d) => s + (d.kind === 'credit_note' ? -d.totalPaise : d.totalPaise), 0);
    expect(net).toBe(totals.totalPaise);
    expect(rows.find((d) => d.kind === 'credit_note')!.originalNumber).toMatch(/^[TB]\/2026-27\//);
  });
});
