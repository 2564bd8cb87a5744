import { addDays, type CustomerType, RX_MESSAGES, todayIn } from '@pawdesk/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { followUps, inventoryItems, payments, prescriptionLines, prescriptions, stockMovements } from '../../db/schema/index.ts';
import { makeItem as makeAnyItem, makeOwner, makePet } from '../../../test/factories.ts';
import { emailsAbout } from '../../../test/payments-fixtures.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const ADD = '/api/v1/prescription/addprescription';
const save = (payload: object, token = staff.token) => t.call({ method: 'POST', url: ADD, payload, token });
const getFor = (petId: string, token: string | null = staff.token, query?: Record<string, string>) =>
  t.call({ method: 'GET', url: `/api/v1/prescription/getprescription/${petId}`, token: token ?? undefined, query });
const tomorrow = () => addDays(todayIn('Asia/Kolkata'), 1);
const stockOf = async (id: string) =>
  (await t.database.db.select({ s: inventoryItems.stock }).from(inventoryItems).where(eq(inventoryItems.id, id)))[0]!.s;
const rxCountFor = async (petId: string) => t.database.db.$count(prescriptions, eq(prescriptions.petId, petId));

/**
 * An inventory item named as the test's messages expect. Active names are unique per stock unit, so an earlier
 * test's item of the same name is retired first (tests of this file run one after another).
 */
async function makeItem(db: typeof t.database.db, i: Parameters<typeof makeAnyItem>[1] & { itemName: string }) {
  await db
    .update(inventoryItems)
    .set({ deletedAt: new Date() })
    .where(and(eq(inventoryItems.itemName, i.itemName), isNull(inventoryItems.deletedAt)));
  return makeAnyItem(db, i);
}

/** Items priced [NGO min, customer max] in rupees. */
async function fixtures() {
  const db = t.database.db;
  const pet = await makePet(db, { name: 'Sheru' });
  const tab = await makeItem(db, {
    itemName: 'Amoxicillin 250mg',
    stock: 100,
    stockUnit: 'tablet',
    unitMinRetailNgoPaise: 600,
    unitMaxRetailCustomerPaise: 900,
  });
  const ml = await makeItem(db, {
    itemName: 'Meloxicam Oral',
    stock: 60,
    stockUnit: 'ml',
    unitMinRetailNgoPaise: 1100,
    unitMaxRetailCustomerPaise: 1500,
  });
  const mg = await makeItem(db, {
    itemName: 'Metronidazole',
    stock: 2000,
    stockUnit: 'mg',
    unitMinRetailNgoPaise: 15,
    unitMaxRetailCustomerPaise: 25,
  });
  const vac = await makeItem(db, {
    itemName: 'Rabies Vaccine',
    stock: 25,
    stockUnit: 'item',
    itemType: 'vaccine',
    unitMinRetailNgoPaise: 25000,
    unitMaxRetailCustomerPaise: 40000,
  });
  return { pet, tab, ml, mg, vac };
}

/**
 * A cash prescription of `quantity` tablets of `tab` for `pet` at the NGO
 * price (₹6 a tablet); `o` adds fields or overrides these.
 */
const tablets = ({ pet, tab }: { pet: { id: string }; tab: { id: string } }, quantity = 1, o: object = {}) => ({
  petId: pet.id,
  customerType: 'NGO',
  tablets: [{ id: tab.id, quantity }],
  totalPrice: 6 * quantity,
  selectedPayment: 'cash',
  ...o,
});

