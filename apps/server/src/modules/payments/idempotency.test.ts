/**
 * Idempotent money writes (issue 15): a money-writing POST sent with an Idempotency-Key is done once per caller,
 * route and key; a repeat answers the stored answer with the current state of its ledger rows.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operationsOf } from '../../../test/fuzz/schema-values.ts';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';
import { ledgerOfPet, planOf, useVisitTest } from '../../../test/visit-kit.ts';
import { idempotencyKeys, inventoryItems, visits } from '../../db/schema/index.ts';
import { startOutboxWorker } from '../../jobs/outbox.ts';
import { ProviderError } from './providers/errors.ts';
import { OfflineProvider } from './providers/offline.ts';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_MESSAGES as M, requestHash } from './idempotency.service.ts';

const { t, staff, types, db } = useVisitTest();

/**
 * Every POST that writes money. A route of this list missing from the OpenAPI document is skipped (it is still
 * being built): once it lands, it must take the key, or this test fails.
 */
const MONEY_ROUTES = [
  '/visit/addinquiryvisit',
  '/visit/adddogparkvisit',
  '/visit/addveterinaryvisit',
  '/visit/addhostelvisit',
  '/visit/adddaycarevisit',
  '/visit/adddayschoolvisit',
  '/visit/addplayschoolvisit',
  '/visit/addgroomingvisit',
  '/visit/addshopvisit',
  '/visit/addshoppingvisit',
  '/visit/addvisit',
  '/visit/updatehostelvisit',
  '/visit/voidvisit',
  '/subscription/buysubscription',
  '/prescription/addprescription',
  '/boarding/hosteldeboarding',
  '/boarding/daycaredeboarding',
  '/boarding/dayschooldeboarding',
  '/boarding/playschooldeboarding',
  '/deboard/dogparkdeboarding',
  '/payments/create-order',
  '/payments/verify-payment',
  '/payments/verify-pending-payment',
  '/payments/cancel-sale',
  '/payments/refund',
  '/payments/allocate',
  '/wallet/topup',
  '/wallet/refund',
  '/packages/activate',
];

const post = (url: string, payload: object, o: { key?: string; token?: string } = {}) =>
  t.call({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    token: o.token ?? staff.token,
    headers: o.key === undefined ? {} : { 'idempotency-key': o.key },
  });

let keySeq = 0;
const newKey = () => `test-key-${++keySeq}-${Math.random().toString(36).slice(2)}`;

async function pet() {
  const owner = await makeOwner(db(), { email: `idem${++keySeq}@test.in` });
  return makePet(db(), { ownerId: owner.id });
}

/** A Veterinary visit of ₹500, paid now as asked. */
const vetVisit = (petId: string, selectedPayment = 'cash', finalPrice = 500) => ({
  petId,
  visitType: types.veterinary!.id,
  customerType: 'pvtltd',
  details: { finalPrice, selectedPayment },
});

const QUIET_LOG = { info: () => {}, warn: () => {}, error: () => {} } as never;

const visitsOf = (petId: string) => db().select().from(visits).where(eq(visits.petId, petId));

afterEach(() => {
  vi.restoreAllMocks();
  t.clock.set(null);
});

