/**
 * Two refunds of one payment at once, on PostgreSQL (PGlite runs one statement at a time, so the race cannot happen
 * there): the owner's ledger lock runs them one after the other, so one succeeds and the other is the clear 400
 * naming what is left (never a 500, never a refund beyond the payment). The database's trigger is the net behind
 * it: without the lock the loser is a 409 from the trigger instead, which this test also tells apart.
 */
import { ledgerBalance, REFUND_MESSAGES as M, toPaise } from '@pawdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import type { TestUser } from '../../../test/harness.ts';
import { ownerRows, payCash, visitToPay } from '../../../test/payments-fixtures.ts';
import { recordPayment } from './payments.service.ts';

const t = useTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
const post = (url: string, payload: object) => t.call({ method: 'POST', url: `/api/v1${url}`, payload, token: admin.token });
const ROUNDS = 10;

describe.skipIf(!process.env.DATABASE_URL)('refund races (PostgreSQL)', () => {
  it(`two refunds of one payment at once never exceed it: one 200, one clear 400 (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const v = await visitToPay(t.database.db, { pricePaise: 10000 });
      const p = (await recordPayment(t.database.db, {
        ownerId: v.owner.id,
        petId: v.pet.id,
        account: 'unapplied',
        for: {},
        amountPaise: 50000,
        method: 'cash',
        tz: 'Asia/Kolkata',
        now: new Date(),
      }))!;
      const answers = await Promise.all(
        [400, 300].map((amount) => post('/payments/refund', { paymentId: p.id, amount, reason: `Round ${round}` })),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 400]);
      const lost = answers.find((a) => a.statusCode === 400)!.json().message;
      expect([
        'A refund cannot exceed what was paid on that payment (₹100.00 left)',
        'A refund cannot exceed what was paid on that payment (₹200.00 left)',
      ]).toContain(lost);
      const refunds = (await ownerRows(t.database.db, v.owner.id)).filter((e) => e.kind === 'refund');
      expect(refunds).toHaveLength(1);
      expect(ledgerBalance((await ownerRows(t.database.db, v.owner.id)).filter((e) => e.account === 'unapplied')).paidPaise).toBe(
        50000 - refunds[0]!.amountPaise,
      );
    }
  });

  it("two cancellations of one sale at once: one cancels, the other is 409 'already cancelled'; one credit, one refund", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const v = await visitToPay(t.database.db, { pricePaise: toPaise(25000) });
      await payCash(t.database.db, v.pet.id, v.visit.id, toPaise(25000));
      const answers = await Promise.all(
        [0, 1].map(() => post('/payments/cancel-sale', { visitId: v.visit.id, reason: `Round ${round}` })),
      );
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(M.alreadyCancelled);
      const rows = await ownerRows(t.database.db, v.owner.id);
      expect(rows.filter((e) => e.kind === 'credit').map((e) => e.amountPaise)).toEqual([1750000]);
      expect(rows.filter((e) => e.kind === 'refund').map((e) => e.amountPaise)).toEqual([1750000]);
    }
  });
});
