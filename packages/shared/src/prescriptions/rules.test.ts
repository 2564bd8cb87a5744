import { describe, expect, it } from 'vitest';
import { toPaise } from '../money.ts';
import {
  earliestFollowUpDate,
  findStockShortage,
  followUpIssues,
  isFollowUpDateAllowed,
  prescriptionTotalPaise,
  pricingNote,
  quantityByItem,
  quantityMessage,
  type RxRow,
  selectItemMessage,
  stockMessage,
  unitPricePaise,
} from './rules.ts';
import { addPrescriptionBody, addPrescriptionFormBody, parseQuantity, prescriptionRows } from './schemas.ts';

/** Prices in rupees as the inventory stores them: [NGO minimum, customer maximum]. */
const amoxicillin = { ngo: toPaise(6), customer: toPaise(9) };
const meloxicam = { ngo: toPaise(11), customer: toPaise(15) };
const metronidazole = { ngo: toPaise(0.15), customer: toPaise(0.25) };
const rabies = { ngo: toPaise(250), customer: toPaise(400) };

describe('unit price by customer type (spec 000 §9)', () => {
  it.each([
    ['NGO', amoxicillin, 600],
    ['pvtltd', amoxicillin, 900],
    ['NGO', metronidazole, 15],
    ['pvtltd', metronidazole, 25],
  ] as const)('%s pays %j → %i paise', (ct, prices, expected) => {
    expect(unitPricePaise(prices, ct)).toBe(expected);
  });
});

describe('prescription total = Σ unit price × quantity over all four sections', () => {
  const lines = [
    { prices: amoxicillin, quantity: 3 }, // tablets
    { prices: meloxicam, quantity: 2 }, // ml
    { prices: metronidazole, quantity: 500 }, // mg
    { prices: rabies, quantity: 1 }, // items
  ];
  it.each([
    // NGO: 3×6 + 2×11 + 500×0.15 + 1×250 = 18 + 22 + 75 + 250 = 365
    ['NGO', lines, 36500],
    // Pvt Ltd: 3×9 + 2×15 + 500×0.25 + 1×400 = 27 + 30 + 125 + 400 = 582
    ['pvtltd', lines, 58200],
    ['NGO', [{ prices: amoxicillin, quantity: 1 }], 600],
    ['pvtltd', [], 0],
    // rows without an item or with an invalid quantity do not count (the live total while editing)
    [
      'pvtltd',
      [
        { prices: undefined, quantity: 4 },
        { prices: rabies, quantity: 0 },
        { prices: rabies, quantity: 1.5 },
      ],
      0,
    ],
    ['pvtltd', [{ prices: { ngo: 0, customer: 0 }, quantity: 10 }], 0],
  ] as const)('%s: %j → %i paise', (ct, ls, expected) => {
    expect(prescriptionTotalPaise(ls, ct)).toBe(expected);
  });

  it('notes the pricing in use', () => {
    expect(pricingNote('NGO')).toBe('NGO Pricing');
    expect(pricingNote('pvtltd')).toBe('Standard Pricing');
  });
});

describe('messages with the section variants and row numbers (spec 000 §5)', () => {
  it.each([
    [
      'items',
      1,
      'Please select a valid item for Item #1',
      'Please enter a valid quantity for Item #1',
      'Item #1: Only 5 units available for X',
    ],
    [
      'tablets',
      2,
      'Please select a valid tablet for Tablet #2',
      'Please enter a valid quantity for Tablet #2',
      'Tablet #2: Only 5 units available for X',
    ],
    [
      'mg',
      3,
      'Please select a valid MG item for MG Item #3',
      'Please enter a valid quantity for MG Item #3',
      'MG Item #3: Only 5 units available for X',
    ],
    [
      'ml',
      4,
      'Please select a valid ML item for ML Item #4',
      'Please enter a valid quantity for ML Item #4',
      'ML Item #4: Only 5 units available for X',
    ],
  ] as const)('%s row %i', (section, n, select, qty, stock) => {
    expect(selectItemMessage(section, n)).toBe(select);
    expect(quantityMessage(section, n)).toBe(qty);
    expect(stockMessage(section, n, 5, 'X')).toBe(stock);
  });
});

