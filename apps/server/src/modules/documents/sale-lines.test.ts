import { describe, expect, it } from 'vitest';
import { chargeLines, lineWorth, type PricedPart, proportion, type TaxProfile } from './sale-lines.ts';

const p18: TaxProfile = { codeKind: 'HSN', code: '23091000', ratePercent: 18, exempt: false, includesTax: true };
const exempt: TaxProfile = { codeKind: 'SAC', code: '998319', ratePercent: 0, exempt: true, includesTax: true };
const service = {
  description: 'Grooming',
  profile: { ...p18, codeKind: 'SAC' as const, code: '999729' },
  quantity: 1,
  unit: null,
};
const total = (lines: ReturnType<typeof chargeLines>) => lines.reduce((s, l) => s + l.amounts.totalPaise, 0);

describe('chargeLines: a charge’s lines add up to the charge, to the paisa', () => {
  it('items as listed, the service line is what is left (the discount reduces it)', () => {
    const items: PricedPart[] = [{ description: 'Shampoo', profile: p18, quantity: 2, unit: 'btl', unitPricePaise: 11800 }];
    const lines = chargeLines(50000, items, service, false);
    expect(lines.map((l) => [l.description, l.quantity, l.unitPricePaise, l.amounts.totalPaise])).toEqual([
      ['Shampoo', 2, 11800, 23600],
      ['Grooming', 1, 26400, 26400],
    ]);
    expect(total(lines)).toBe(50000);
  });

  it('a discount larger than the service: the shortfall comes off the items in proportion, no service line', () => {
    const items: PricedPart[] = [
      { description: 'A', profile: p18, quantity: 1, unitPricePaise: 10000, unit: null },
      { description: 'B', profile: exempt, quantity: 3, unitPricePaise: 10001, unit: 'pc' },
    ];
    const lines = chargeLines(30000, items, service, false);
    expect(total(lines)).toBe(30000);
    expect(lines.map((l) => l.description)).toEqual(['A (1, after discount)', 'B (3 pc, after discount)']);
    // 40003 listed, 10003 off: 10000 × 10003 / 40003 = 2500.56… → 2501 off A; 7502 off B.
    expect(lines.map((l) => l.amounts.totalPaise)).toEqual([7499, 22501]);
    expect(lines[1]!.amounts.ratePercent).toBeNull();
  });

  it('an exclusive item: with the tax on top when the charge holds it, else as charged (the sale added no tax)', () => {
    const excl = { ...p18, includesTax: false };
    const items: PricedPart[] = [{ description: 'Toy', profile: excl, quantity: 1, unitPricePaise: 10000, unit: null }];
    const withTax = chargeLines(11800, items, service, false);
    expect(withTax).toHaveLength(1);
    expect(withTax[0]).toMatchObject({ priceIncludesTax: false, unitPricePaise: 10000 });
    expect(withTax[0]!.amounts).toMatchObject({ taxableValuePaise: 10000, cgstPaise: 900, sgstPaise: 900, totalPaise: 11800 });
    const without = chargeLines(10000, items, service, false);
    expect(total(without)).toBe(10000);
    expect(without[0]!.amounts).toMatchObject({ taxableValuePaise: 8475, totalPaise: 10000 });
  });

  it('a stay for days shows the days when the amount divides, else one line of the whole', () => {
    const stay = { description: 'Hostel', profile: p18, quantity: 3, unit: 'day' };
    expect(chargeLines(90000, [], stay, true)[0]).toMatchObject({ quantity: 3, unitPricePaise: 30000, unit: 'day' });
    expect(chargeLines(90001, [], stay, true)[0]).toMatchObject({
      quantity: 1,
      unitPricePaise: 90001,
      description: 'Hostel (3 day)',
    });
    expect(chargeLines(90001, [], stay, true)[0]!.amounts.igstPaise).toBeGreaterThan(0);
  });

  it('lineWorth finds the exact taxable value of an exclusive price, or falls back to inclusive', () => {
    const excl5 = { ...p18, ratePercent: 5, includesTax: false };
    expect(lineWorth(10500, { description: 'x', quantity: 1, unit: null }, excl5, false)).toMatchObject({
      priceIncludesTax: false,
      unitPricePaise: 10000,
    });
    for (let g = 1; g < 400; g++)
      expect(lineWorth(g, { description: 'x', quantity: 1, unit: null }, excl5, false).amounts.totalPaise).toBe(g);
  });

  it('proportion: largest remainder, ties to the earlier', () => {
    expect(proportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(proportion(0, [5, 5])).toEqual([0, 0]);
    expect(proportion(7, [0, 0])).toEqual([0, 0]);
  });
});
