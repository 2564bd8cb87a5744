/**
 * The payments ledger is append-only, and the database enforces it (migration 0010: `payments_append_only`,
 * `payments_within_source`), whatever code talks to it: these statements are SQL sent straight through the
 * database client, on PGlite and on PostgreSQL (DATABASE_URL). What may still change on a row: a pending row's
 * status, once (to completed, failed or void), and an empty provider, receipt, fee or settlement column, once.
 * A refund beyond its payment and a credit beyond its charge are refused even when inserted directly. And no API
 * route updates or deletes a ledger row.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeOwner } from '../../test/factories.ts';
import { useTestApp, useTestUser } from '../../test/harness.ts';
import { ledgerRow, payCash, visitToPay } from '../../test/payments-fixtures.ts';
import { pgCode } from '../lib/errors.ts';
import { payments } from './schema/index.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const run = (q: SQL) => t.database.db.execute(q);

/** The database's refusal of a statement: its SQLSTATE and message (drizzle wraps the driver's error). */
async function refusal(q: Promise<unknown>): Promise<{ code: string | undefined; message: string }> {
  try {
    await q;
  } catch (err) {
    let e: unknown = err;
    let message = '';
    for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
      message = (e as Error).message ?? message;
      if ((e as { code?: unknown }).code) break;
      e = (e as { cause?: unknown }).cause;
    }
    return { code: pgCode(err), message };
  }
  throw new Error('the database accepted a statement it must refuse');
}

const APPEND_ONLY = '55000';
const CHECK = '23514';

/** A visit of ₹500 paid in cash: a completed payment with its receipt number. */
async function completedPayment() {
  const v = await visitToPay(t.database.db, { pricePaise: 50000 });
  const paid = await payCash(t.database.db, v.pet.id, v.visit.id, 50000);
  expect(paid).toMatchObject({ status: 'completed', receiptNo: expect.any(String) });
  return { ...v, paid };
}