describe('stock is checked against the sum of all rows of the same item', () => {
  const A = 'a'.repeat(24);
  const B = 'b'.repeat(24);
  const stock = new Map([
    [A, { stock: 5, itemName: 'Amoxicillin 250mg' }],
    [B, { stock: 2, itemName: 'Meloxicam' }],
  ]);
  const row = (section: RxRow['section'], index: number, id: string, quantity: number): RxRow => ({
    section,
    index,
    id,
    quantity,
  });

  it.each([
    ['fits exactly', [row('items', 0, A, 3), row('tablets', 0, A, 2)], null],
    [
      'two rows exceed together',
      [row('items', 0, A, 3), row('tablets', 0, A, 3)],
      'Tablet #1: Only 5 units available for Amoxicillin 250mg',
    ],
    ['one row alone exceeds', [row('ml', 1, B, 3)], 'ML Item #2: Only 2 units available for Meloxicam'],
    ['other items are independent', [row('items', 0, A, 5), row('mg', 0, B, 2)], null],
    ['unknown ids are left to the item check', [row('items', 0, 'c'.repeat(24), 99)], null],
  ] as const)('%s', (_, rows, expected) => {
    expect(findStockShortage(rows, stock)?.message ?? null).toBe(expected);
  });

  it('sums quantities per item', () => {
    expect(quantityByItem([row('items', 0, A, 3), row('mg', 0, B, 1), row('tablets', 0, A, 2)])).toEqual(
      new Map([
        [A, 5],
        [B, 1],
      ]),
    );
  });
});

describe('follow-up: all three fields or none; date from tomorrow', () => {
  it.each([
    [{}, []],
    [{ nextFollowUp: '', followUpTime: ' ', followUpPurpose: null }, []],
    [{ nextFollowUp: '2026-12-01', followUpTime: '10:30', followUpPurpose: 'Review' }, []],
    [
      { nextFollowUp: '2026-12-01' },
      ['Follow-up time is required when scheduling follow-up', 'Follow-up purpose is required when scheduling follow-up'],
    ],
    [
      { followUpPurpose: 'Review' },
      ['Follow-up date is required when scheduling follow-up', 'Follow-up time is required when scheduling follow-up'],
    ],
    [{ followUpTime: '10:00', followUpPurpose: 'Review' }, ['Follow-up date is required when scheduling follow-up']],
  ])('%j', (f, messages) => {
    expect(followUpIssues(f).map((i) => i.message)).toEqual(messages);
  });

  it.each([
    ['2026-11-22', '2026-11-22', false],
    ['2026-11-21', '2026-11-22', false],
    ['2026-11-23', '2026-11-22', true],
    ['2027-01-01', '2026-12-31', true],
  ])('%s allowed when today is %s: %s', (date, today, ok) => {
    expect(isFollowUpDateAllowed(date, today)).toBe(ok);
  });

  it('the earliest date is tomorrow', () => expect(earliestFollowUpDate('2026-12-31')).toBe('2027-01-01'));
});