describe('POST /prescription/addprescription: pricing decided by the server', () => {
  // 3×tablet + 2×ml + 500×mg + 1×vaccine
  it.each([
    ['NGO', 365, 'NGO'],
    ['pvtltd', 582, 'pvtltd'],
  ] as [CustomerType, number, string][])('%s pays %d', async (customerType, total) => {
    const { pet, tab, ml, mg, vac } = await fixtures();
    const res = await save({
      petId: pet.id,
      customerType,
      items: [{ id: vac.id, quantity: 1 }],
      tablets: [{ id: tab.id, quantity: 3 }],
      mg: [{ id: mg.id, quantity: 500 }],
      ml: [{ id: ml.id, quantity: 2 }],
      diagnosis: 'Tick fever',
      totalPrice: total,
      selectedPayment: 'cash',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Payment Done Successfully! Prescription saved.',
      prescription: {
        petId: pet.id,
        customerType,
        diagnosis: 'Tick fever',
        totalPrice: total,
        price: total,
        payment: { method: 'cash', amount: total, status: 'paid' },
      },
    });
    const entries = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.prescriptionId, body.prescription._id))
      .orderBy(payments.createdAt);
    // The ledger owes the total and takes it: a charge and a completed payment with a receipt number.
    expect(entries).toMatchObject([
      { kind: 'charge', method: null, amountPaise: total * 100, status: 'completed', petId: pet.id, createdBy: staff.id },
      { kind: 'payment', method: 'cash', amountPaise: total * 100, status: 'completed', petId: pet.id, createdBy: staff.id },
    ]);
    expect(entries[1]!.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(body.prescription.payment.receiptNo).toBe(entries[1]!.receiptNo);
  });

  it('rejects a client total that differs (400 with the expected amount); nothing saved, stock untouched', async () => {
    const { pet, tab } = await fixtures();
    const res = await save(tablets({ pet, tab }, 2, { totalPrice: 18 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, expectedTotal: 12 });
    expect(res.json().message).toContain('₹12.00');
    expect(await stockOf(tab.id)).toBe(100);
    expect(await rxCountFor(pet.id)).toBe(0);
  });

  it('a payment link is a pending payment with a link sent (money asked for, not received: no receipt)', async () => {
    const { tab } = await fixtures();
    const owner = await makeOwner(t.database.db, { email: 'sheru.owner@example.com' });
    const pet = await makePet(t.database.db, { ownerId: owner.id, name: 'Sheru' });
    const res = await save({
      petId: pet.id,
      customerType: 'pvtltd',
      tablets: [{ id: tab.id, quantity: 2 }],
      totalPrice: 18,
      selectedPayment: 'payment_link',
      selectedPaymentType: 'advance_payment',
    });
    expect(res.statusCode).toBe(201);
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.prescriptionId, res.json().prescription._id), eq(payments.kind, 'payment')));
    expect(p).toMatchObject({
      method: 'payment_link',
      paymentType: 'advance_payment',
      amountPaise: 1800,
      status: 'pending',
      receiptNo: null,
    });
    expect(p!.linkUrl).toEqual(expect.any(String));
    expect(res.json().message).toBe(RX_MESSAGES.savedLinkSent);
    expect(res.json().prescription.payment).toMatchObject({ status: 'pending', linkUrl: p!.linkUrl });
    expect(await emailsAbout(t.database.db, p!.id)).toHaveLength(1);
  });

  it('saves a zero-total prescription without a payment', async () => {
    const { pet } = await fixtures();
    const free = await makeItem(t.database.db, {
      itemName: 'Sample Sachet',
      stock: 5,
      unitMinRetailNgoPaise: 0,
      unitMaxRetailCustomerPaise: 0,
    });
    const res = await save({ petId: pet.id, customerType: 'pvtltd', items: [{ id: free.id, quantity: 1 }], totalPrice: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Prescription saved successfully!');
    expect(res.json().prescription.payment).toBeNull();
    expect(await t.database.db.$count(payments, eq(payments.prescriptionId, res.json().prescription._id))).toBe(0);
  });

  it("accepts a prescription without a method (the existing client's): paid, method not recorded, shown so", async () => {
    const { pet, tab } = await fixtures();
    const res = await save({ petId: pet.id, customerType: 'NGO', tablets: [{ id: tab.id, quantity: 1 }], totalPrice: 6 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Payment Done Successfully! Prescription saved.',
      prescription: { payment: { method: 'not_recorded', methodLabel: 'Method not recorded', amount: 6, status: 'paid' } },
    });
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.prescriptionId, res.json().prescription._id), eq(payments.kind, 'payment')));
    expect(p).toMatchObject({ method: 'not_recorded', status: 'completed', amountPaise: 600 });
    // Wherever the pet's prescriptions are listed, the payment reads the same.
    const listed = (await getFor(pet.id)).json().data.find((r: { _id: string }) => r._id === res.json().prescription._id);
    expect(listed.payment).toMatchObject({ method: 'not_recorded', methodLabel: 'Method not recorded' });
    const cash = await save(tablets({ pet, tab }));
    expect(cash.json().prescription.payment).toMatchObject({ method: 'cash', methodLabel: 'Cash' });
  });

  it('refuses an unknown payment method', async () => {
    const { pet, tab } = await fixtures();
    const bad = await save(tablets({ pet, tab }, 1, { selectedPayment: 'cheque' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.selectedPayment).toBe('Please select payment method');
    expect(await rxCountFor(pet.id)).toBe(0);
  });
});

