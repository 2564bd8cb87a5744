/**
 * The Visit History search row's money is a cache of the ledger. For many random sales (purposes, methods, partial
 * payments, links paid later or never, cancellations with refunds, voids, stays with extra days), every search row's
 * charged, paid, due, refunded and state equal what the ledger's own rows say, recomputed here from the payments
 * table without the service. And migration 0015's backfill writes, for every visit, the row indexVisit writes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { payments, visitSearch, visits } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import type { TestUser } from '../../../test/harness.ts';
import { payCash, visitToPay } from '../../../test/payments-fixtures.ts';
import { typeByCode } from '../../../test/visit-kit.ts';
import { indexVisit } from './history.service.ts';

const { t, staff, types, db, post, pet, board, details, deboard } = useDeboardTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
afterEach(() => t.clock.set(null));

/** A seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Res = { statusCode: number; body: string; json: () => any };
async function ok(res: Promise<Res>, status = 200) {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
}

/** Every visit's money recomputed from the raw ledger: its sale rows and those of the stays its rows name. */
async function ledgerTruth() {
  const rows = await db().select().from(payments);
  const vs = await db().select({ id: visits.id, voidedAt: visits.voidedAt }).from(visits);
  const truth = new Map<string, { charged: number; paid: number; due: number; refunded: number; state: string }>();
  for (const v of vs) {
    const sale = rows.filter((e) => e.account === 'sale');
    const stays = new Set(sale.filter((e) => e.visitId === v.id && e.boardingId).map((e) => e.boardingId));
    const mine = sale.filter(
      (e) => e.status === 'completed' && (e.visitId === v.id || (e.boardingId && stays.has(e.boardingId))),
    );
    let charged = 0;
    let paid = 0;
    let refunded = 0;
    for (const e of mine) {
      if (e.kind === 'charge') charged += e.amountPaise;
      if (e.kind === 'credit') charged -= e.amountPaise;
      if (e.kind === 'payment') paid += e.amountPaise;
      if (e.kind === 'refund') {
        paid -= e.amountPaise;
        refunded += e.amountPaise;
      }
      if (e.kind === 'allocation') paid += e.direction === 'out' ? -e.amountPaise : e.amountPaise;
    }
    const due = Math.max(0, charged - paid);
    const state = v.voidedAt ? 'voided' : refunded > 0 ? 'refunded' : due > 0 ? 'due' : 'paid';
    truth.set(v.id, { charged, paid, due, refunded, state });
  }
  return truth;
}

async function searchRows() {
  const rows = await db().select().from(visitSearch);
  return new Map(rows.map((r) => [r.visitId, r]));
}

describe('the search rows reconcile with the ledger', () => {
  it('after many random sales, payments, refunds, voids and stays', { timeout: 240_000 }, async () => {
    const random = rng(17);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const shop = await typeByCode(db(), 'shop');
    const made: string[] = [];
    for (let i = 0; i < 40; i++) {
      const p = await pet(`Recon${i}`);
      const kind = pick(['shop', 'shop', 'park', 'hostel'] as const);
      let visitId: string;
      let paymentId: string | undefined;
      let linkUrl: string | null = null;
      let boarded = false;
      if (kind === 'hostel') {
        const paymentType = pick(['advance_payment', 'partial_payment', 'payment_after_service'] as const);
        const s = await board('hostel', {
          days: 1 + Math.floor(random() * 3),
          paymentType,
          paymentLeft: paymentType === 'partial_payment' ? 100 : 0,
        });
        visitId = s.visitId;
        boarded = random() < 0.4;
        if (!boarded) {
          // Leaves days later: the extra days are charged on the stay (rows naming only the boarding).
          t.clock.set(new Date(Date.now() + (1 + Math.floor(random() * 4)) * 86_400_000));
          const due = (await ok(details(s.boardingId))).deboard.due;
          await ok(deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: due } }));
          t.clock.set(null);
        }
      } else {
        const total = kind === 'park' ? types.dog_park!.pricePaise / 100 : pick([99.5, 450, 1200, 21000, 30000]);
        const method = pick(['cash', 'cash', 'payment_link'] as const);
        const res = await ok(
          kind === 'park'
            ? post(
                '/visit/adddogparkvisit',
                {
                  petId: p.id,
                  visitType: types.dog_park!.id,
                  admissionAcknowledged: true,
                  details: { discount: 0, price: total, selectedPayment: method },
                },
                staff.token,
              )
            : post(
                '/visit/addshopvisit',
                {
                  petId: p.id,
                  visitType: shop.id,
                  items: [{ name: 'Food', price: total }],
                  details: { totalCalculatedPrice: total, selectedPayment: method },
                },
                staff.token,
              ),
          201,
        );
        visitId = res.visit._id;
        paymentId = res.payment?._id;
        linkUrl = res.payment?.linkUrl ?? null;
        if (res.visit.boardingId) {
          // The dog park stay ends the same day, anything owed paid in cash as the pet leaves.
          const due = (await ok(details(res.visit.boardingId))).deboard.due;
          await ok(
            deboard('/deboard/dogparkdeboarding', {
              boardingid: res.visit.boardingId,
              ...(due > 0 ? { payment: { method: 'cash', amount: due } } : {}),
            }),
          );
        }
        if (linkUrl && random() < 0.5) {
          // The link is paid later, or part of it in cash at the desk.
          if (random() < 0.5)
            await t.call({ method: 'POST', url: `/api/v1/payments/offline/link/${linkUrl.split('/').at(-1)}/pay` });
          else await payCash(db(), p.id, visitId, Math.round(total * 50));
        }
      }
      const r = random();
      if (r < 0.15 && !boarded) await ok(post('/visit/voidvisit', { visitId, reason: 'Recorded twice' }, admin.token));
      else if (r < 0.3 && paymentId && !linkUrl)
        await ok(post('/payments/cancel-sale', { visitId, reason: 'Owner cancelled' }, admin.token));
      made.push(visitId);
    }
    const [truth, rows] = await Promise.all([ledgerTruth(), searchRows()]);
    const states = new Set<string>();
    for (const id of made) {
      const want = truth.get(id)!;
      const row = rows.get(id);
      expect(row, id).toBeDefined();
      expect(
        {
          charged: row!.chargedPaise,
          paid: row!.paidPaise,
          due: row!.duePaise,
          refunded: row!.refundedPaise,
          state: row!.paymentState,
        },
        id,
      ).toEqual(want);
      states.add(want.state);
    }
    // The run covers every state.
    expect([...states].sort()).toEqual(['due', 'paid', 'refunded', 'voided']);
  });
});

