import type { TakingsResponse } from '@pawdesk/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { visits, visitTypes } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import {
  allocate,
  completePayment,
  type LedgerRow,
  postCharge,
  postCredit,
  recordPayment,
  recordRefund,
} from '../payments/payments.service.ts';
import { startOfDay } from './takings.service.ts';

/** GET /payments/takings: the day's figures, each checked against a direct SQL sum over the ledger. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
let adminToken = '';
const db = () => t.database.db;
const tz = 'Asia/Kolkata';
const DAY = '2026-06-10';

const takingsOf = (query: Record<string, string>, token = staff.token) =>
  t.call({ method: 'GET', url: '/api/v1/payments/takings', query, token });

/** A direct sum over the ledger: completed rows whose paid_at falls on `date` in Asia/Kolkata. */
async function ledgerSum(date: string, where: string): Promise<number> {
  const res = await db().execute(
    sql.raw(
      `select coalesce(sum(amount_paise), 0)::bigint as paise from payments p where status = 'completed' and (paid_at at time zone 'Asia/Kolkata')::date = '${date}' and ${where}`,
    ),
  );
  const rows = ((res as { rows?: unknown }).rows ?? res) as { paise: string | number }[];
  return Number(rows[0]!.paise) / 100;
}

async function typeOf(code: string) {
  const [type] = await db().select().from(visitTypes).where(eq(visitTypes.code, code)).limit(1);
  return type!;
}

beforeAll(async () => {
  adminToken = (await t.user('staff', { isAdmin: true })).token;
});

