import { describe, expect, it } from 'vitest';
import { type WalletLine, walletBalance, walletMovements } from './rules.ts';

let n = 0;
const line = (l: Partial<WalletLine> & Pick<WalletLine, 'kind' | 'amountPaise'>): WalletLine => ({
  id: `row${++n}`,
  status: 'completed',
  at: `2026-11-${String(10 + n).padStart(2, '0')}T05:00:00.000Z`,
  method: null,
  receiptNo: null,
  ...l,
});

describe('walletBalance', () => {
  it('completed top-ups − refunds (pending too) − allocations out + allocations in; pending, failed and void top-ups hold nothing', () => {
    const rows = [
      line({ kind: 'payment', amountPaise: 500000 }),
      line({ kind: 'payment', amountPaise: 100000, status: 'pending' }),
      line({ kind: 'payment', amountPaise: 100000, status: 'void' }),
      line({ kind: 'allocation', direction: 'out', amountPaise: 76667 }),
      line({ kind: 'allocation', direction: 'in', amountPaise: 1000 }),
      line({ kind: 'refund', amountPaise: 20000, status: 'pending' }),
      line({ kind: 'refund', amountPaise: 30000, status: 'failed' }),
      line({ kind: 'refund', amountPaise: 10000 }),
    ];
    expect(walletBalance(rows)).toBe(500000 - 76667 + 1000 - 20000 - 10000);
    expect(walletBalance([])).toBe(0);
  });
});

describe('walletMovements', () => {
  it('newest first, each with the balance after it; the newest balance is the wallet’s', () => {
    const rows = [
      line({ kind: 'payment', amountPaise: 1150000, method: 'cash', receiptNo: '2026-27/000001' }),
      line({ kind: 'allocation', direction: 'out', amountPaise: 153333, packageId: 'p1', pets: 2 }),
      line({ kind: 'allocation', direction: 'out', amountPaise: 50000, purpose: 'Grooming' }),
      line({ kind: 'payment', amountPaise: 200000, status: 'pending', method: 'payment_link' }),
      line({ kind: 'refund', amountPaise: 100000, method: 'cash', status: 'failed' }),
      line({ kind: 'refund', amountPaise: 946667, method: 'cash' }),
    ];
    const m = walletMovements(rows);
    expect(m.map((x) => [x.kind, x.description, x.amountPaise, x.balanceAfterPaise])).toEqual([
      ['refund', 'Refund of wallet balance', -946667, 0],
      ['top_up_pending', 'Wallet top-up (awaiting payment)', 200000, 946667],
      ['payment', 'Payment for Grooming visit', -50000, 946667],
      ['package_day', 'Daily Boarding Charge (2 pets)', -153333, 996667],
      ['top_up', 'Wallet top-up', 1150000, 1150000],
    ]);
    expect(m[0]!.balanceAfterPaise).toBe(walletBalance(rows));
    expect(m.at(-1)).toMatchObject({ method: 'cash', receiptNo: '2026-27/000001' });
  });

  it('rows of one package for one named day are one movement; without a day each row is its own day', () => {
    const a = line({ kind: 'allocation', direction: 'out', amountPaise: 100, packageId: 'p1', day: '2026-11-20', pets: 1 });
    const b = line({ kind: 'allocation', direction: 'out', amountPaise: 200, packageId: 'p1', day: '2026-11-20', pets: 2 });
    const c = line({ kind: 'allocation', direction: 'out', amountPaise: 300, packageId: 'p1', pets: 1 });
    const d = line({ kind: 'allocation', direction: 'out', amountPaise: 300, packageId: 'p1', pets: 1 });
    const m = walletMovements([line({ kind: 'payment', amountPaise: 10000 }), a, b, c, d]);
    expect(m.map((x) => [x.description, x.amountPaise, x.balanceAfterPaise])).toEqual([
      ['Daily Boarding Charge (1 pet)', -300, 9100],
      ['Daily Boarding Charge (1 pet)', -300, 9400],
      ['Daily Boarding Charge (2 pets)', -300, 9700],
      ['Wallet top-up', 10000, 10000],
    ]);
  });

  it('money moved in from another account says where it came from', () => {
    const m = walletMovements([
      line({ kind: 'allocation', direction: 'in', amountPaise: 5000, source: 'the unapplied balance' }),
    ]);
    expect(m[0]).toMatchObject({
      kind: 'top_up',
      description: 'Moved to the wallet from the unapplied balance',
      amountPaise: 5000,
    });
  });
});

describe('edges found by mutation testing', () => {
  it('the balance: pending allocations and rows of other kinds move nothing; money in adds', () => {
    expect(walletBalance([line({ kind: 'allocation', direction: 'in', amountPaise: 500, status: 'pending' })])).toBe(0);
    expect(walletBalance([line({ kind: 'charge', amountPaise: 100 }), line({ kind: 'credit', amountPaise: 100 })])).toBe(0);
  });

  it('movements: void rows are left out, money in adds, unnamed sale and source read plainly', () => {
    const rows = [
      line({ kind: 'payment', amountPaise: 10000 }),
      line({ kind: 'refund', amountPaise: 4000, status: 'void' }),
      line({ kind: 'allocation', direction: 'in', amountPaise: 2500 }),
      line({ kind: 'allocation', direction: 'out', amountPaise: 1000 }),
      line({ kind: 'charge', amountPaise: 999 }),
    ];
    expect(walletMovements(rows).map((m) => [m.kind, m.description, m.amountPaise, m.balanceAfterPaise])).toEqual([
      ['payment', 'Payment for a visit', -1000, 11500],
      ['top_up', 'Moved to the wallet from another account', 2500, 12500],
      ['top_up', 'Wallet top-up', 10000, 10000],
    ]);
  });

  it("a package's rows of one day are one movement only when consecutive, with the most pets of any row", () => {
    const day = (amountPaise: number, pets: number) =>
      line({ kind: 'allocation', direction: 'out', amountPaise, packageId: 'p1', day: '2026-11-20', pets });
    const apart = walletMovements([
      line({ kind: 'payment', amountPaise: 100000 }),
      day(100, 3),
      line({ kind: 'payment', amountPaise: 5 }),
      day(50, 1),
    ]);
    expect(apart.map((m) => [m.kind, m.amountPaise])).toEqual([
      ['package_day', -50],
      ['top_up', 5],
      ['package_day', -100],
      ['top_up', 100000],
    ]);
    const together = walletMovements([line({ kind: 'payment', amountPaise: 100000 }), day(300, 3), day(200, 2)]);
    expect(together.map((m) => [m.description, m.amountPaise])).toEqual([
      ['Daily Boarding Charge (3 pets)', -500],
      ['Wallet top-up', 100000],
    ]);
  });
});
