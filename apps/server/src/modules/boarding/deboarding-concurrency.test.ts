import { describe, expect, it } from 'vitest';
import { boardingRow, stayLedger, useDeboardTest } from '../../../test/deboard-kit.ts';

/**
 * Races that only PostgreSQL runs for real (PGlite runs one statement at a time): the boarding row lock
 * (SELECT … FOR UPDATE) makes two deboards, or a deboard and a settle, of one stay go one after the other, so the
 * extra-day charge is posted once and the pet leaves once.
 */
const { t, db, board, deboard, settle } = useDeboardTest();

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 5;

describe('concurrent deboarding (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('two deboards of one stay at once: one 200, one 409, one extra charge, one cash payment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.set(null);
      const s = await board('hostel', { days: 1 });
      t.clock.advanceDays(2);
      const body = { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000 } };
      const res = await Promise.all([deboard('hosteldeboarding', body), deboard('hosteldeboarding', body)]);
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const { rows, balance } = await stayLedger(db(), s.boardingId, s.visitId);
      expect(rows.filter((r) => r.note?.startsWith('Extra days'))).toHaveLength(1);
      expect(rows.filter((r) => r.kind === 'payment')).toHaveLength(2);
      expect(balance).toMatchObject({ chargedPaise: 300000, paidPaise: 300000, duePaise: 0, creditPaise: 0 });
      expect(await boardingRow(db(), s.boardingId)).toMatchObject({ isBoarded: false, extraChargedPaise: 200000 });
    }
    t.clock.set(null);
  });

  it.skipIf(!onPostgres)('a deboard racing a settle: the extra charge is posted once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.set(null);
      const s = await board('day_care', { days: 1 });
      t.clock.advanceDays(3);
      const [settled, deboarded] = await Promise.all([
        settle({ boardingid: s.boardingId, method: 'card' }),
        deboard('daycaredeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 3000 } }),
      ]);
      // Whichever ran first, the other saw its work: settle then deboard (200, 200) or deboard then settle (409).
      expect(deboarded.statusCode, deboarded.body).toBe(200);
      expect([200, 409]).toContain(settled.statusCode);
      const { rows, balance } = await stayLedger(db(), s.boardingId, s.visitId);
      const extra = rows.filter((r) => r.note?.startsWith('Extra days'));
      expect(extra.map((r) => r.amountPaise)).toEqual([300000]);
      expect(balance).toMatchObject({ chargedPaise: 400000, paidPaise: 400000, duePaise: 0, creditPaise: 0 });
    }
    t.clock.set(null);
  });
});