describe(`the ledger is append-only in the database (${kind})`, () => {
  it('UPDATE of a completed payment’s amount, owner or kind is refused, and the row is unchanged', async () => {
    const { paid } = await completedPayment();
    const other = await makeOwner(t.database.db);
    const only = /only a pending row's status and empty provider, receipt, fee or settlement columns change/;
    for (const q of [
      sql`update payments set amount_paise = 1 where id = ${paid.id}`,
      sql`update payments set amount_paise = amount_paise + 100 where id = ${paid.id}`,
      sql`update payments set owner_id = ${other.id} where id = ${paid.id}`,
      sql`update payments set kind = 'refund' where id = ${paid.id}`,
      sql`update payments set kind = 'charge', method = null where id = ${paid.id}`,
      sql`update payments set note = 'edited' where id = ${paid.id}`,
      sql`update payments set visit_id = null, prescription_id = null where id = ${paid.id}`,
    ]) {
      const r = await refusal(run(q));
      expect(r.code).toBe(APPEND_ONLY);
      expect(r.message).toMatch(only);
    }
    expect(await ledgerRow(t.database.db, paid.id)).toEqual(paid);
  });

  it('status completed → pending (or void, or failed) is refused', async () => {
    const { paid } = await completedPayment();
    for (const to of ['pending', 'void', 'failed']) {
      const r = await refusal(run(sql`update payments set status = ${to} where id = ${paid.id}`));
      expect(r).toEqual({ code: APPEND_ONLY, message: expect.stringMatching(`status completed cannot become ${to}`) });
    }
    expect((await ledgerRow(t.database.db, paid.id)).status).toBe('completed');
  });

  it('a receipt number once set is never changed nor cleared', async () => {
    const { paid } = await completedPayment();
    for (const q of [
      sql`update payments set receipt_no = '2099-00/999999' where id = ${paid.id}`,
      sql`update payments set receipt_no = null where id = ${paid.id}`,
    ]) {
      expect(await refusal(run(q))).toEqual({ code: APPEND_ONLY, message: expect.stringMatching('receipt_no is already set') });
    }
    expect((await ledgerRow(t.database.db, paid.id)).receiptNo).toBe(paid.receiptNo);
  });

  it('DELETE is refused, of one row and of all', async () => {
    const { paid } = await completedPayment();
    for (const q of [sql`delete from payments where id = ${paid.id}`, sql`delete from payments`]) {
      expect(await refusal(run(q))).toEqual({ code: APPEND_ONLY, message: expect.stringMatching('DELETE is not allowed') });
    }
    expect(await ledgerRow(t.database.db, paid.id)).toEqual(paid);
  });

  it('TRUNCATE is refused (CASCADE too, past the foreign keys)', async () => {
    const { paid } = await completedPayment();
    // Without CASCADE the tables that reference the ledger refuse it first; with it, the ledger's own trigger does.
    const plain = await refusal(run(sql`truncate payments`));
    expect(['0A000', APPEND_ONLY]).toContain(plain.code);
    expect(await refusal(run(sql`truncate payments cascade`))).toEqual({
      code: APPEND_ONLY,
      message: expect.stringMatching('TRUNCATE is not allowed'),
    });
    expect(await ledgerRow(t.database.db, paid.id)).toEqual(paid);
  });

  it('a pending payment completes once, with its receipt set once; a completed one never goes back', async () => {
    const { pending } = await visitToPay(t.database.db, { pricePaise: 40000, pending: { method: 'card' } });
    const receipt = `T/${pending!.id.slice(-10)}`;
    await run(
      sql`update payments set status = 'completed', receipt_no = ${receipt}, completed_via = 'desk', completed_at = now(), paid_at = now() where id = ${pending!.id}`,
    );
    expect(await ledgerRow(t.database.db, pending!.id)).toMatchObject({ status: 'completed', receiptNo: receipt });
    expect((await refusal(run(sql`update payments set receipt_no = 'T/other' where id = ${pending!.id}`))).code).toBe(
      APPEND_ONLY,
    );
    expect((await refusal(run(sql`update payments set status = 'pending' where id = ${pending!.id}`))).code).toBe(APPEND_ONLY);
  });

  it('a pending payment may be voided (or failed); a voided one stays void', async () => {
    const voided = (await visitToPay(t.database.db, { pricePaise: 40000, pending: { method: 'payment_link' } })).pending!;
    await run(sql`update payments set status = 'void', completed_via = 'desk', completed_at = now() where id = ${voided.id}`);
    expect((await ledgerRow(t.database.db, voided.id)).status).toBe('void');
    for (const to of ['completed', 'pending', 'failed']) {
      const r = await refusal(run(sql`update payments set status = ${to} where id = ${voided.id}`));
      expect(r).toEqual({ code: APPEND_ONLY, message: expect.stringMatching(`status void cannot become ${to}`) });
    }
    const failed = (await visitToPay(t.database.db, { pricePaise: 40000, pending: { method: 'card' } })).pending!;
    await run(sql`update payments set status = 'failed' where id = ${failed.id}`);
    expect((await ledgerRow(t.database.db, failed.id)).status).toBe('failed');
  });

  it('an empty provider order id is set once; a second set is refused', async () => {
    const { pending } = await visitToPay(t.database.db, { pricePaise: 40000, pending: { method: 'card' } });
    expect(pending!.providerOrderId).toBeNull();
    await run(sql`update payments set provider_order_id = 'order_First000000001' where id = ${pending!.id}`);
    expect((await ledgerRow(t.database.db, pending!.id)).providerOrderId).toBe('order_First000000001');
    const r = await refusal(run(sql`update payments set provider_order_id = 'order_Other000000002' where id = ${pending!.id}`));
    expect(r).toEqual({ code: APPEND_ONLY, message: expect.stringMatching('provider_order_id is already set') });
    // Still pending, the amount fixed: an order is never rewritten for another amount (a new pending row is written).
    expect((await refusal(run(sql`update payments set amount_paise = 100 where id = ${pending!.id}`))).code).toBe(APPEND_ONLY);
  });
});

