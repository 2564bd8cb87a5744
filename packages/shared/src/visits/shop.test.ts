import { describe, expect, it } from 'vitest';
import { SHOP_MESSAGES, shopStockLeft, shopStockLinePaise, shopStockShortage } from './shop.ts';

const prices = { ngo: 8000, customer: 12050 };

describe('shop stock lines', () => {
  it.each([
    ['pvtltd', 3, 36150],
    ['NGO', 3, 24000],
    ['pvtltd', 0, 0],
    ['NGO', 1.5, 0],
  ] as const)('a %s line of %d charges %d paise', (ct, quantity, paise) => {
    expect(shopStockLinePaise({ prices, quantity }, ct)).toBe(paise);
  });

  it('charges nothing while no item is chosen', () => {
    expect(shopStockLinePaise({ prices: undefined, quantity: 2 }, 'pvtltd')).toBe(0);
  });

  it('finds the first line where an item’s lines together pass its stock, with the message', () => {
    const stock = new Map([
      ['a', { stock: 5, itemName: 'Cotton Roll' }],
      ['b', { stock: 1, itemName: 'Collar' }],
    ]);
    expect(shopStockShortage([{ itemId: 'a', quantity: 5 }], stock)).toBeNull();
    expect(
      shopStockShortage(
        [
          { itemId: 'a', quantity: 3 },
          { itemId: 'b', quantity: 1 },
          { itemId: 'a', quantity: 3 },
        ],
        stock,
      ),
    ).toEqual({ index: 2, itemId: 'a', available: 5, message: 'Stock item #3: Only 5 units available for Cotton Roll' });
    expect(SHOP_MESSAGES.selectItem(2)).toBe('Please select a valid item for Stock item #2');
  });

  it('tells how many are left for a line after the item’s earlier lines', () => {
    const lines = [
      { itemId: 'a', quantity: 2 },
      { itemId: 'a', quantity: 1 },
      { itemId: null, quantity: 4 },
    ];
    expect(shopStockLeft(lines, 0, 5)).toBe(5);
    expect(shopStockLeft(lines, 1, 5)).toBe(3);
    expect(shopStockLeft(lines, 2, 5)).toBe(0);
    expect(
      shopStockLeft(
        [
          { itemId: 'a', quantity: 9 },
          { itemId: 'a', quantity: 1 },
        ],
        1,
        5,
      ),
    ).toBe(0);
  });
});

describe('edges found by mutation testing', () => {
  it('a line of a negative quantity charges nothing', () => {
    expect(shopStockLinePaise({ prices, quantity: -2 }, 'pvtltd')).toBe(0);
  });

  it('lines of unknown items are skipped', () => {
    expect(shopStockShortage([{ itemId: 'gone', quantity: 5 }], new Map())).toBeNull();
  });

  it('stock left: a line that is not there has none; only earlier whole positive lines of the item count', () => {
    expect(shopStockLeft([], 3, 10)).toBe(0);
    const lines = [
      { itemId: 'b', quantity: 2 },
      { itemId: 'a', quantity: -1 },
      { itemId: 'a', quantity: 1.5 },
      { itemId: 'a', quantity: 2 },
      { itemId: 'a', quantity: 1 },
    ];
    expect(shopStockLeft(lines, 4, 10)).toBe(8);
  });
});