describe('which routes take an Idempotency-Key', () => {
  const documented = () => new Set(operationsOf(t.app.swagger() as never).map((op) => `${op.method} ${op.path}`));

  it.for(MONEY_ROUTES)('POST %s takes the key (skipped until the route exists)', async (route, ctx) => {
    if (!documented().has(`POST /api/v1${route}`)) return ctx.skip();
    const admin = await t.user('staff', { isAdmin: true });
    // The key is checked before the body: a covered route refuses a bad key whatever the body says.
    const res = await post(route, {}, { key: 'k'.repeat(256), token: admin.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(M.badKey);
  });

  it('other routes ignore the header', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/v1/payments/config',
      token: staff.token,
      headers: { 'idempotency-key': 'k'.repeat(300) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a repeat', () => {
  it('answers the stored answer and writes nothing', async () => {
    const p = await pet();
    const key = newKey();
    const first = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const rows = await ledgerOfPet(db(), p.id);
    expect(rows.map((r) => r.kind).sort()).toEqual(['charge', 'payment']);

    for (let i = 0; i < 2; i++) {
      const again = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    }
    expect(await ledgerOfPet(db(), p.id)).toHaveLength(2);
    expect(await visitsOf(p.id)).toHaveLength(1);
    // The key holds the ledger rows the sale wrote.
    const [stored] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ userId: staff.id, route: 'POST /api/v1/visit/addveterinaryvisit', statusCode: 201 });
    expect([...stored!.ledgerRowIds].sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('with the fields in another order is the same request', async () => {
    const p = await pet();
    const key = newKey();
    const body = vetVisit(p.id);
    expect((await post('/visit/addveterinaryvisit', body, { key })).statusCode).toBe(201);
    const reordered = {
      details: { selectedPayment: 'cash', finalPrice: 500 },
      customerType: 'pvtltd',
      visitType: body.visitType,
      petId: p.id,
    };
    const again = await post('/visit/addveterinaryvisit', reordered, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await visitsOf(p.id)).toHaveLength(1);
  });

  it('shows a payment link created after the sale committed', async () => {
    const p = await pet();
    const key = newKey();
    vi.spyOn(OfflineProvider.prototype, 'createPaymentLink').mockRejectedValueOnce(
      new ProviderError(503, 'unavailable', 'The provider is down'),
    );
    const body = vetVisit(p.id, 'payment_link');
    const first = await post('/visit/addveterinaryvisit', body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const payment = first.json().payment;
    expect(payment).toMatchObject({ status: 'pending', linkUrl: null });
    expect(payment.linkError).toEqual(expect.any(String));

    const sent = await post('/payments/payment-link', { paymentId: payment._id });
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await post('/visit/addveterinaryvisit', body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json().payment).toMatchObject({
      _id: payment._id,
      status: 'pending',
      linkUrl: sent.json().linkUrl,
      linkError: null,
    });
    expect(again.json().visit).toEqual(first.json().visit);
    expect(await ledgerOfPet(db(), p.id)).toHaveLength(2);
  });

  it('answers an error given after the sale committed, without asking the provider again', async () => {
    const p = await pet();
    const sale = await post('/visit/addveterinaryvisit', vetVisit(p.id, 'card'));
    expect(sale.statusCode, sale.body).toBe(201);
    const createOrder = vi
      .spyOn(OfflineProvider.prototype, 'createOrder')
      .mockRejectedValueOnce(new ProviderError(500, 'down', 'The provider is down'));
    const key = newKey();
    const body = { notes: { visitId: sale.json().visit._id } };
    const first = await post('/payments/create-order', body, { key });
    expect(first.statusCode, first.body).toBe(502);
    const again = await post('/payments/create-order', body, { key });
    expect(again.statusCode).toBe(502);
    expect(again.json()).toEqual(first.json());
    expect(createOrder).toHaveBeenCalledTimes(1);
    // A new submission (a new key) tries again.
    const retried = await post('/payments/create-order', body, { key: newKey() });
    expect(retried.statusCode, retried.body).toBe(200);
  });
});

describe('a repeat of other money routes', () => {
  it('a prescription: its answer in its own words (paid), one sale, stock taken once', async () => {
    const p = await pet();
    const tab = await makeItem(db(), {
      itemName: `Idem tablet ${newKey()}`,
      stock: 10,
      stockUnit: 'tablet',
      unitMinRetailNgoPaise: 600,
      unitMaxRetailCustomerPaise: 900,
    });
    const key = newKey();
    const body = {
      petId: p.id,
      customerType: 'NGO',
      tablets: [{ id: tab.id, quantity: 2 }],
      totalPrice: 12,
      selectedPayment: 'cash',
    };
    const first = await post('/prescription/addprescription', body, { key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().prescription.payment).toMatchObject({ status: 'paid', receiptNo: expect.any(String) });
    const again = await post('/prescription/addprescription', body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ledgerOfPet(db(), p.id)).toHaveLength(2);
    const [item] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, tab.id));
    expect(item!.stock).toBe(8);
  });

  it('a subscription bought by payment link: one subscription, one charge, one pending payment', async () => {
    const p = await pet();
    const plan = await planOf(db(), 'day_care');
    const price = plan.pricePaise / 100;
    const body = {
      petId: p.id,
      visitType: types.buy_subscription!.id,
      planId: plan.id,
      details: { selectedPayment: 'payment_link', price },
      totalPrice: price,
    };
    const key = newKey();
    const first = await post('/subscription/buysubscription', body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/subscription/buysubscription', body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await ledgerOfPet(db(), p.id)).map((r) => `${r.kind} ${r.status}`).sort()).toEqual([
      'charge completed',
      'payment pending',
    ]);
  });
});

describe('the same key', () => {
  it('with a different body is a 409 and writes nothing', async () => {
    const p = await pet();
    const key = newKey();
    expect((await post('/visit/addveterinaryvisit', vetVisit(p.id), { key })).statusCode).toBe(201);
    const other = await post('/visit/addveterinaryvisit', vetVisit(p.id, 'cash', 400), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, message: M.otherRequest });
    expect(await ledgerOfPet(db(), p.id)).toHaveLength(2);
    expect(await visitsOf(p.id)).toHaveLength(1);
  });

  it('on another route, or by another user, is another key', async () => {
    const p = await pet();
    const key = newKey();
    const first = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key });
    expect(first.statusCode).toBe(201);
    const otherUser = await t.user('staff');
    const byOther = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key, token: otherUser.token });
    expect(byOther.statusCode, byOther.body).toBe(201);
    expect(byOther.json().visit._id).not.toBe(first.json().visit._id);
    const inquiry = await post('/visit/addinquiryvisit', { petId: p.id, visitType: types.inquiry!.id, note: 'q' }, { key });
    expect(inquiry.statusCode, inquiry.body).toBe(201);
    expect(inquiry.headers['idempotent-replayed']).toBeUndefined();
    expect(await visitsOf(p.id)).toHaveLength(3);
  });

  it('is kept 24 hours: after that it is deleted and a new sale may use it', async () => {
    const p = await pet();
    const key = newKey();
    expect((await post('/visit/addveterinaryvisit', vetVisit(p.id), { key })).statusCode).toBe(201);
    t.clock.advanceDays(1);
    const later = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await visitsOf(p.id)).toHaveLength(2);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
  });

  it('expired keys are deleted by the periodic cleanup', async () => {
    const p = await pet();
    const key = newKey();
    expect((await post('/visit/addveterinaryvisit', vetVisit(p.id), { key })).statusCode).toBe(201);
    const now = t.clock.now();
    expect(await deleteExpiredIdempotencyKeys(db(), now)).toBe(0);
    await deleteExpiredIdempotencyKeys(db(), new Date(now.getTime() + 24 * 3600_000 + 1000));
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('the outbox worker deletes expired keys as it ticks', async () => {
    const p = await pet();
    const key = newKey();
    expect((await post('/visit/addveterinaryvisit', vetVisit(p.id), { key })).statusCode).toBe(201);
    const stored = () => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, key));
    const worker = startOutboxWorker({ config: t.config, db: db(), dbKind: t.database.kind }, QUIET_LOG, 50);
    try {
      await vi.waitFor(async () => expect(await stored()).toHaveLength(0), { timeout: 5000, interval: 100 });
    } finally {
      await worker.stop();
    }
  });
});