describe('GET /payments/takings', () => {
  it('reconciles every total with the ledger to the paisa', async () => {
    // 11:00 in Kolkata on DAY.
    t.clock.set(new Date(`${DAY}T05:30:00Z`));
    const now = () => t.clock.now();
    const owner = await makeOwner(db(), { name: 'Meera', email: `meera${Date.now()}@example.com` });
    const pet = await makePet(db(), { ownerId: owner.id, name: 'Bruno' });
    const park = await typeOf('dog_park');
    const types = await db().select().from(visitTypes);
    const other = types.find((x) => x.purpose !== park.purpose)!;
    const base = { ownerId: owner.id, petId: pet.id, tz };
    async function sale(pricePaise: number, type = park) {
      const [visit] = await db()
        .insert(visits)
        .values({ petId: pet.id, visitTypeId: type.id, purpose: type.purpose, pricePaise })
        .returning();
      const charge = (await postCharge(db(), { ...base, for: { visitId: visit!.id }, amountPaise: pricePaise, now: now() }))!;
      return { visitId: visit!.id, charge };
    }
    const pay = async (visitId: string, amountPaise: number, method: LedgerRow['method'] & string) =>
      (await recordPayment(db(), { ...base, for: { visitId }, amountPaise, method, now: now() }))!;

    // The day before (23:59 in Kolkata): counted on its own day only.
    t.clock.set(new Date('2026-06-09T18:29:00Z'));
    const before = await sale(99_900);
    await pay(before.visitId, 99_900, 'cash');

    t.clock.set(new Date(`${DAY}T05:30:00Z`));
    const a = await sale(50_050);
    const cashA = await pay(a.visitId, 50_050, 'cash');
    const b = await sale(120_000, other);
    await pay(b.visitId, 100_000, 'payment_link'); // ₹200.00 still owed
    const c = await sale(79_999);
    await pay(c.visitId, 79_999, 'card');
    // A top-up in cash, then wallet money applied to a sale.
    await recordPayment(db(), { ...base, account: 'wallet', for: {}, amountPaise: 200_000, method: 'cash', now: now() });
    const d = await sale(30_025);
    await allocate(db(), {
      ownerId: owner.id,
      from: { account: 'wallet' },
      to: { account: 'sale', for: { visitId: d.visitId }, petId: pet.id },
      amountPaise: 30_025,
      by: staff.id,
      now: now(),
    });
    // A cash refund of part of A, a void (credit) of E, and a card payment still pending (not counted).
    await recordRefund(db(), {
      payment: cashA,
      amountPaise: 10_050,
      status: 'completed',
      via: 'desk',
      by: staff.id,
      tz,
      now: now(),
    });
    const e = await sale(45_000);
    await postCredit(db(), { tz, now: now(), charge: e.charge, amountPaise: 45_000 });
    const f = await sale(10_001);
    const pending = (await recordPayment(db(), {
      ...base,
      for: { visitId: f.visitId },
      amountPaise: 10_001,
      method: 'card',
      status: 'pending',
      now: now(),
    }))!;
    // F's card money arrives the next day: received then, not on DAY; F is still owed on DAY's sales now.
    t.clock.set(new Date('2026-06-10T18:31:00Z'));
    await completePayment(db(), pending, { via: 'webhook', tz, now: t.clock.now() });
    const g = await sale(5_000); // next day's sale
    t.clock.set(new Date('2026-06-12T06:00:00Z'));

    const res = await takingsOf({ date: DAY });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TakingsResponse;

    // Each total against a direct sum over the ledger.
    const saleMethod = (m: string) => ledgerSum(DAY, `kind = 'payment' and account = 'sale' and method = '${m}'`);
    expect(body.byMethod.cash).toBe(await saleMethod('cash'));
    expect(body.byMethod.payment_link).toBe(await saleMethod('payment_link'));
    expect(body.byMethod.card).toBe(await saleMethod('card'));
    expect(body.byMethod.not_recorded).toBe(await saleMethod('not_recorded'));
    expect(body.byMethod.wallet).toBe(
      await ledgerSum(
        DAY,
        `kind = 'allocation' and direction = 'in' and account = 'sale' and exists (select 1 from payments o where o.id = p.allocation_of and o.account = 'wallet')`,
      ),
    );
    expect(body.received).toBe(
      Math.round(
        ((await ledgerSum(DAY, `kind = 'payment' and account = 'sale'`)) +
          (await ledgerSum(DAY, `kind = 'allocation' and direction = 'in' and account = 'sale'`))) *
          100,
      ) / 100,
    );
    expect(body.refunds.total).toBe(await ledgerSum(DAY, `kind = 'refund'`));
    expect(body.refunds.byMethod.cash).toBe(await ledgerSum(DAY, `kind = 'refund' and method = 'cash'`));
    expect(body.credits.total).toBe(await ledgerSum(DAY, `kind = 'credit'`));
    expect(body.walletTopUps.total).toBe(await ledgerSum(DAY, `kind = 'payment' and account = 'wallet'`));
    expect(body.walletTopUps.byMethod.cash).toBe(
      await ledgerSum(DAY, `kind = 'payment' and account = 'wallet' and method = 'cash'`),
    );
    expect(body.packageDailyCharges.total).toBe(await ledgerSum(DAY, `kind = 'charge' and charge_for = 'package_day'`));
    expect(body.charged).toBe(await ledgerSum(DAY, `kind = 'charge'`));
    const purposeSum = body.byPurpose.reduce((n, p) => n + Math.round(p.charged * 100), 0) / 100;
    expect(purposeSum).toBe(body.charged);

    // And the figures themselves, to the paisa.
    expect(body.byMethod).toEqual({ cash: 500.5, payment_link: 1000, card: 799.99, wallet: 300.25, not_recorded: 0 });
    expect(body.received).toBe(2600.74);
    expect(body.refunds).toMatchObject({ total: 100.5, count: 1, byMethod: { cash: 100.5, card: 0 } });
    expect(body.credits).toEqual({ total: 450, count: 1 });
    expect(body.walletTopUps).toMatchObject({ total: 2000, count: 1, byMethod: { cash: 2000 } });
    expect(body.packageDailyCharges).toEqual({ total: 0, count: 0 });
    expect(body.charged).toBe(500.5 + 1200 + 799.99 + 300.25 + 450 + 100.01);
    // Owed now: B's ₹200.00 (F was paid the next day; A's refund leaves ₹100.50 owed on A; E was voided).
    expect(body.owed).toEqual({ total: 300.5, sales: 2 });
    expect(body.visits).toBe(6);
    expect(body.byPurpose).toEqual(
      expect.arrayContaining([
        { purpose: park.purpose, sales: 5, charged: 2150.75 },
        { purpose: other.purpose, sales: 1, charged: 1200 },
      ]),
    );
    expect(body.cashDrawer).toEqual({ open: null, sessions: [] });
    expect(body.from).toBe(DAY);
    expect(body.timeZone).toBe(tz);

    // The next day holds F's card money and G's sale, not DAY's.
    const next = (await takingsOf({ date: '2026-06-11' })).json() as TakingsResponse;
    expect(next.byMethod.card).toBe(100.01);
    expect(next.charged).toBe(50);
    // The day before holds only its own sale.
    const prev = (await takingsOf({ date: '2026-06-09' })).json() as TakingsResponse;
    expect(prev.byMethod.cash).toBe(999);
    void g;
    void before;

    // An admin's range adds the days up.
    const range = await takingsOf({ from: '2026-06-09', to: '2026-06-11' }, adminToken);
    expect(range.statusCode, range.body).toBe(200);
    expect((range.json() as TakingsResponse).byMethod.cash).toBe(999 + 500.5);
  });

  it('answers a malformed, future or out-of-range date with 400, and a staff range with 403', async () => {
    t.clock.set(new Date(`${DAY}T05:30:00Z`));
    for (const date of ['2026-13-01', '10-06-2026', 'today', '2026-02-30']) {
      const res = await takingsOf({ date });
      expect(res.statusCode, date).toBe(400);
    }
    const future = await takingsOf({ date: '2026-06-11' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The date cannot be in the future');
    expect((await takingsOf({ from: '2025-06-01', to: '2026-06-10' }, adminToken)).statusCode).toBe(400);
    expect((await takingsOf({ from: '2026-06-10', to: '2026-06-01' }, adminToken)).statusCode).toBe(400);
    expect((await takingsOf({ from: '2026-06-01' }, adminToken)).statusCode).toBe(400);
    expect((await takingsOf({ from: '2026-06-01', to: '2026-06-11' }, adminToken)).statusCode).toBe(400);
    expect((await takingsOf({ from: '2025-06-10', to: '2026-06-09' }, adminToken)).statusCode).toBe(200);
    expect((await takingsOf({ from: '2026-06-01', to: '2026-06-10' })).statusCode).toBe(403);
    expect((await takingsOf({ date: DAY })).statusCode).toBe(200);
    expect((await takingsOf({})).json().from).toBe(DAY);
  });

  it('exports the day as CSV: BOM, the totals, the ledger rows, formulas neutralised', async () => {
    t.clock.set(new Date(`${DAY}T10:00:00Z`));
    const owner = await makeOwner(db(), { name: 'Ravi, "Jr"', email: `ravi${Date.now()}@example.com` });
    await recordPayment(db(), {
      ownerId: owner.id,
      account: 'wallet',
      for: {},
      amountPaise: 12_345,
      method: 'card',
      note: '=HYPERLINK("http://x")',
      tz,
      now: t.clock.now(),
    });
    const json = (await takingsOf({ date: DAY })).json() as TakingsResponse;
    const res = await t.call({ method: 'GET', url: '/api/v1/payments/takings.csv', query: { date: DAY }, token: staff.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="takings-${DAY}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(`Day's takings,${DAY},${DAY},Asia/Kolkata`);
    expect(lines).toContain(`Received,Total,,${json.received}`);
    expect(lines).toContain(`Received by method,Cash,,${json.byMethod.cash}`);
    expect(lines).toContain(`Wallet top-ups,Total,2,${json.walletTopUps.total}`);
    expect(json.walletTopUps.total).toBe(2123.45);
    expect(lines).toContain(`Refunds,Total,1,100.5`);
    // The note is text: quoted (it holds quotes) and led by an apostrophe, so no spreadsheet runs it.
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"")"`);
    const ledger = lines.slice(lines.indexOf('Ledger,Paid at,Kind,Account,Method,Amount (INR),Receipt,Note') + 1).filter(Boolean);
    const [counted] = ((r: unknown) => ((r as { rows?: unknown }).rows ?? r) as { n: string | number }[])(
      await db().execute(
        sql.raw(
          `select count(*) as n from payments where status = 'completed' and (paid_at at time zone 'Asia/Kolkata')::date = '${DAY}'`,
        ),
      ),
    );
    expect(ledger).toHaveLength(Number(counted!.n));
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/payments/takings.csv', query: { date: '2099-01-01' }, token: staff.token }))
        .statusCode,
    ).toBe(400);
  });

  it('starts the business day at midnight in Kolkata', () => {
    expect(startOfDay('2026-06-10', tz).toISOString()).toBe('2026-06-09T18:30:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