describe(`refunds and credits stay within their source, inserted directly (${kind})`, () => {
  it('a refund beyond its payment is refused; refunds up to it are not', async () => {
    const { paid } = await completedPayment();
    const refund = (amountPaise: number) =>
      t.database.db.insert(payments).values({
        kind: 'refund',
        status: 'completed',
        account: 'sale',
        ownerId: paid.ownerId,
        petId: paid.petId,
        visitId: paid.visitId,
        method: 'cash',
        amountPaise,
        refundOf: paid.id,
      });
    const over = await refusal(refund(50001));
    expect(over).toEqual({ code: CHECK, message: expect.stringMatching('A refund cannot exceed what was paid on that payment') });
    await refund(30000);
    // ₹300 refunded already: ₹200.01 more is beyond the payment, ₹200 is not.
    expect((await refusal(refund(20001))).code).toBe(CHECK);
    await refund(20000);
    expect((await refusal(refund(1))).code).toBe(CHECK);
    const rows = await t.database.db.select().from(payments).where(eq(payments.refundOf, paid.id));
    expect(rows.map((r) => r.amountPaise).sort()).toEqual([20000, 30000]);
  });

  it('a refund of a payment that is not completed is refused', async () => {
    const { pending } = await visitToPay(t.database.db, { pricePaise: 40000, pending: { method: 'card' } });
    const r = await refusal(
      t.database.db.insert(payments).values({
        kind: 'refund',
        status: 'pending',
        ownerId: pending!.ownerId,
        visitId: pending!.visitId,
        method: 'card',
        amountPaise: 100,
        refundOf: pending!.id,
      }),
    );
    expect(r).toEqual({ code: CHECK, message: expect.stringMatching('A refund must name a completed payment') });
  });

  it('a credit beyond its charge is refused; credits up to it are not', async () => {
    const { visit, owner } = await visitToPay(t.database.db, { pricePaise: 90000 });
    const [charge] = await t.database.db.select().from(payments).where(eq(payments.visitId, visit.id));
    expect(charge).toMatchObject({ kind: 'charge', amountPaise: 90000 });
    const credit = (amountPaise: number, creditOf = charge!.id) =>
      t.database.db.insert(payments).values({
        kind: 'credit',
        status: 'completed',
        ownerId: owner.id,
        visitId: visit.id,
        amountPaise,
        creditOf,
      });
    const over = await refusal(credit(90001));
    expect(over).toEqual({ code: CHECK, message: expect.stringMatching('A credit cannot exceed the charge it reduces') });
    await credit(60000);
    expect((await refusal(credit(30001))).code).toBe(CHECK);
    await credit(30000);
    expect((await refusal(credit(1))).code).toBe(CHECK);
    // A credit names a charge, not a payment.
    const { paid } = await completedPayment();
    expect(await refusal(credit(100, paid.id))).toEqual({
      code: CHECK,
      message: expect.stringMatching('A credit must name a charge'),
    });
  });
});

describe(`no API route updates or deletes a ledger row (${kind})`, () => {
  it('DELETE, PUT and PATCH of /payments/{id} are 404 (no such route); the row is unchanged', async () => {
    const { paid } = await completedPayment();
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      for (const url of [`/api/v1/payments/${paid.id}`, `/api/v1/payments/${paid.id}/`, `/api/v1/payment/${paid.id}`]) {
        const res = await t.call({
          method,
          url,
          token: staff.token,
          ...(method === 'DELETE' ? {} : { payload: { amount: 1, status: 'pending' } }),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
    }
    expect(await ledgerRow(t.database.db, paid.id)).toEqual(paid);
  });

  it('no route of the API is a PUT, PATCH or DELETE under /payments', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const writes = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(writes.filter((w) => /\/payments?\b/.test(w))).toEqual([]);
  });
});