describe('without the header, or with a bad one', () => {
  it('no header: every request sells, as before', async () => {
    const p = await pet();
    for (let i = 0; i < 2; i++) expect((await post('/visit/addveterinaryvisit', vetVisit(p.id))).statusCode).toBe(201);
    expect(await visitsOf(p.id)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'café'],
    ['a control character', 'a\tb'],
  ])('a key %s is a 400 and writes nothing', async (_, key) => {
    const p = await pet();
    const res = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: M.badKey });
    expect(await visitsOf(p.id)).toHaveLength(0);
  });

  it('a key of 255 printable characters is accepted', async () => {
    const p = await pet();
    const res = await post('/visit/addveterinaryvisit', vetVisit(p.id), { key: ` !~${'k'.repeat(252)}` });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the request hash: what makes two requests with one key the same request', () => {
  const hash = (body: unknown, params: unknown = {}, query: unknown = {}) => requestHash({ body, params, query });
  const sale = {
    ownerId: 'o1',
    items: [
      { itemId: 'a', quantity: 2 },
      { itemId: 'b', quantity: 1 },
    ],
    details: { selectedPayment: 'cash', finalPrice: 500 },
  };

  it('the order of fields does not matter, at any depth, inside lists too; a field left undefined is no field', () => {
    const reordered = {
      details: { finalPrice: 500, selectedPayment: 'cash' },
      items: [
        { quantity: 2, itemId: 'a' },
        { quantity: 1, itemId: 'b', note: undefined },
      ],
      ownerId: 'o1',
      petId: undefined,
    };
    expect(hash(reordered)).toBe(hash(sale));
    // Many fields, in reverse order (a sort that only looked at one side of the comparison would not settle them).
    const wide = Object.fromEntries('qwertyuiopasdfghjklzxcvbnm'.split('').map((k, i) => [k, i]));
    expect(hash(Object.fromEntries(Object.entries(wide).reverse()))).toBe(hash(wide));
  });

  it('a different list is a different request: another value, another order, one more or one less', () => {
    const base = hash(sale);
    const withItems = (items: unknown[]) => hash({ ...sale, items });
    expect(withItems([{ itemId: 'a', quantity: 3 }, sale.items[1]])).not.toBe(base);
    expect(withItems([sale.items[1], sale.items[0]])).not.toBe(base);
    expect(withItems([sale.items[0]])).not.toBe(base);
    expect(withItems([...sale.items, { itemId: 'c', quantity: 1 }])).not.toBe(base);
    expect(hash({ petIds: ['p1', 'p2'] })).not.toBe(hash({ petIds: ['p1p2'] }));
    // The separator between values: without it [1, 23] and [12, 3] would read the same.
    expect(hash({ quantities: [1, 23] })).not.toBe(hash({ quantities: [12, 3] }));
    expect(hash({ petIds: ['p1', 'p2'] })).not.toBe(hash({ petIds: { 0: 'p1', 1: 'p2' } }));
    expect(hash({ petIds: [null] })).toBe(hash({ petIds: [undefined] }));
    expect(hash({ petIds: [null] })).not.toBe(hash({ petIds: [] }));
  });

  it('the path and the query are part of the request; absent ones are empty', () => {
    expect(hash(sale, { id: 'v1' })).not.toBe(hash(sale, { id: 'v2' }));
    expect(hash(sale, {}, { force: '1' })).not.toBe(hash(sale));
    expect(requestHash({ body: sale, params: undefined, query: undefined })).toBe(hash(sale));
    expect(requestHash({ body: undefined, params: {}, query: {} })).toBe(hash(null));
  });
});
