import type { DrawerResponse, TakingsResponse } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cashDrawerSessions, visits, visitTypes } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { postCharge, recordPayment, recordRefund } from '../payments/payments.service.ts';

/** The cash drawer: GET /payments/drawer, POST /payments/drawer/open and /close. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const other = useTestUser(t, 'staff');
const db = () => t.database.db;
const tz = 'Asia/Kolkata';

const post = (url: string, payload: unknown, token = staff.token, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/v1/payments/drawer${url}`, payload: payload as object, token, headers });
const drawer = async () =>
  (await t.call({ method: 'GET', url: '/api/v1/payments/drawer', token: staff.token })).json() as DrawerResponse;

/** A sale paid in cash now (`paise`), returning the payment. */
async function cashSale(paise: number, account: 'sale' | 'wallet' = 'sale') {
  const owner = await makeOwner(db(), { email: `o${Date.now()}${Math.random()}@example.com` });
  const pet = await makePet(db(), { ownerId: owner.id, name: 'Rocky' });
  const [type] = await db().select().from(visitTypes).where(eq(visitTypes.code, 'dog_park')).limit(1);
  const [visit] = await db()
    .insert(visits)
    .values({ petId: pet.id, visitTypeId: type!.id, purpose: type!.purpose, pricePaise: paise })
    .returning();
  const base = {
    ownerId: owner.id,
    petId: pet.id,
    for: account === 'sale' ? { visitId: visit!.id } : {},
    tz,
    now: t.clock.now(),
  };
  if (account === 'sale') await postCharge(db(), { ...base, amountPaise: paise });
  return (await recordPayment(db(), { ...base, account, amountPaise: paise, method: 'cash' }))!;
}

describe('the cash drawer', () => {
  it('opens with a float, counts the ledger’s cash in and out, closes once with the difference, and never changes after', async () => {
    t.clock.set(new Date('2026-07-01T03:30:00Z')); // 09:00 in Kolkata
    expect(await drawer()).toEqual({ session: null, required: false });
    // Cash before the drawer opens is not in it.
    await cashSale(70_000);
    t.clock.set(new Date('2026-07-01T03:31:00Z'));

    const opened = await post('/open', { float: 2000, note: 'Morning float' });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = (opened.json() as DrawerResponse).session!;
    expect(session).toMatchObject({
      status: 'open',
      float: 2000,
      expected: 2000,
      counted: null,
      difference: null,
      openingNote: 'Morning float',
    });
    expect(session.openedBy.id).toBe(staff.id);

    const again = await post('/open', { float: 100 }, other.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The drawer is already open');

    t.clock.set(new Date('2026-07-01T05:00:00Z'));
    const paid = await cashSale(50_050);
    await cashSale(20_000, 'wallet'); // a cash top-up goes in the drawer too
    await recordRefund(db(), {
      payment: paid,
      amountPaise: 10_025,
      status: 'completed',
      via: 'desk',
      by: staff.id,
      tz,
      now: t.clock.now(),
    });
    t.clock.set(new Date('2026-07-01T12:00:00Z'));
    const live = (await drawer()).session!;
    expect(live).toMatchObject({ status: 'open', cashIn: 700.5, cashOut: 100.25, expected: 2000 + 700.5 - 100.25 });

    // Bad counts: nothing written.
    for (const counted of [-1, 'abc', 1.001, null]) {
      const res = await post('/close', { counted });
      expect(res.statusCode, String(counted)).toBe(400);
    }
    expect((await drawer()).session!.status).toBe('open');

    const closed = await post('/close', { counted: 2590, note: 'Short by ₹10.25' }, other.token);
    expect(closed.statusCode, closed.body).toBe(200);
    const c = (closed.json() as DrawerResponse).session!;
    expect(c).toMatchObject({
      status: 'closed',
      cashIn: 700.5,
      cashOut: 100.25,
      expected: 2600.25,
      counted: 2590,
      difference: -10.25,
      closingNote: 'Short by ₹10.25',
    });
    expect(c.closedBy!.id).toBe(other.id);
    expect(c.closedAt!.startsWith('2026-07-01T12:00')).toBe(true);

    const twice = await post('/close', { counted: 2590 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The drawer is already closed');

    // Cash after closing belongs to the next session: the closed one's figures stay.
    t.clock.set(new Date('2026-07-01T13:00:00Z'));
    await cashSale(30_000);
    expect((await drawer()).session).toEqual(c);
    const [row] = await db().select().from(cashDrawerSessions).where(eq(cashDrawerSessions.id, c.id));
    expect(row).toMatchObject({ cashInPaise: 70_050, cashOutPaise: 10_025, expectedPaise: 260_025, countedPaise: 259_000 });

    // Audited: who opened and who closed, with the figures.
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cash_drawer'), eq(auditLog.entityId, c.id)));
    expect(audits.map((a) => [a.action, a.userId]).sort()).toEqual(
      [
        ['cash_drawer.close', other.id],
        ['cash_drawer.open', staff.id],
      ].sort(),
    );

    // The next session counts the later cash; the day's takings list both sessions.
    t.clock.set(new Date('2026-07-01T13:30:00Z'));
    const next = await post('/open', { float: 1000 });
    expect(next.statusCode).toBe(201);
    expect((await drawer()).session).toMatchObject({ status: 'open', cashIn: 0, expected: 1000 });
    const day = (
      await t.call({ method: 'GET', url: '/api/v1/payments/takings', query: { date: '2026-07-01' }, token: staff.token })
    ).json() as TakingsResponse;
    expect(day.cashDrawer.open).toMatchObject({ status: 'open', float: 1000 });
    expect(day.cashDrawer.sessions.map((s) => s.status)).toEqual(['open', 'closed']);
    expect(day.cashDrawer.sessions[1]).toEqual(c);
    expect((await post('/close', { counted: 1000 })).statusCode).toBe(200);
  });

  it('refuses a negative or missing float, and answers a repeated request with its Idempotency-Key once', async () => {
    t.clock.set(new Date('2026-07-02T03:30:00Z'));
    expect((await post('/open', { float: -5 })).statusCode).toBe(400);
    expect((await post('/open', {})).statusCode).toBe(400);
    const key = { 'idempotency-key': 'drawer-open-key-0001' };
    const first = await post('/open', { float: 500 }, staff.token, key);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post('/open', { float: 500 }, staff.token, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().session.id).toBe(first.json().session.id);
    const closeKey = { 'idempotency-key': 'drawer-close-key-0001' };
    const closed = await post('/close', { counted: 500 }, staff.token, closeKey);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().session.difference).toBe(0);
    const closedAgain = await post('/close', { counted: 500 }, staff.token, closeKey);
    expect(closedAgain.statusCode).toBe(200);
    expect(closedAgain.json().session.id).toBe(closed.json().session.id);
    expect(await db().select().from(cashDrawerSessions).where(eq(cashDrawerSessions.status, 'open'))).toEqual([]);
  });

  // Races only show on PostgreSQL (DATABASE_URL); on PGlite the requests run one after the other.
  it('two opens at once: one 201, one 409 (the unique partial index); two closes: one 200, one 409', async () => {
    t.clock.set(new Date('2026-07-03T03:30:00Z'));
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([post('/open', { float: 100 }), post('/open', { float: 200 }, other.token)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect(await db().select().from(cashDrawerSessions).where(eq(cashDrawerSessions.status, 'open'))).toHaveLength(1);
      const [x, y] = await Promise.all([post('/close', { counted: 100 }), post('/close', { counted: 100 }, other.token)]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    }
  });
});
