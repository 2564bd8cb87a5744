import { describe, expect, it } from 'vitest';
import { activationProblem, daysCovered, firstDayCharge, signedAmount, topUpProblem } from './wallet-rules';

describe('top-up amount limits', () => {
  it.each([
    ['', 'Enter the amount to top up'],
    [undefined, 'Enter the amount to top up'],
    [0, 'Amount must be more than ₹0.00'],
    [-5, 'Amount must be more than ₹0.00'],
    [10.005, 'Amount can have at most 2 decimals'],
    [100000.01, 'A top-up can be at most ₹1,00,000.00'],
    [100000, null],
    [0.01, null],
    ['2500', null],
  ])('₹%s with a ₹1,00,000 limit: %s', (amount, problem) => {
    expect(topUpProblem(amount as number | string | undefined, 100000)).toBe(problem);
  });

  it('follows the configured limit', () => {
    expect(topUpProblem(5001, 5000)).toBe('A top-up can be at most ₹5,000.00');
    expect(topUpProblem(5000, 5000)).toBeNull();
  });
});

describe('package day charge', () => {
  it("charges day 1 of the '15 Days Boarding Plan' as floor(₹11,500 / 15) per pet: ₹766.66, not ₹766.67", () => {
    expect(firstDayCharge({ price: 11500, days: 15 }, 1)).toEqual({ perPet: 766.66, total: 766.66 });
    expect(firstDayCharge({ price: 11500, days: 15 }, 2)).toEqual({ perPet: 766.66, total: 1533.32 });
    expect(firstDayCharge({ price: 11500, days: 15 }, 0).total).toBe(0);
    expect(firstDayCharge({ price: 100, days: 3 }, 3)).toEqual({ perPet: 33.33, total: 99.99 });
  });

  it('needs a day of the charge in the wallet (the server says the same)', () => {
    expect(activationProblem(1533.32, 1533.31)).toBe(
      'The wallet holds ₹1,533.31; one day of this package costs ₹1,533.32. Top up the wallet first.',
    );
    expect(activationProblem(1533.32, 1533.32)).toBeNull();
    expect(activationProblem(1533.32, null)).toBeNull();
  });

  it('estimates the days the balance pays, and signs movements', () => {
    expect(daysCovered(2300, 766.67)).toBe(2);
    expect(daysCovered(0.1, 766.67)).toBe(0);
    expect(daysCovered(100, 0)).toBeNull();
    expect([signedAmount(1000), signedAmount(-766.66), signedAmount(0)]).toEqual(['+₹1,000.00', '−₹766.66', '₹0.00']);
  });
});
