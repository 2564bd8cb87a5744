/**
 * The Shop sale's stock lines (issue 18): an inventory item and a quantity, priced as prescriptions price items (the
 * NGO price for an NGO sale, else the customer price) and limited by the stock, with messages in the prescription
 * messages' style. The web form previews with these rules; the server decides with them.
 */
import type { CustomerType } from '../catalog.ts';
import { type UnitPricesPaise, unitPricePaise } from '../prescriptions/rules.ts';

export const SHOP_MESSAGES = {
  /** 'Please select a valid item for Stock item #2' */
  selectItem: (n: number) => `Please select a valid item for Stock item #${n}`,
  /** 'Stock item #1: Only 5 units available for Cotton Roll' */
  stock: (n: number, stock: number, name: string) => `Stock item #${n}: Only ${stock} units available for ${name}`,
  outOfStock: 'Out of stock',
  stockChanged: 'The stock changed while saving. Please try again.',
} as const;

/** A stock line as priced: the item's two unit prices and how many. */
export interface ShopStockLineLike {
  prices: UnitPricesPaise | undefined;
  quantity: number;
}

/** What a stock line charges: quantity × the unit price of the customer type (0 while no item is chosen). */
export function shopStockLinePaise(line: ShopStockLineLike, customerType: CustomerType): number {
  if (!line.prices || !Number.isInteger(line.quantity) || line.quantity <= 0) return 0;
  return unitPricePaise(line.prices, customerType) * line.quantity;
}

export interface ShopStockShortage {
  /** 0-based index of the stock line. */
  index: number;
  itemId: string;
  available: number;
  message: string;
}

/**
 * The first stock line at which the running sum of an item's quantities exceeds its stock (two lines of one item
 * count together), with its message; null when everything fits. Lines of unknown items are skipped.
 */
export function shopStockShortage(
  lines: readonly { itemId: string; quantity: number }[],
  stock: ReadonlyMap<string, { stock: number; itemName: string }>,
): ShopStockShortage | null {
  const used = new Map<string, number>();
  for (const [index, l] of lines.entries()) {
    const item = stock.get(l.itemId);
    if (!item) continue;
    const sum = (used.get(l.itemId) ?? 0) + l.quantity;
    used.set(l.itemId, sum);
    if (sum > item.stock) {
      return {
        index,
        itemId: l.itemId,
        available: item.stock,
        message: SHOP_MESSAGES.stock(index + 1, item.stock, item.itemName),
      };
    }
  }
  return null;
}

/**
 * How many of an item line `index` may still take: its stock less what the item's EARLIER lines take (the running
 * sum the server checks, so the first line to pass the stock is the one refused).
 */
export function shopStockLeft(
  lines: readonly { itemId: string | null; quantity: number }[],
  index: number,
  stock: number,
): number {
  const id = lines[index]?.itemId;
  if (!id) return 0;
  const before = lines
    .slice(0, index)
    .reduce((sum, l) => (l.itemId === id && Number.isInteger(l.quantity) && l.quantity > 0 ? sum + l.quantity : sum), 0);
  return Math.max(0, stock - before);
}
