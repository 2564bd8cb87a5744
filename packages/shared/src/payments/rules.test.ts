import { describe, expect, it } from 'vitest';
import { financialYear, type LedgerEntryLike, ledgerBalance, ledgerMethodLabel, receiptNumber, refundSeries } from './rules.ts';

const e = (kind: LedgerEntryLike['kind'], amountPaise: number, status: LedgerEntryLike['status'] = 'completed') => ({
  kind,
  amountPaise,
  status,
});

describe('ledgerBalance', () => {
  it('is all zero for no entries', () => {
    expect(ledgerBalance([])).toEqual({
      chargedPaise: 0,
      paidPaise: 0,
      creditedPaise: 0,
      duePaise: 0,
      creditPaise: 0,
      pendingPaise: 0,
    });
  });
  it('a partial payment leaves the rest due', () => {
    const b = ledgerBalance([e('charge', 300000), e('payment', 100000)]);
    expect(b).toMatchObject({ chargedPaise: 300000, paidPaise: 100000, duePaise: 200000 });
  });
  it('an extra-day charge adds to what is due', () => {
    expect(ledgerBalance([e('charge', 200000), e('payment', 200000), e('charge', 200000)]).duePaise).toBe(200000);
  });
  it('refunds reduce what was paid; credits reduce what is due', () => {
    const b = ledgerBalance([e('charge', 100000), e('payment', 100000), e('refund', 20000), e('credit', 20000)]);
    expect(b).toMatchObject({ paidPaise: 80000, creditedPaise: 20000, duePaise: 0, creditPaise: 0 });
  });
  it('money allocated in pays a sale; allocated out leaves it', () => {
    const inn = { ...e('allocation', 30000), direction: 'in' as const };
    const out = { ...e('allocation', 10000), direction: 'out' as const };
    expect(ledgerBalance([e('charge', 50000), inn]).duePaise).toBe(20000);
    expect(ledgerBalance([e('charge', 50000), e('payment', 60000), out])).toMatchObject({
      paidPaise: 50000,
      duePaise: 0,
      creditPaise: 0,
    });
  });
  it('pending and failed payments do not count as paid; pending ones are reported', () => {
    const b = ledgerBalance([e('charge', 50000), e('payment', 50000, 'pending'), e('payment', 50000, 'failed')]);
    expect(b).toMatchObject({ paidPaise: 0, duePaise: 50000, pendingPaise: 50000 });
  });
  it('void charges do not count', () => {
    expect(ledgerBalance([e('charge', 50000, 'void')]).duePaise).toBe(0);
  });
  it('an overpayment is a credit, not a negative due', () => {
    expect(ledgerBalance([e('charge', 100), e('payment', 150)])).toMatchObject({ duePaise: 0, creditPaise: 50 });
  });
});

describe('financialYear: April to March', () => {
  it.each([
    ['2026-04-01', '2026-27'],
    ['2026-11-22', '2026-27'],
    ['2027-03-31', '2026-27'],
    ['2027-04-01', '2027-28'],
    ['2000-01-15', '1999-00'],
    ['2099-12-31', '2099-00'],
  ])('%s → %s', (date, fy) => expect(financialYear(date)).toBe(fy));
});

describe('receiptNumber', () => {
  it('pads the sequence', () => {
    expect(receiptNumber('2026-27', 42)).toBe('2026-27/000042');
    expect(receiptNumber('2026-27', 1234567)).toBe('2026-27/1234567');
  });
});

describe('edges found by mutation testing', () => {
  it('pending counts pending payments only: not a completed payment, not a pending refund', () => {
    const e = (kind: LedgerEntryLike['kind'], status: LedgerEntryLike['status'], amountPaise: number): LedgerEntryLike => ({
      kind,
      status,
      amountPaise,
    });
    expect(
      ledgerBalance([e('payment', 'completed', 100), e('refund', 'pending', 40), e('payment', 'pending', 7)]).pendingPaise,
    ).toBe(7);
  });

  it('labels a method, and a missing or unknown one as not recorded', () => {
    expect(ledgerMethodLabel('cash')).toBe('Cash');
    expect(ledgerMethodLabel('payment_link')).toBe('Payment Link');
    for (const m of [null, undefined, '', 'bitcoin', 'toString']) expect(ledgerMethodLabel(m)).toBe('Method not recorded');
  });

  it('a refund series is R/ and the financial year', () => expect(refundSeries('2026-27')).toBe('R/2026-27'));
});
