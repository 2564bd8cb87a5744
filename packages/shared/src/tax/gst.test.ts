import { describe, expect, it } from 'vitest';
import {
  creditNoteLines,
  DEFAULT_GST_RATES,
  type GstLineAmounts,
  type GstLineInput,
  gstLine,
  gstRateListSchema,
  gstRatePercentSchema,
  gstRateProblem,
  gstRateSchema,
  gstSummary,
  gstSummaryByCode,
  isRateAllowed,
  lineAmountPaise,
  rateBasisPoints,
  ratesValidOn,
  rateValidOn,
  roundDiv,
  splitBySupplyDocument,
  splitTax,
  supplyDocument,
} from './gst.ts';

/** A small deterministic PRNG (mulberry32) for the property checks. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('GST rates', () => {
  const r12 = DEFAULT_GST_RATES.find((r) => r.percent === 12)!;
  const r40 = DEFAULT_GST_RATES.find((r) => r.percent === 40)!;

  it('the default list: 0, 5, 18 and 40 % today; 12 % and 28 % only before 22 Sep 2025', () => {
    expect(ratesValidOn(DEFAULT_GST_RATES, '2026-11-25')).toEqual([0, 5, 18, 40]);
    expect(ratesValidOn(DEFAULT_GST_RATES, '2025-09-22')).toEqual([0, 5, 18, 40]);
    expect(ratesValidOn(DEFAULT_GST_RATES, '2025-09-21')).toEqual([0, 5, 12, 18, 28]);
  });

  it.each([
    ['2025-09-21', true, false],
    ['2025-09-22', false, true],
    ['2026-04-01', false, true],
    ['2017-07-01', true, false],
  ])('on %s: 12 %% valid %s, 40 %% valid %s', (date, v12, v40) => {
    expect(rateValidOn(r12, date)).toBe(v12);
    expect(rateValidOn(r40, date)).toBe(v40);
  });

  it('a rate with neither date is always valid', () => expect(rateValidOn({ percent: 18 }, '2000-01-01')).toBe(true));

  it('isRateAllowed: in the list and valid on the date', () => {
    expect(isRateAllowed(DEFAULT_GST_RATES, 18, '2026-11-25')).toBe(true);
    expect(isRateAllowed(DEFAULT_GST_RATES, 12, '2026-11-25')).toBe(false);
    expect(isRateAllowed(DEFAULT_GST_RATES, 12, '2025-09-01')).toBe(true);
    expect(isRateAllowed(DEFAULT_GST_RATES, 7, '2026-11-25')).toBe(false);
    expect(isRateAllowed([], 0, '2026-11-25')).toBe(false);
  });

  it.each(['2025-9-22', '2025-02-30', '', 'today'])('refuses the date %j', (d) => {
    expect(() => rateValidOn(r12, d)).toThrow(RangeError);
  });

  it.each([
    [0, 0],
    [5, 500],
    [18, 1800],
    [0.25, 25],
    [0.1, 10],
    [100, 10000],
  ])('rateBasisPoints(%s) = %s', (p, bp) => expect(rateBasisPoints(p)).toBe(bp));

  it.each([-1, 100.01, 5.555, Number.NaN, Number.POSITIVE_INFINITY])('rateBasisPoints refuses %s', (p) => {
    expect(() => rateBasisPoints(p)).toThrow(/not a percentage/);
  });
});

describe('GST rate validation (for the Prices screen and the rate list)', () => {
  it('names the rates in force when a rate is not in the list', () => {
    expect(gstRateProblem(DEFAULT_GST_RATES, 18, '2026-11-25')).toBeNull();
    expect(gstRateProblem(DEFAULT_GST_RATES, 12, '2025-09-21')).toBeNull();
    expect(gstRateProblem(DEFAULT_GST_RATES, 12, '2026-11-25')).toBe(
      'GST rate 12 % is not one of the rates in force on 2026-11-25 (0, 5, 18, 40 %)',
    );
    expect(gstRateProblem([], 0, '2026-11-25')).toBe('GST rate 0 % is not one of the rates in force on 2026-11-25 (none)');
  });

  it.each([
    [18, true],
    [0.25, true],
    [0, true],
    [100, true],
    [-5, false],
    [101, false],
    [5.125, false],
    [Number.NaN, false],
  ])('gstRatePercentSchema(%s) ok: %s', (p, ok) => {
    const r = gstRatePercentSchema.safeParse(p);
    expect(r.success).toBe(ok);
    if (!r.success) expect(r.error.issues[0]!.message).toMatch(/GST rate must be a percentage|expected number/);
  });

  it('a rate entry: retired after it comes into force', () => {
    expect(gstRateSchema.safeParse({ percent: 12, retiredOn: '2025-09-22' }).success).toBe(true);
    const bad = gstRateSchema.safeParse({ percent: 12, effectiveFrom: '2025-09-22', retiredOn: '2025-09-22' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({
      path: ['retiredOn'],
      message: 'A rate must be retired after the day it comes into force',
    });
    expect(gstRateSchema.safeParse({ percent: 12, retiredOn: '2025-02-30' }).success).toBe(false);
  });

  it('the list: the default is valid; the same rate twice only for separate periods', () => {
    expect(gstRateListSchema.safeParse(DEFAULT_GST_RATES).success).toBe(true);
    expect(gstRateListSchema.safeParse([]).error!.issues[0]!.message).toBe('The list needs at least one GST rate');
    const twice = gstRateListSchema.safeParse([{ percent: 18 }, { percent: 18, effectiveFrom: '2026-01-01' }]);
    expect(twice.error!.issues[0]).toMatchObject({ path: [1], message: 'GST rate 18 % is listed twice for the same days' });
    expect(
      gstRateListSchema.safeParse([
        { percent: 12, retiredOn: '2025-09-22' },
        { percent: 12, effectiveFrom: '2025-09-22' },
      ]).success,
    ).toBe(true);
    expect(
      gstRateListSchema.safeParse([
        { percent: 12, retiredOn: '2025-09-23' },
        { percent: 12, effectiveFrom: '2025-09-22' },
      ]).success,
    ).toBe(false);
  });
});

describe('roundDiv and lineAmountPaise', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
    [10n, 5n, 2n],
  ])('roundDiv(%s, %s) = %s (half away from zero)', (n, d, q) => expect(roundDiv(n, d)).toBe(q));

  it('roundDiv refuses a denominator of 0 or less', () => {
    expect(() => roundDiv(1n, 0n)).toThrow(RangeError);
    expect(() => roundDiv(1n, -1n)).toThrow(RangeError);
  });

  it.each([
    [33333, 3, 99999],
    [12345, 1.5, 18518],
    [100, 0.005, 1],
    [100, 0.004, 0],
    [-12345, 1.5, -18518],
    [999, 1, 999],
  ])('lineAmountPaise(%s, %s) = %s', (u, q, a) => expect(lineAmountPaise(u, q)).toBe(a));

  it.each([0, -1, 1.0005, Number.NaN])('refuses the quantity %s', (q) => {
    expect(() => lineAmountPaise(100, q)).toThrow(/quantity/);
  });

  it('refuses a unit price that is not whole paise', () => expect(() => lineAmountPaise(10.5, 1)).toThrow(/unit price/));
});

type Row = [string, Omit<GstLineInput, 'interState'> & { interState?: boolean }, Partial<GstLineAmounts>];

const ex = (unitPricePaise: number, ratePercent: GstLineInput['ratePercent'], quantity = 1) => ({
  unitPricePaise,
  quantity,
  ratePercent,
  priceIncludesTax: false,
});
const inc = (unitPricePaise: number, ratePercent: GstLineInput['ratePercent'], quantity = 1) => ({
  ...ex(unitPricePaise, ratePercent, quantity),
  priceIncludesTax: true,
});
const v = (taxableValuePaise: number, cgstPaise: number, sgstPaise: number, igstPaise: number, totalPaise: number) => ({
  taxableValuePaise,
  cgstPaise,
  sgstPaise,
  igstPaise,
  taxPaise: cgstPaise + sgstPaise + igstPaise,
  totalPaise,
});

describe('gstLine: the table', () => {
  const rows: Row[] = [
    // exclusive prices, intra-state (Haryana buyer): CGST + SGST
    ['₹1,000 excl. 0 %', ex(100000, 0), v(100000, 0, 0, 0, 100000)],
    ['₹1,000 excl. 5 %', ex(100000, 5), v(100000, 2500, 2500, 0, 105000)],
    ['₹1,000 excl. 18 %', ex(100000, 18), v(100000, 9000, 9000, 0, 118000)],
    ['₹1,000 excl. 40 %', ex(100000, 40), v(100000, 20000, 20000, 0, 140000)],
    ['₹1,000 excl. retired 12 %', ex(100000, 12), v(100000, 6000, 6000, 0, 112000)],
    // exclusive prices, inter-state: IGST
    ['₹1,000 excl. 5 % inter-state', { ...ex(100000, 5), interState: true }, v(100000, 0, 0, 5000, 105000)],
    ['₹1,000 excl. 18 % inter-state', { ...ex(100000, 18), interState: true }, v(100000, 0, 0, 18000, 118000)],
    ['₹1,000 excl. 40 % inter-state', { ...ex(100000, 40), interState: true }, v(100000, 0, 0, 40000, 140000)],
    ['₹1,000 excl. 12 % inter-state', { ...ex(100000, 12), interState: true }, v(100000, 0, 0, 12000, 112000)],
    ['₹1,000 excl. 0 % inter-state', { ...ex(100000, 0), interState: true }, v(100000, 0, 0, 0, 100000)],
    // inclusive prices: taxable = round(total × 100 / (100 + rate))
    ['₹1,180 incl. 18 %', inc(118000, 18), v(100000, 9000, 9000, 0, 118000)],
    ['₹1,000 incl. 18 % (84,745.76 → 84,746)', inc(100000, 18), v(84746, 7627, 7627, 0, 100000)],
    ['₹1,000 incl. 5 % (95,238.10 → 95,238)', inc(100000, 5), v(95238, 2381, 2381, 0, 100000)],
    ['₹1,000 incl. 40 % (71,428.57 → 71,429; odd tax)', inc(100000, 40), v(71429, 14286, 14285, 0, 100000)],
    ['₹1,000 incl. retired 12 % (89,285.71 → 89,286)', inc(100000, 12), v(89286, 5357, 5357, 0, 100000)],
    ['₹500 incl. 0 %', inc(50000, 0), v(50000, 0, 0, 0, 50000)],
    ['₹1,000 incl. 40 % inter-state', { ...inc(100000, 40), interState: true }, v(71429, 0, 0, 28571, 100000)],
    ['₹1,000 incl. 18 % inter-state', { ...inc(100000, 18), interState: true }, v(84746, 0, 0, 15254, 100000)],
    ['₹0.99 incl. 18 % (83.90 → 84; tax 15 → 8 + 7)', inc(99, 18), v(84, 8, 7, 0, 99)],
    // rounding to the paisa
    ['₹10.10 excl. 5 % (50.5 → 51; odd paisa to CGST)', ex(1010, 5), v(1010, 26, 25, 0, 1061)],
    ['₹10.01 excl. 5 % (50.05 → 50)', ex(1001, 5), v(1001, 25, 25, 0, 1051)],
    ['₹9.99 excl. 18 % (179.82 → 180)', ex(999, 18), v(999, 90, 90, 0, 1179)],
    ['₹0.01 excl. 18 % (0.18 → 0)', ex(1, 18), v(1, 0, 0, 0, 1)],
    ['₹0.03 excl. 18 % (0.54 → 1 → CGST 1, SGST 0)', ex(3, 18), v(3, 1, 0, 0, 4)],
    ['3 × ₹333.33 excl. 18 % (17,999.82 → 18,000)', ex(33333, 18, 3), v(99999, 9000, 9000, 0, 117999)],
    [
      '1.5 × ₹123.45 excl. 18 % (amount 18,517.5 → 18,518; tax 3,333.24 → 3,333)',
      ex(12345, 18, 1.5),
      v(18518, 1667, 1666, 0, 21851),
    ],
    ['₹123.45 excl. 0.25 % (30.86 → 31)', ex(12345, 0.25), v(12345, 16, 15, 0, 12376)],
    // a correction line: the mirror image
    ['−₹10.10 excl. 5 %', ex(-1010, 5), v(-1010, -26, -25, 0, -1061)],
    ['−₹1,000 incl. 40 %', inc(-100000, 40), v(-71429, -14286, -14285, 0, -100000)],
    // exempt (veterinary services): no tax, the price as it is
    ['₹1,500 exempt (null)', ex(150000, null), { ...v(150000, 0, 0, 0, 150000), exempt: true, ratePercent: null }],
    ["₹1,500 exempt ('exempt'), incl.", inc(150000, 'exempt'), { ...v(150000, 0, 0, 0, 150000), exempt: true }],
    ['2 × ₹750 exempt inter-state', { ...ex(75000, null, 2), interState: true }, v(150000, 0, 0, 0, 150000)],
  ];

  it.each(rows)('%s', (_name, input, expected) => {
    const line = gstLine({ interState: false, ...input });
    expect(line).toMatchObject(expected);
    expect(line.interState).toBe(input.interState ?? false);
    expect(line.exempt).toBe(input.ratePercent === null || input.ratePercent === 'exempt');
    expect(line.ratePercent).toBe(line.exempt ? null : input.ratePercent);
    expect(line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.taxPaise);
    expect(line.taxableValuePaise + line.taxPaise).toBe(line.totalPaise);
  });

  it('refuses a rate that is not a percentage or exempt', () => {
    expect(() => gstLine({ ...ex(100, 'five' as unknown as number), interState: false })).toThrow(RangeError);
    expect(() => gstLine({ ...ex(100, -5), interState: false })).toThrow(/not a percentage/);
    expect(() => gstLine({ ...ex(100, 18.123), interState: false })).toThrow(/not a percentage/);
  });

  it('refuses amounts too large to hold exactly', () => {
    expect(() => gstLine({ ...ex(Number.MAX_SAFE_INTEGER, 18, 2), interState: false })).toThrow(/too large/);
  });

  it('holds the rule for 5,000 random lines (within half a paisa, CGST + SGST = tax, mirror image)', () => {
    const rand = rng(17);
    const rates = [0, 5, 12, 18, 28, 40, 0.25, 3];
    for (let k = 0; k < 5000; k++) {
      const unit = Math.floor(rand() * 10_000_000) + 1;
      const quantity = Math.floor(rand() * 20) + 1;
      const rate = rates[k % rates.length]!;
      const priceIncludesTax = rand() < 0.5;
      const interState = rand() < 0.3;
      const l = gstLine({ unitPricePaise: unit, quantity, ratePercent: rate, priceIncludesTax, interState });
      const amount = unit * quantity;
      if (priceIncludesTax) {
        expect(l.totalPaise).toBe(amount);
        expect(Math.abs(l.taxableValuePaise - (amount * 100) / (100 + rate))).toBeLessThanOrEqual(0.5 + 1e-6);
      } else {
        expect(l.taxableValuePaise).toBe(amount);
        expect(Math.abs(l.taxPaise - (amount * rate) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }
      expect(l.taxableValuePaise + l.taxPaise).toBe(l.totalPaise);
      if (interState) {
        expect([l.cgstPaise, l.sgstPaise, l.igstPaise]).toEqual([0, 0, l.taxPaise]);
      } else {
        expect(l.igstPaise).toBe(0);
        expect(l.cgstPaise + l.sgstPaise).toBe(l.taxPaise);
        expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
        expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
      }
      const neg = gstLine({ unitPricePaise: -unit, quantity, ratePercent: rate, priceIncludesTax, interState });
      for (const key of ['taxableValuePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise', 'totalPaise'] as const) {
        expect(neg[key]).toBe(-l[key] || 0);
      }
    }
  });
});

describe('splitTax', () => {
  it.each([
    [0, false, [0, 0, 0]],
    [1, false, [1, 0, 0]],
    [2, false, [1, 1, 0]],
    [51, false, [26, 25, 0]],
    [-51, false, [-26, -25, 0]],
    [51, true, [0, 0, 51]],
  ])('splitTax(%s, inter-state %s)', (tax, inter, [c, s, i]) =>
    expect(splitTax(tax, inter)).toEqual({ cgstPaise: c, sgstPaise: s, igstPaise: i }),
  );
  it('refuses fractions of a paisa', () => expect(() => splitTax(1.5, false)).toThrow(RangeError));
});

describe('a sale with taxable and exempt lines', () => {
  const intra = { interState: false };
  const consult = gstLine({ ...ex(50000, 'exempt'), ...intra }); // veterinary consultation, exempt
  const grooming = gstLine({ ...ex(100000, 18), ...intra }); // service, price before tax
  const shampoo = gstLine({ ...inc(35000, 18), ...intra }); // item, price includes tax: 29,661.02 → 29,661
  const food = gstLine({ ...inc(50000, 5, 2), ...intra }); // 2 × ₹500 incl. 5 %
  const bowl = gstLine({ ...ex(20000, 0), ...intra }); // nil-rated
  const lines = [consult, grooming, shampoo, food, bowl];

  it('computes each line', () => {
    expect(shampoo).toMatchObject(v(29661, 2670, 2669, 0, 35000));
    expect(food).toMatchObject(v(95238, 2381, 2381, 0, 100000));
  });

  it('puts taxable lines on the tax invoice, exempt and nil-rated ones on the bill of supply', () => {
    expect(supplyDocument(consult)).toBe('bill-of-supply');
    expect(supplyDocument(bowl)).toBe('bill-of-supply');
    expect(supplyDocument(grooming)).toBe('tax-invoice');
    expect(splitBySupplyDocument(lines)).toEqual({ taxInvoice: [grooming, shampoo, food], billOfSupply: [consult, bowl] });
  });

  it('sums by rate (exempt first, then rate ascending) and in total', () => {
    const s = gstSummary(lines);
    expect(s.byRate).toEqual([
      { ratePercent: null, lines: 1, ...v(50000, 0, 0, 0, 50000) },
      { ratePercent: 0, lines: 1, ...v(20000, 0, 0, 0, 20000) },
      { ratePercent: 5, lines: 1, ...v(95238, 2381, 2381, 0, 100000) },
      { ratePercent: 18, lines: 2, ...v(129661, 11670, 11669, 0, 153000) },
    ]);
    expect(s.totals).toEqual(v(294899, 14051, 14050, 0, 323000));
    expect(gstSummary([])).toEqual({ byRate: [], totals: v(0, 0, 0, 0, 0) });
  });

  it('sums by SAC/HSN and rate for the accountant', () => {
    const coded = [
      { ...consult, code: '999312' },
      { ...grooming, code: '999722' },
      { ...shampoo, code: '3305' },
      { ...food, code: '23091000' },
      { ...gstLine({ ...ex(10000, 18), ...intra }), code: '999722' },
      { ...gstLine({ ...ex(10000, 18), interState: true }), code: '999722' },
      { ...bowl, code: null },
    ];
    const s = gstSummaryByCode(coded);
    expect(
      s.rows.map((r) => [r.code, r.ratePercent, r.lines, r.taxableValuePaise, r.cgstPaise, r.sgstPaise, r.igstPaise]),
    ).toEqual([
      ['', 0, 1, 20000, 0, 0, 0],
      ['23091000', 5, 1, 95238, 2381, 2381, 0],
      ['3305', 18, 1, 29661, 2670, 2669, 0],
      ['999312', null, 1, 50000, 0, 0, 0],
      ['999722', 18, 3, 120000, 9900, 9900, 1800],
    ]);
    expect(s.totals.totalPaise).toBe(323000 + 11800 + 11800);
  });
});

describe('creditNoteLines', () => {
  const intra = { interState: false };
  const invoice = [
    gstLine({ ...ex(100000, 18), ...intra }), // 118,000
    gstLine({ ...inc(35000, 18), ...intra }), // 35,000
    gstLine({ ...inc(100000, 5), ...intra }), // 100,000
  ];

  it('credits ₹1,000 of a ₹2,530 invoice: shares by largest remainder, tax in each line’s proportion', () => {
    const c = creditNoteLines(invoice, 100000);
    // exact shares 46,640.32 / 13,833.99 / 39,525.69 → 46,640 / 13,834 / 39,526
    expect(c.map((l) => l.totalPaise)).toEqual([46640, 13834, 39526]);
    // 46,640 × 100,000 / 118,000 = 39,525.42 → 39,525; 13,834 × 29,661 / 35,000 = 11,723.75 → 11,724;
    // 39,526 × 95,238 / 100,000 = 37,643.77 → 37,644
    expect(c[0]).toMatchObject({ lineIndex: 0, ratePercent: 18, ...v(39525, 3558, 3557, 0, 46640) });
    expect(c[1]).toMatchObject({ lineIndex: 1, ratePercent: 18, ...v(11724, 1055, 1055, 0, 13834) });
    expect(c[2]).toMatchObject({ lineIndex: 2, ratePercent: 5, ...v(37644, 941, 941, 0, 39526) });
    const s = gstSummary(c).totals;
    expect(s.totalPaise).toBe(100000);
    expect(s.taxableValuePaise + s.taxPaise).toBe(100000);
  });

  it('crediting the whole invoice gives back the invoice', () => {
    const c = creditNoteLines(invoice, 253000);
    expect(c.map(({ lineIndex, ...l }) => l)).toEqual(invoice);
  });

  it('keeps a retired rate, the place of supply and exempt lines as they were', () => {
    const old = [gstLine({ ...ex(100000, 12), interState: true }), gstLine({ ...ex(50000, null), interState: true })];
    const c = creditNoteLines(old, 81000); // 112,000 : 50,000 of 162,000 → 56,000 / 25,000
    expect(c[0]).toMatchObject({ ratePercent: 12, interState: true, ...v(50000, 0, 0, 6000, 56000) });
    expect(c[1]).toMatchObject({ ratePercent: null, exempt: true, ...v(25000, 0, 0, 0, 25000) });
  });

  it('leaves out lines with nothing credited', () => {
    const c = creditNoteLines(invoice, 1);
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ lineIndex: 0, totalPaise: 1, taxableValuePaise: 1, taxPaise: 0 });
  });

  it('sums exactly and never credits a line more than it holds, for 1,000 random invoices', () => {
    const rand = rng(2026);
    const rates = [null, 0, 5, 12, 18, 40] as const;
    for (let k = 0; k < 1000; k++) {
      const n = Math.floor(rand() * 6) + 1;
      const inter = rand() < 0.3;
      const lines = Array.from({ length: n }, () =>
        gstLine({
          unitPricePaise: Math.floor(rand() * 500000),
          quantity: Math.floor(rand() * 4) + 1,
          ratePercent: rates[Math.floor(rand() * rates.length)]!,
          priceIncludesTax: rand() < 0.5,
          interState: inter,
        }),
      );
      const total = lines.reduce((s, l) => s + l.totalPaise, 0);
      if (total === 0) continue;
      const credit = Math.floor(rand() * total) + 1;
      const c = creditNoteLines(lines, credit);
      const sums = gstSummary(c).totals;
      expect(sums.totalPaise).toBe(credit);
      expect(sums.taxableValuePaise + sums.taxPaise).toBe(credit);
      for (const l of c) {
        const orig = lines[l.lineIndex]!;
        expect(l.totalPaise).toBeGreaterThan(0);
        expect(l.totalPaise).toBeLessThanOrEqual(orig.totalPaise);
        expect(l.taxableValuePaise).toBeLessThanOrEqual(orig.taxableValuePaise);
        expect(l.taxPaise).toBeLessThanOrEqual(orig.taxPaise);
        expect(l.taxPaise).toBeGreaterThanOrEqual(0);
        expect(l.ratePercent).toBe(orig.ratePercent);
        expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
        // within a paisa of the exact proportion of the line's tax
        expect(Math.abs(l.taxPaise - (orig.taxPaise * l.totalPaise) / orig.totalPaise)).toBeLessThanOrEqual(0.5 + 1e-6);
      }
      // within one paisa of the exact share of each line
      for (const l of c) expect(Math.abs(l.totalPaise - (credit * lines[l.lineIndex]!.totalPaise) / total)).toBeLessThan(1);
    }
  });

  it('a series of credit notes never credits beyond the invoice and, all together, gives back every figure', () => {
    // tax 51 on one line (CGST 26, SGST 25), credited a paisa at a time and then the rest
    const line = gstLine({ ...ex(1010, 5), interState: false });
    expect(line).toMatchObject(v(1010, 26, 25, 0, 1061));
    const done: ReturnType<typeof creditNoteLines> = [];
    for (const amount of [1, 1, 1, 500]) done.push(...creditNoteLines([line], amount, done));
    const rest = creditNoteLines([line], 1061 - 503, done);
    const all = gstSummary([...done, ...rest]).totals;
    expect(all).toEqual(v(1010, 26, 25, 0, 1061));
    expect(() => creditNoteLines([line], 1, [...done, ...rest])).toThrow(/0 paise left to credit/);
  });

  it('two lines of a paisa each: the second credit goes to the line not yet credited', () => {
    const lines = [gstLine({ ...ex(1, 0), interState: false }), gstLine({ ...ex(1, 0), interState: false })];
    const first = creditNoteLines(lines, 1);
    expect(first.map((l) => l.lineIndex)).toEqual([0]);
    const second = creditNoteLines(lines, 1, first);
    expect(second.map((l) => l.lineIndex)).toEqual([1]);
  });

  it('refuses earlier credits that name a missing line or exceed a line', () => {
    expect(() => creditNoteLines(invoice, 1, [{ ...v(1, 0, 0, 0, 1), lineIndex: 9 }])).toThrow(/does not have/);
    expect(() => creditNoteLines(invoice, 1, [{ ...v(100001, 0, 0, 0, 100001), lineIndex: 0 }])).toThrow(/exceed/);
    expect(() => creditNoteLines(invoice, 1, [{ ...v(0, 9001, 0, 0, 9001), lineIndex: 0 }])).toThrow(/exceed/);
    expect(() => creditNoteLines(invoice, 1, [{ ...v(10, 1, 1, 0, 13), lineIndex: 0 }])).toThrow(/do not match/);
  });

  it('random series of credit notes, 500 invoices: each figure of each line credited at most once, exactly at the end', () => {
    const rand = rng(6);
    const rates = [null, 0, 5, 12, 18, 40] as const;
    for (let k = 0; k < 500; k++) {
      const inter = rand() < 0.3;
      const lines = Array.from({ length: Math.floor(rand() * 5) + 1 }, () =>
        gstLine({
          unitPricePaise: Math.floor(rand() * 300000),
          quantity: Math.floor(rand() * 3) + 1,
          ratePercent: rates[Math.floor(rand() * rates.length)]!,
          priceIncludesTax: rand() < 0.5,
          interState: inter,
        }),
      );
      const total = lines.reduce((s, l) => s + l.totalPaise, 0);
      const done: ReturnType<typeof creditNoteLines> = [];
      let credited = 0;
      while (credited < total) {
        const amount = rand() < 0.3 ? total - credited : Math.min(total - credited, Math.floor(rand() * total * 0.4) + 1);
        const c = creditNoteLines(lines, amount, done);
        expect(gstSummary(c).totals.totalPaise).toBe(amount);
        done.push(...c);
        credited += amount;
        lines.forEach((l, i) => {
          const mine = gstSummary(done.filter((d) => d.lineIndex === i)).totals;
          for (const key of ['taxableValuePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise', 'totalPaise'] as const) {
            expect(mine[key]).toBeLessThanOrEqual(l[key]);
            expect(mine[key]).toBeGreaterThanOrEqual(0);
          }
        });
      }
      lines.forEach((l, i) => {
        const mine = gstSummary(done.filter((d) => d.lineIndex === i)).totals;
        expect(mine).toEqual({
          taxableValuePaise: l.taxableValuePaise,
          cgstPaise: l.cgstPaise,
          sgstPaise: l.sgstPaise,
          igstPaise: l.igstPaise,
          taxPaise: l.taxPaise,
          totalPaise: l.totalPaise,
        });
      });
    }
  });

  it('refuses a credit of nothing, of fractions, or of more than the invoice', () => {
    expect(() => creditNoteLines(invoice, 0)).toThrow(/above 0/);
    expect(() => creditNoteLines(invoice, 10.5)).toThrow(RangeError);
    expect(() => creditNoteLines(invoice, 253001)).toThrow(/left to credit/);
    expect(() => creditNoteLines([], 1)).toThrow(/left to credit/);
    expect(() => creditNoteLines([gstLine({ ...ex(-100, 18), interState: false })], 1)).toThrow(/negative/);
  });
});

describe('edges found by mutation testing', () => {
  it('a date that is not one is refused with the function and the value named', () => {
    expect(() => rateValidOn({ percent: 18 }, '2026-02-30')).toThrow('rateValidOn: "2026-02-30" is not a date (yyyy-MM-dd)');
  });

  it('a rate entry with both dates, in order, is valid', () => {
    expect(gstRateSchema.safeParse({ percent: 12, effectiveFrom: '2025-01-01', retiredOn: '2025-09-22' }).success).toBe(true);
  });

  it('the same rate twice: apart in either order of the list, and the issue is a custom one', () => {
    const laterFirst = [
      { percent: 12, effectiveFrom: '2025-09-22' },
      { percent: 12, retiredOn: '2025-09-22' },
    ];
    expect(gstRateListSchema.safeParse(laterFirst).success).toBe(true);
    const overlapping = gstRateListSchema.safeParse([
      { percent: 12, effectiveFrom: '2025-01-01' },
      { percent: 12, retiredOn: '2025-09-22' },
    ]);
    expect(overlapping.error!.issues[0]).toMatchObject({ code: 'custom', path: [1] });
  });

  it('says why an argument is refused', () => {
    expect(() => roundDiv(1n, 0n)).toThrow('roundDiv: the denominator must be positive');
    expect(() => splitTax(1.5, false)).toThrow('tax 1.5 is not a whole number of paise');
    expect(() => lineAmountPaise(Number.MAX_SAFE_INTEGER, 2)).toThrow('the line amount is too large');
    expect(() => gstLine({ ...ex(100, 'five' as unknown as number), interState: false })).toThrow(
      "GST rate five is not a percentage or 'exempt'",
    );
  });

  it('sums by rate with the exempt lines first even when a 0 % line comes before them', () => {
    const zero = gstLine({ ...ex(20000, 0), interState: false });
    const exempt = gstLine({ ...ex(50000, 'exempt'), interState: false });
    expect(gstSummary([zero, exempt]).byRate.map((r) => r.ratePercent)).toEqual([null, 0]);
  });

  it('sums one code at two rates in rate order, whatever the order of the lines', () => {
    const at = (rate: number) => ({ ...gstLine({ ...ex(10000, rate), interState: false }), code: '999722' });
    expect(gstSummaryByCode([at(18), at(5)]).rows.map((r) => [r.code, r.ratePercent])).toEqual([
      ['999722', 5],
      ['999722', 18],
    ]);
  });

  it('an invoice line with any negative figure is refused; a line of nothing is not', () => {
    const line = gstLine({ ...ex(10000, 18), interState: false });
    for (const field of ['totalPaise', 'taxableValuePaise', 'taxPaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
      expect(() => creditNoteLines([line, { ...line, [field]: -1 }], 1), field).toThrow(
        'creditNoteLines: an invoice line has a negative amount',
      );
    }
    const nothing = gstLine({ ...ex(0, 'exempt'), interState: false });
    expect(creditNoteLines([nothing, line], 1).map((l) => l.lineIndex)).toEqual([1]);
  });

  it('refuses earlier credits of more IGST than an inter-state line holds', () => {
    const line = gstLine({ ...ex(100, 18), interState: true }); // 100 + 18 IGST
    expect(() => creditNoteLines([line], 1, [{ ...v(0, 0, 0, 19, 19), lineIndex: 0 }])).toThrow(/exceed/);
  });
});
