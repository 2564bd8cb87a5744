import type { DrawerResponse } from '@pawdesk/shared';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cashDrawerSessions, payments, visits } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/harness.ts';
import { useVisitTest } from '../../../test/visit-kit.ts';
import { AppError } from '../../lib/errors.ts';
import { postCharge, recordPayment, recordRefund } from '../payments/payments.service.ts';

/**
 * The admin's "drawer required" setting (issue 17 "Bad input": taking cash while no drawer is open, where the
 * business has turned drawer sessions on): every completed cash payment or refund passes the drawer's check in the
 * ledger's cash path, so every route that takes or gives back cash is covered.
 */
const { t, staff, types, db, post } = useVisitTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
const tz = 'Asia/Kolkata';

const getDrawer = async () =>
  (await t.call({ method: 'GET', url: '/api/v1/payments/drawer', token: staff.token })).json() as DrawerResponse;
const setRequired = (required: unknown, token = admin.token) =>
  t.call({ method: 'PUT', url: '/api/v1/settings/cash-drawer', payload: { required } as object, token });
const drawerPost = (url: string, payload: object) =>
  t.call({ method: 'POST', url: `/api/v1/payments/drawer${url}`, payload, token: staff.token });

const vetBody = (petId: string, selectedPayment: string) => ({
  petId,
  visitType: types.veterinary!.id,
  customerType: 'pvtltd',
  details: { discount: 0, finalPrice: 500, selectedPayment },
});

async function rows() {
  const [v] = await db().select({ n: count() }).from(visits);
  const [p] = await db().select({ n: count() }).from(payments);
  return { visits: v!.n, payments: p!.n };
}

/** A charged visit and its owner, inserted directly (the service-level paths). */
async function charged(paise: number) {
  const owner = await makeOwner(db(), { email: `d${Date.now()}${Math.random()}@example.com` });
  const pet = await makePet(db(), { ownerId: owner.id, name: 'Bruno' });
  const [visit] = await db()
    .insert(visits)
    .values({ petId: pet.id, visitTypeId: types.dog_park!.id, purpose: types.dog_park!.purpose, pricePaise: paise })
    .returning();
  const base = { ownerId: owner.id, petId: pet.id, for: { visitId: visit!.id }, tz, now: t.clock.now() };
  await postCharge(db(), { ...base, amountPaise: paise });
  return base;
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).statusCode, message: (err as AppError).message };
};