describe('addPrescriptionBody', () => {
  const pet = 'f'.repeat(24);
  const item = 'a'.repeat(24);
  const first = (body: unknown) => addPrescriptionBody.safeParse(body).error?.issues[0]?.message;

  it.each([
    [{}, 'A pet must be selected. Please select a pet before proceeding.'],
    [{ petId: 'nope', customerType: 'NGO', totalPrice: 0 }, 'A pet must be selected. Please select a pet before proceeding.'],
    [{ petId: pet, totalPrice: 0 }, 'Please select a customer type.'],
    [{ petId: pet, customerType: 'company', totalPrice: 0 }, 'Please select a customer type.'],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 0 },
      'Please add at least one medication (Item, Tablet, MG, or ML) before proceeding.',
    ],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 0, tablets: [{ id: '', quantity: 1 }] },
      'Please select a valid tablet for Tablet #1',
    ],
    [
      {
        petId: pet,
        customerType: 'NGO',
        totalPrice: 0,
        mg: [
          { id: item, quantity: 1 },
          { id: item, quantity: 0 },
        ],
      },
      'Please enter a valid quantity for MG Item #2',
    ],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 0, ml: [{ id: item, quantity: 1.5 }] },
      'Please enter a valid quantity for ML Item #1',
    ],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 0, items: [{ id: item, quantity: 'two' }] },
      'Please enter a valid quantity for Item #1',
    ],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 0, items: [{ id: item, quantity: -1 }] },
      'Please enter a valid quantity for Item #1',
    ],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 0, items: [{ id: item, quantity: 1 }], followUpPurpose: 'Check' },
      'Follow-up date is required when scheduling follow-up',
    ],
    [
      {
        petId: pet,
        customerType: 'NGO',
        totalPrice: 0,
        items: [{ id: item, quantity: 1 }],
        nextFollowUp: '2026-02-30',
        followUpTime: '10:00',
        followUpPurpose: 'Check',
      },
      'Follow-up date must be a valid date (yyyy-MM-dd)',
    ],
    [
      { petId: pet, customerType: 'NGO', totalPrice: 12, items: [{ id: item, quantity: 1 }], selectedPayment: 'cheque' },
      'Please select payment method',
    ],
    [{ petId: pet, customerType: 'NGO', items: [{ id: item, quantity: 1 }] }, 'Total price is required'],
  ])('%j → %s', (body, message) => {
    expect(first(body)).toBe(message);
  });

  it('accepts a complete body and lists its rows in form order', () => {
    const parsed = addPrescriptionBody.parse({
      petId: pet,
      customerType: 'pvtltd',
      items: [{ id: item, quantity: 2 }],
      ml: [{ id: item, quantity: '3' }],
      nextFollowUp: '2026-12-01',
      followUpTime: '09:30',
      followUpPurpose: ' Review ',
      diagnosis: '',
      totalPrice: 45,
      selectedPayment: 'cash',
    });
    expect(parsed.followUpPurpose).toBe('Review');
    expect(parsed.diagnosis).toBeNull();
    expect(prescriptionRows(parsed)).toEqual([
      { section: 'items', index: 0, id: item, quantity: 2 },
      { section: 'ml', index: 0, id: item, quantity: 3 },
    ]);
  });

  it('a deeply nested quantity is the row message, not a crash', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const r = addPrescriptionBody.safeParse({
      petId: pet,
      customerType: 'NGO',
      mg: [{ id: item, quantity: deep }],
      totalPrice: 0,
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Please enter a valid quantity for MG Item #1']);
  });

  it("the API takes a body without a method (the existing client's); Pawdesk's form requires one when something is due", () => {
    const body = { petId: pet, customerType: 'NGO', tablets: [{ id: item, quantity: 1 }], totalPrice: 6 };
    expect(addPrescriptionBody.safeParse(body).success).toBe(true);
    const form = addPrescriptionFormBody.safeParse(body);
    expect(form.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['selectedPayment', 'Please select payment method'],
    ]);
    expect(addPrescriptionFormBody.safeParse({ ...body, selectedPayment: 'cash' }).success).toBe(true);
    expect(
      addPrescriptionFormBody.safeParse({ ...body, tablets: [], items: [{ id: item, quantity: 1 }], totalPrice: 0 }).success,
    ).toBe(true);
  });

  it.each([
    [1, 1],
    ['4', 4],
    [0, null],
    [2.5, null],
    ['2.5', null],
    ['', null],
    [null, null],
  ])('parseQuantity(%j) = %j', (v, n) => expect(parseQuantity(v)).toBe(n));
});