describe('stock', () => {
  it('decrements stock and writes a prescribed movement per item with who and the prescription', async () => {
    const { pet, tab, ml } = await fixtures();
    const res = await save({
      petId: pet.id,
      customerType: 'pvtltd',
      tablets: [{ id: tab.id, quantity: 4 }],
      ml: [{ id: ml.id, quantity: 5 }],
      totalPrice: 4 * 9 + 5 * 15,
      selectedPayment: 'cash',
    });
    expect(res.statusCode).toBe(201);
    const rxId = res.json().prescription._id;
    expect(await stockOf(tab.id)).toBe(96);
    expect(await stockOf(ml.id)).toBe(55);
    const m = await t.database.db.select().from(stockMovements).where(eq(stockMovements.refId, rxId));
    expect(m.map((x) => [x.itemId, x.delta, x.stockAfter, x.reason, x.userId]).sort()).toEqual(
      [
        [tab.id, -4, 96, 'prescribed', staff.id],
        [ml.id, -5, 55, 'prescribed', staff.id],
      ].sort(),
    );
    const lines = await t.database.db.select().from(prescriptionLines).where(eq(prescriptionLines.prescriptionId, rxId));
    expect(lines.map((l) => [l.section, l.quantity, l.unitPricePaise, l.lineTotalPaise]).sort()).toEqual(
      [
        ['ml', 5, 1500, 7500],
        ['tablets', 4, 900, 3600],
      ].sort(),
    );
  });

  it('checks the sum of all rows of the same item against its stock (409 with the row message)', async () => {
    const { pet } = await fixtures();
    const item = await makeItem(t.database.db, { itemName: 'Prednisolone 5mg', stock: 5, unitMaxRetailCustomerPaise: 500 });
    // 3 units in the items rows and n in the tablets rows, ₹5 each
    const threeAnd = (n: number) => ({
      petId: pet.id,
      customerType: 'pvtltd',
      items: [{ id: item.id, quantity: 3 }],
      tablets: [{ id: item.id, quantity: n }],
      totalPrice: 5 * (3 + n),
      selectedPayment: 'cash',
    });
    const res = await save(threeAnd(3));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Tablet #1: Only 5 units available for Prednisolone 5mg');
    expect(await stockOf(item.id)).toBe(5);
    expect(await rxCountFor(pet.id)).toBe(0);

    const ok = await save(threeAnd(2));
    expect(ok.statusCode).toBe(201);
    expect(await stockOf(item.id)).toBe(0);
    const m = await t.database.db.select().from(stockMovements).where(eq(stockMovements.refId, ok.json().prescription._id));
    expect(m.map((x) => [x.delta, x.stockAfter])).toEqual([[-5, 0]]);
  });

  it.each([
    ['items', 'Item #2: Only 2 units available for Low'],
    ['tablets', 'Tablet #2: Only 2 units available for Low'],
    ['mg', 'MG Item #2: Only 2 units available for Low'],
    ['ml', 'ML Item #2: Only 2 units available for Low'],
  ])('names the %s row that runs out: %s', async (section, message) => {
    const { pet, tab } = await fixtures();
    const low = await makeItem(t.database.db, { itemName: 'Low', stock: 2, unitMaxRetailCustomerPaise: 100 });
    const res = await save({
      petId: pet.id,
      customerType: 'pvtltd',
      [section]: [
        { id: tab.id, quantity: 1 },
        { id: low.id, quantity: 3 },
      ],
      totalPrice: 12,
      selectedPayment: 'cash',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
  });

  it('20 simultaneous prescriptions for the last 5 units: exactly 5 succeed, stock ends at 0', async () => {
    const db = t.database.db;
    const pet = await makePet(db);
    const item = await makeItem(db, { itemName: 'Last Vial', stock: 5, stockUnit: 'item', unitMaxRetailCustomerPaise: 10000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        save({
          petId: pet.id,
          customerType: 'pvtltd',
          items: [{ id: item.id, quantity: 1 }],
          totalPrice: 100,
          selectedPayment: 'cash',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toMatch(/^Item #1: Only [0-4] units available for Last Vial$/);
    }
    expect(await stockOf(item.id)).toBe(0);
    expect(await rxCountFor(pet.id)).toBe(5);
    const m = await db.select().from(stockMovements).where(eq(stockMovements.itemId, item.id));
    expect(m.filter((x) => x.reason === 'prescribed')).toHaveLength(5);
    expect(
      m
        .filter((x) => x.reason === 'prescribed')
        .map((x) => x.stockAfter)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    const rxIds = (await db.select({ id: prescriptions.id }).from(prescriptions).where(eq(prescriptions.petId, pet.id))).map(
      (r) => r.id,
    );
    expect(await db.$count(payments, and(inArray(payments.prescriptionId, rxIds), eq(payments.kind, 'payment')))).toBe(5);
  });
  it('prescriptions naming two items in opposite orders do not deadlock: stock of each is taken exactly once per unit', async () => {
    const db = t.database.db;
    const pet = await makePet(db);
    const a = await makeItem(db, { itemName: 'Pair A', stock: 6, unitMaxRetailCustomerPaise: 100 });
    const b = await makeItem(db, { itemName: 'Pair B', stock: 6, unitMaxRetailCustomerPaise: 100 });
    const body = (first: string, second: string) => ({
      petId: pet.id,
      customerType: 'pvtltd',
      items: [{ id: first, quantity: 1 }],
      tablets: [{ id: second, quantity: 1 }],
      totalPrice: 2,
      selectedPayment: 'cash',
    });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => save(i % 2 ? body(a.id, b.id) : body(b.id, a.id))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect(await stockOf(a.id)).toBe(0);
    expect(await stockOf(b.id)).toBe(0);
  });
});

describe('follow-up: all or nothing', () => {
  it('schedules a follow-up (date, time, purpose, pet) with the prescription', async () => {
    const { pet, tab } = await fixtures();
    const date = tomorrow();
    const res = await save(
      tablets({ pet, tab }, 1, { nextFollowUp: date, followUpTime: '10:30', followUpPurpose: 'Skin allergy review' }),
    );
    expect(res.statusCode).toBe(201);
    const rx = res.json().prescription;
    expect(rx).toMatchObject({ nextFollowUp: date, followUpTime: '10:30', followUpPurpose: 'Skin allergy review' });
    const f = await t.database.db.select().from(followUps).where(eq(followUps.sourceId, rx._id));
    expect(f).toMatchObject([{ petId: pet.id, date, time: '10:30', purpose: 'Skin allergy review', source: 'prescription' }]);
  });

  it('creates no follow-up when none is given', async () => {
    const res = await save(tablets(await fixtures()));
    expect(res.statusCode).toBe(201);
    expect(await t.database.db.$count(followUps, eq(followUps.sourceId, res.json().prescription._id))).toBe(0);
  });

  it.each([
    [{ nextFollowUp: 'TOMORROW' }, 'Follow-up time is required when scheduling follow-up'],
    [{ followUpTime: '10:00' }, 'Follow-up date is required when scheduling follow-up'],
    [{ followUpPurpose: 'Recheck' }, 'Follow-up date is required when scheduling follow-up'],
    [{ nextFollowUp: 'TOMORROW', followUpTime: '10:00' }, 'Follow-up purpose is required when scheduling follow-up'],
    [{ nextFollowUp: 'TODAY', followUpTime: '10:00', followUpPurpose: 'Recheck' }, 'Follow-up date must be tomorrow or later'],
    [
      { nextFollowUp: 'YESTERDAY', followUpTime: '10:00', followUpPurpose: 'Recheck' },
      'Follow-up date must be tomorrow or later',
    ],
    [
      { nextFollowUp: 'TOMORROW', followUpTime: '25:00', followUpPurpose: 'Recheck' },
      'Follow-up time must be a valid time (HH:mm)',
    ],
    [
      { nextFollowUp: '2027-13-01', followUpTime: '10:00', followUpPurpose: 'Recheck' },
      'Follow-up date must be a valid date (yyyy-MM-dd)',
    ],
  ] as [{ nextFollowUp?: string; followUpTime?: string; followUpPurpose?: string }, string][])(
    'rejects %j (400), saving nothing',
    async (f, message) => {
      const { pet, tab } = await fixtures();
      const today = todayIn('Asia/Kolkata');
      const dates: Record<string, string> = { TOMORROW: addDays(today, 1), TODAY: today, YESTERDAY: addDays(today, -1) };
      const followUp = { ...f, ...(f.nextFollowUp && dates[f.nextFollowUp] ? { nextFollowUp: dates[f.nextFollowUp] } : {}) };
      const res = await save(tablets({ pet, tab }, 1, followUp));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await rxCountFor(pet.id)).toBe(0);
      expect(await t.database.db.$count(followUps, eq(followUps.petId, pet.id))).toBe(0);
      expect(await stockOf(tab.id)).toBe(100);
    },
  );
});

describe('bad input: 400 with a clear message, nothing saved', () => {
  it.each([
    [
      'no pet',
      (f: any) => ({ customerType: 'NGO', tablets: [{ id: f.tab.id, quantity: 1 }] }),
      'A pet must be selected. Please select a pet before proceeding.',
    ],
    [
      'unknown pet',
      (f: any) => ({ petId: 'e'.repeat(24), customerType: 'NGO', tablets: [{ id: f.tab.id, quantity: 1 }] }),
      'The selected pet does not exist. Please select a pet before proceeding.',
    ],
    [
      'no customer type',
      (f: any) => ({ petId: f.pet.id, tablets: [{ id: f.tab.id, quantity: 1 }] }),
      'Please select a customer type.',
    ],
    [
      'no rows',
      (f: any) => ({ petId: f.pet.id, customerType: 'NGO', items: [], tablets: [] }),
      'Please add at least one medication (Item, Tablet, MG, or ML) before proceeding.',
    ],
    [
      'unknown item',
      (f: any) => ({
        petId: f.pet.id,
        customerType: 'NGO',
        tablets: [
          { id: f.tab.id, quantity: 1 },
          { id: 'd'.repeat(24), quantity: 1 },
        ],
      }),
      'Please select a valid tablet for Tablet #2',
    ],
    [
      'empty item select',
      (f: any) => ({ petId: f.pet.id, customerType: 'NGO', mg: [{ id: '', quantity: 1 }] }),
      'Please select a valid MG item for MG Item #1',
    ],
    [
      'zero quantity',
      (f: any) => ({ petId: f.pet.id, customerType: 'NGO', ml: [{ id: f.ml.id, quantity: 0 }] }),
      'Please enter a valid quantity for ML Item #1',
    ],
    [
      'fractional quantity',
      (f: any) => ({ petId: f.pet.id, customerType: 'NGO', items: [{ id: f.vac.id, quantity: 1.5 }] }),
      'Please enter a valid quantity for Item #1',
    ],
    [
      'non-numeric quantity',
      (f: any) => ({ petId: f.pet.id, customerType: 'NGO', items: [{ id: f.vac.id, quantity: 'x' }] }),
      'Please enter a valid quantity for Item #1',
    ],
    [
      'negative total',
      (f: any) => ({ petId: f.pet.id, customerType: 'NGO', tablets: [{ id: f.tab.id, quantity: 1 }], totalPrice: -6 }),
      'Total price cannot be negative',
    ],
  ])('%s', async (_, make, message) => {
    const f = await fixtures();
    const res = await save({ totalPrice: 6, selectedPayment: 'cash', ...make(f) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await rxCountFor(f.pet.id)).toBe(0);
    expect(await stockOf(f.tab.id)).toBe(100);
  });

  it('treats a deleted item as unknown', async () => {
    const f = await fixtures();
    await t.call({ method: 'DELETE', url: `/api/v1/inventory/deleteinventory/${f.ml.id}`, token: staff.token });
    const res = await save({
      petId: f.pet.id,
      customerType: 'NGO',
      ml: [{ id: f.ml.id, quantity: 1 }],
      totalPrice: 11,
      selectedPayment: 'cash',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a valid ML item for ML Item #1');
  });
});

describe('GET /prescription/getprescription/{petId}', () => {
  it('lists the pet’s prescriptions newest first with item names, units and quantities (token required)', async () => {
    const { pet, tab, vac } = await fixtures();
    const date = tomorrow();
    await save(tablets({ pet, tab }, 2));
    await save({
      petId: pet.id,
      customerType: 'pvtltd',
      items: [{ id: vac.id, quantity: 1 }],
      tablets: [{ id: tab.id, quantity: 3 }],
      nextFollowUp: date,
      followUpTime: '09:00',
      followUpPurpose: 'Booster',
      diagnosis: 'Annual vaccination',
      totalPrice: 427,
      selectedPayment: 'payment_link',
    });
    const res = await getFor(pet.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Prescriptions fetched successfully');
    expect(body.data).toHaveLength(2);
    const [latest, first] = body.data;
    expect(latest).toMatchObject({
      customerType: 'pvtltd',
      diagnosis: 'Annual vaccination',
      nextFollowUp: date,
      followUpTime: '09:00',
      followUpPurpose: 'Booster',
      totalPrice: 427,
      price: 427,
      items: [{ id: { _id: vac.id, itemName: 'Rabies Vaccine', stockUnit: 'item' }, quantity: 1, unitPrice: 400, price: 400 }],
      tablets: [{ id: { _id: tab.id, itemName: 'Amoxicillin 250mg', stockUnit: 'tablet' }, quantity: 3 }],
      mg: [],
      ml: [],
      payment: { method: 'payment_link', amount: 427 },
    });
    expect(first).toMatchObject({ customerType: 'NGO', totalPrice: 12, tablets: [{ quantity: 2 }] });
    expect(typeof latest._id).toBe('string');
    expect(Date.parse(latest.createdAt)).not.toBeNaN();

    const paged = await getFor(pet.id, staff.token, { limit: '1' });
    expect(paged.json().data).toHaveLength(1);
    const next = await getFor(pet.id, staff.token, { limit: '1', cursor: paged.json().nextCursor });
    expect(next.json().data.map((x: any) => x._id)).toEqual([first._id]);
    expect(next.json().nextCursor).toBeNull();
  });

  it('without limit (the existing client never pages) answers up to 500 prescriptions, more than one page of 100', async () => {
    const pet = await makePet(t.database.db);
    await t.database.db
      .insert(prescriptions)
      .values(Array.from({ length: 110 }, () => ({ petId: pet.id, customerType: 'pvtltd' as const, totalPaise: 10000 })));
    const all = (await getFor(pet.id)).json();
    expect(all.data).toHaveLength(110);
    expect(all.nextCursor).toBeNull();
    expect((await getFor(pet.id, staff.token, { limit: '50' })).json().data).toHaveLength(50);
  });

  it('answers an empty list for a pet without prescriptions, 404 for an unknown pet, 400 for a malformed id', async () => {
    const pet = await makePet(t.database.db);
    const res = await getFor(pet.id);
    expect(res.json()).toMatchObject({ success: true, data: [], message: 'No prescriptions found' });
    expect((await getFor('0'.repeat(24))).statusCode).toBe(404);
    expect((await getFor('xyz')).statusCode).toBe(400);
  });

  it('keeps names of items deleted later', async () => {
    const { pet, tab } = await fixtures();
    await save(tablets({ pet, tab }));
    await t.call({ method: 'DELETE', url: `/api/v1/inventory/deleteinventory/${tab.id}`, token: staff.token });
    expect((await getFor(pet.id)).json().data[0].tablets[0].id.itemName).toBe('Amoxicillin 250mg');
  });
});

describe('permissions', () => {
  it('anonymous callers get 401 and customers 403 on both calls', async () => {
    const { pet, tab } = await fixtures();
    const payload = tablets({ pet, tab });
    expect((await t.call({ method: 'POST', url: ADD, payload })).statusCode).toBe(401);
    expect((await save(payload, customer.token)).statusCode).toBe(403);
    expect((await getFor(pet.id, null)).statusCode).toBe(401);
    expect((await getFor(pet.id, customer.token)).statusCode).toBe(403);
    expect(await stockOf(tab.id)).toBe(100);
  });
});