describe('the drawer required setting', () => {
  it('is off by default; only an admin turns it on (audited); GET /payments/drawer answers it', async () => {
    t.clock.set(new Date('2026-08-01T04:00:00Z'));
    expect(await getDrawer()).toEqual({ session: null, required: false });
    const byStaff = await setRequired(true, staff.token);
    expect(byStaff.statusCode).toBe(403);
    for (const bad of ['yes', 1, null]) expect((await setRequired(bad)).statusCode, String(bad)).toBe(400);
    expect((await getDrawer()).required).toBe(false);

    const on = await setRequired(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ required: true, message: 'Cash now needs an open drawer session' });
    expect((await getDrawer()).required).toBe(true);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.cash_drawer'), eq(auditLog.userId, admin.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toEqual({ before: { required: false }, after: { required: true } });
    // The same value again changes nothing and is not audited twice.
    expect((await setRequired(true)).json().required).toBe(true);
    const off = await setRequired(false);
    expect(off.json()).toEqual({ required: false, message: 'Cash no longer needs an open drawer session' });
  });

  it('on, with no session open: a cash New Visit, cash top-up and cash refund are refused and write nothing; card and link still go through', async () => {
    t.clock.set(new Date('2026-08-02T04:00:00Z'));
    const pet = await makePet(db());
    // Off: cash is taken with no drawer open.
    const free = await post('/visit/addveterinaryvisit', vetBody(pet.id, 'cash'), staff.token);
    expect(free.statusCode, free.body).toBe(201);

    expect((await setRequired(true)).statusCode).toBe(200);
    const before = await rows();
    const cash = await post('/visit/addveterinaryvisit', vetBody(pet.id, 'cash'), staff.token);
    expect(cash.statusCode).toBe(409);
    expect(cash.json().message).toBe('Open the cash drawer before taking cash');
    expect(await rows()).toEqual(before);

    // A cash wallet top-up (another account of the ledger) and a cash refund: refused by the same check.
    const sale = await charged(30_000);
    expect(
      await refusal(recordPayment(db(), { ...sale, account: 'wallet', for: {}, amountPaise: 10_000, method: 'cash' })),
    ).toEqual({ status: 409, message: 'Open the cash drawer before taking cash' });
    const [paid] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.kind, 'payment'), eq(payments.method, 'cash'), eq(payments.status, 'completed')))
      .limit(1);
    expect(
      await refusal(
        recordRefund(db(), {
          payment: paid!,
          amountPaise: 100,
          status: 'completed',
          via: 'desk',
          by: staff.id,
          tz,
          now: t.clock.now(),
        }),
      ),
    ).toEqual({ status: 409, message: 'Open the cash drawer before taking cash' });

    // Card and payment link are not cash: saved (their payments wait for the provider).
    for (const method of ['payment_link', 'card']) {
      const res = await post('/visit/addveterinaryvisit', vetBody(pet.id, method), staff.token);
      expect(res.statusCode, `${method}: ${res.body}`).toBe(201);
    }

    // With a session open, cash goes through and counts in it.
    expect((await drawerPost('/open', { float: 1000 })).statusCode).toBe(201);
    const ok = await post('/visit/addveterinaryvisit', vetBody(pet.id, 'cash'), staff.token);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await getDrawer()).session).toMatchObject({ status: 'open', cashIn: 500, expected: 1500 });
    t.clock.set(new Date('2026-08-02T05:00:00Z'));
    expect((await drawerPost('/close', { counted: 1500 })).json().session.difference).toBe(0);

    // Closed again: refused again.
    t.clock.set(new Date('2026-08-02T06:00:00Z'));
    const after = await post('/visit/addveterinaryvisit', vetBody(pet.id, 'cash'), staff.token);
    expect(after.statusCode).toBe(409);
    expect((await setRequired(false)).statusCode).toBe(200);
  });

  it('cash whose time falls inside a session that closed meanwhile is refused (try again), whatever the setting', async () => {
    t.clock.set(new Date('2026-08-03T04:00:00Z'));
    expect((await drawerPost('/open', { float: 0 })).statusCode).toBe(201);
    const sale = await charged(20_000);
    t.clock.set(new Date('2026-08-03T04:10:00Z'));
    expect((await drawerPost('/close', { counted: 0 })).statusCode).toBe(200);
    // `sale.now` (04:00) was taken before the close (04:10), but the cash arrives after it.
    const before = await rows();
    expect(await refusal(recordPayment(db(), { ...sale, amountPaise: 20_000, method: 'cash' }))).toEqual({
      status: 409,
      message: 'The cash drawer was closed while this cash was being recorded. Please try again.',
    });
    expect(await rows()).toEqual(before);
    // Stamped after the close, it is taken (and counts in no closed session).
    expect(await recordPayment(db(), { ...sale, now: t.clock.now(), amountPaise: 20_000, method: 'cash' })).toBeTruthy();
  });

  // On PGlite the two run one after the other; on PostgreSQL (DATABASE_URL) the close runs while the cash sale's
  // transaction is still open: without the drawer lock in the cash path the close stores figures without the cash.
  it('a close while a cash sale is being recorded: the cash lands in the session, and its stored figures match the ledger', async () => {
    t.clock.set(new Date('2026-08-04T04:00:00Z'));
    expect((await drawerPost('/open', { float: 500 })).statusCode).toBe(201);
    for (let round = 0; round < 3; round++) {
      const sale = await charged(12_345);
      let written!: () => void;
      const paymentWritten = new Promise<void>((r) => {
        written = r;
      });
      const selling = db().transaction(async (tx) => {
        await recordPayment(tx, { ...sale, amountPaise: 12_345, method: 'cash' });
        written();
        await tx.execute(sql`select pg_sleep(0.3)`);
      });
      await paymentWritten;
      const closing = drawerPost('/close', { counted: 500 });
      const [, closed] = await Promise.all([selling, closing]);
      expect(closed.statusCode, closed.body).toBe(200);
      const session = (closed.json() as DrawerResponse).session!;
      const [row] = await db().select().from(cashDrawerSessions).where(eq(cashDrawerSessions.id, session.id));
      const [ledger] = await db()
        .select({ paise: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
        .from(payments)
        .where(
          and(
            eq(payments.method, 'cash'),
            eq(payments.kind, 'payment'),
            eq(payments.status, 'completed'),
            gte(payments.completedAt, row!.openedAt),
            lte(payments.completedAt, row!.closedAt!),
          ),
        );
      expect(row!.cashInPaise).toBe(Number(ledger!.paise));
      expect(row!.cashInPaise).toBe(12_345);
      t.clock.set(new Date(t.clock.now().getTime() + 60_000));
      expect((await drawerPost('/open', { float: 500 })).statusCode).toBe(201);
    }
    expect((await drawerPost('/close', { counted: 500 })).statusCode).toBe(200);
  });
});
