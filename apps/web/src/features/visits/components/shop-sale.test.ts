import { shopVisitBody, WALK_IN_MESSAGES } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { inventoryItem } from '../test/inventory';
import { type FreeRow, type StockRow, shopSaleBody, shopSaleProblems, shopSaleTotalPaise, stockRowView } from './shop-sale';

const A = inventoryItem({ _id: 'a'.repeat(24), itemName: 'Cotton Roll', stock: 5 });
const B = inventoryItem({ _id: 'b'.repeat(24), itemName: 'Collar', stock: 1, unitMaxRetailPriceCustomer: 300 });
const known = new Map([A, B].map((i) => [i._id, i]));
const stock = (...rows: [string | null, number | string][]): StockRow[] =>
  rows.map(([itemId, quantity], i) => ({ key: i, itemId, quantity }));
const free = (...rows: [string, number | string, number | string][]): FreeRow[] =>
  rows.map(([name, price, quantity], i) => ({ key: 100 + i, name, price, quantity }));

describe('the Shop form’s lines', () => {
  it('prices a stock line at the customer or the NGO price, and totals with the free lines', () => {
    const s = stock([A._id, 3], [B._id, 1]);
    expect(stockRowView(s, 0, known, 'pvtltd')).toMatchObject({ unitPaise: 12050, linePaise: 36150, left: 5 });
    expect(stockRowView(s, 0, known, 'NGO')).toMatchObject({ unitPaise: 8000, linePaise: 24000 });
    const f = free(['Gift wrap', 20, 2], ['', '', 1]);
    expect(shopSaleTotalPaise(s, f, known, 'pvtltd')).toBe(36150 + 30000 + 4000);
    expect(shopSaleTotalPaise(s, f, known, 'NGO')).toBe(24000 + 8000 + 4000);
  });

  it('a row without an item, or with a bad quantity, adds nothing', () => {
    expect(shopSaleTotalPaise(stock([null, 2], [A._id, ''], [A._id, 1.5]), [], known, 'pvtltd')).toBe(0);
  });

  it('shows what is left after the item’s other lines, and refuses more than that with the server’s message', () => {
    const s = stock([A._id, 3], [A._id, 3]);
    expect(stockRowView(s, 1, known, 'pvtltd')).toMatchObject({
      left: 2,
      overStock: 'Stock item #2: Only 2 units available for Cotton Roll',
    });
    expect(stockRowView(s, 0, known, 'pvtltd')).toMatchObject({ left: 5, overStock: undefined });
    expect(shopSaleProblems(s, [], known, 'pvtltd', null)).toEqual({
      'stockItems.1.quantity': 'Stock item #2: Only 2 units available for Cotton Roll',
    });
    expect(shopSaleProblems(stock([A._id, 5]), [], known, 'pvtltd', null)).toEqual({});
  });

  it('names what stops a sale: no lines, blank names and prices, quantities, the walk-in buyer', () => {
    expect(shopSaleProblems(stock([null, 1]), [], known, 'pvtltd', null)).toEqual({ items: 'Add at least one item' });
    expect(shopSaleProblems([], free(['', 10, 1], ['Toy', '', 0]), known, 'pvtltd', null)).toEqual({
      'items.0.name': 'Item name is required',
      'items.1.price': 'Item price must be a number',
      'items.1.quantity': 'Quantity must be at least 1',
    });
    expect(shopSaleProblems(stock([A._id, 1]), [], known, 'pvtltd', { name: '  ', phone: '98' })).toEqual({
      'walkIn.name': WALK_IN_MESSAGES.buyerName,
      'walkIn.phone': 'Enter a valid 10-digit phone number',
    });
  });

  it('builds the existing client’s body for free lines, and the extensions for stock and walk-ins', () => {
    const base = { visitType: 'c'.repeat(24), known, method: 'cash' as const };
    const plain = shopSaleBody({
      ...base,
      petId: 'd'.repeat(24),
      stock: stock([null, 1]),
      free: free(['Toy', 10, 2]),
      customerType: 'pvtltd',
      buyer: null,
    });
    expect(plain).toStrictEqual({
      petId: 'd'.repeat(24),
      visitType: 'c'.repeat(24),
      items: [{ name: 'Toy', price: 10, quantity: 2 }],
      details: { totalCalculatedPrice: 20, selectedPayment: 'cash' },
    });
    const walkIn = shopSaleBody({
      ...base,
      petId: null,
      stock: stock([A._id, 2]),
      free: [],
      customerType: 'NGO',
      buyer: { name: ' Ravi ', phone: '' },
    });
    expect(walkIn).toStrictEqual({
      walkIn: { name: 'Ravi' },
      visitType: 'c'.repeat(24),
      customerType: 'NGO',
      stockItems: [{ itemId: A._id, quantity: 2, price: 80 }],
      items: [],
      details: { totalCalculatedPrice: 160, selectedPayment: 'cash' },
    });
    for (const b of [plain, walkIn]) expect(shopVisitBody.safeParse(b).success).toBe(true);
  });
});