/** The backfill statement of migration 0015 (the one that fills visit_search). */
function backfillStatement(): string {
  const file = path.join(migrationsFolder, '0015_gst_documents_visit_search.sql');
  const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const found = statements.filter((s) => /INSERT INTO "visit_search"/.test(s));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('migration 0015 backfill', () => {
  it('writes for every visit the row indexVisit writes', { timeout: 120_000 }, async () => {
    // Visits saved before the search existed have no row (inserted directly, as an old database holds them).
    const old = await visitToPay(db(), { pricePaise: 45000 });
    await payCash(db(), old.pet.id, old.visit.id, 20000);
    const bare = await visitToPay(db(), { pricePaise: 1000 });
    const s = await board('hostel', { days: 1, paymentType: 'partial_payment', paymentLeft: 100 });
    t.clock.set(new Date(Date.now() + 3 * 86_400_000));
    const due = (await ok(details(s.boardingId))).deboard.due;
    await ok(deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: due } }));
    t.clock.set(null);
    const voided = await visitToPay(db(), { pricePaise: 5000 });
    await payCash(db(), voided.pet.id, voided.visit.id, 5000);
    await ok(post('/visit/voidvisit', { visitId: voided.visit.id, reason: 'Duplicate' }, admin.token));
    expect((await searchRows()).has(bare.visit.id)).toBe(false);

    // What indexVisit writes for every visit.
    const all = await db().select({ id: visits.id }).from(visits);
    await db().transaction(async (tx) => {
      for (const v of all) await indexVisit(tx, v.id, t.config.tz);
    });
    const indexed = await searchRows();
    expect(indexed.size).toBe(all.length);

    // The backfill on an empty table writes the same rows.
    await db().execute(sql`delete from visit_search`);
    await db().execute(sql.raw(backfillStatement()));
    const backfilled = await searchRows();
    expect(backfilled.size).toBe(all.length);
    const strip = ({ updatedAt: _, ...r }: typeof visitSearch.$inferSelect) => r;
    for (const v of all) expect(strip(backfilled.get(v.id)!), v.id).toEqual(strip(indexed.get(v.id)!));
    expect(backfilled.get(bare.visit.id)).toMatchObject({ chargedPaise: 1000, duePaise: 1000, paymentState: 'due' });
    expect(backfilled.get(old.visit.id)).toMatchObject({ chargedPaise: 45000, paidPaise: 20000, duePaise: 25000 });
    expect(backfilled.get(voided.visit.id)).toMatchObject({ paymentState: 'voided' });
    // created_at is the visit's own, to the microsecond (the search pages on it).
    const [drift] = (
      (await db().execute(
        sql`select count(*)::int as n from visit_search s join visits v on v.id = s.visit_id where s.created_at <> v.created_at`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(drift!.n).toBe(0);
  });
});
