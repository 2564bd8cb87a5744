import {
  type CustomerType,
  type InventoryItem,
  SHOP_MESSAGES,
  type ShopVisitBody,
  shopItemSchema,
  shopStockLeft,
  shopTotal,
  toPaise,
  toRupees,
  unitPricePaise,
  VISIT_MESSAGES,
  WALK_IN_MESSAGES,
} from '@pawdesk/shared';

/**
 * The Shop form's logic (issue 18), apart from its screen so it is unit-tested: stock lines (an inventory item and a
 * quantity, at the customer or NGO price as prescriptions price them, limited by the stock left), free lines (name,
 * price, quantity: something not in stock) and, for a walk-in sale, the buyer. The server decides with the same
 * shared rules (unitPricePaise, shopTotal, shopStockShortage).
 */

export interface StockRow {
  key: number;
  itemId: string | null;
  quantity: number | string;
}

export interface FreeRow {
  key: number;
  name: string;
  price: number | string;
  quantity: number | string;
}

export interface Buyer {
  name: string;
  phone: string;
}

const asNumber = (v: number | string): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** The server's quantity rule (a whole number, at least 1) and its messages. */
const quantityRule = shopItemSchema.shape.quantity.unwrap();
export const quantityProblem = (q: number | string): string | undefined =>
  q === ''
    ? 'Quantity must be a number'
    : quantityRule.safeParse(typeof q === 'string' ? Number(q) : q).error?.issues[0]?.message;

const itemPrices = (i: InventoryItem) => ({
  ngo: toPaise(i.unitMinRetailPriceNGO),
  customer: toPaise(i.unitMaxRetailPriceCustomer),
});

/** What a stock row shows: its unit price and line total (paise), how many are left for it, and its problem. */
export interface StockRowView {
  item: InventoryItem | undefined;
  unitPaise: number;
  linePaise: number;
  /** Stock left for this row after the item's other rows (the quantity field's maximum). */
  left: number;
  /** 'Stock item #1: Only 5 units available for X' when the row asks for more than is left. */
  overStock: string | undefined;
}

export function stockRowView(
  rows: readonly StockRow[],
  index: number,
  known: ReadonlyMap<string, InventoryItem>,
  customerType: CustomerType,
): StockRowView {
  const row = rows[index]!;
  const item = row.itemId ? known.get(row.itemId) : undefined;
  const unitPaise = item ? unitPricePaise(itemPrices(item), customerType) : 0;
  const quantity = asNumber(row.quantity);
  const valid = !quantityProblem(row.quantity);
  const left = item
    ? shopStockLeft(
        rows.map((r) => ({ itemId: r.itemId, quantity: asNumber(r.quantity) })),
        index,
        item.stock,
      )
    : 0;
  const overStock = item && valid && quantity > left ? SHOP_MESSAGES.stock(index + 1, left, item.itemName) : undefined;
  return { item, unitPaise, linePaise: valid ? unitPaise * quantity : 0, left, overStock };
}

/** A free row that nobody touched (no name, no price) is left out of the sale. */
const isBlankFree = (r: FreeRow) => r.name.trim() === '' && r.price === '';
const isBlankStock = (r: StockRow) => r.itemId === null;

/** The sale's total in paise: the stock rows at the customer type's price plus the free rows (quantity × price). */
export function shopSaleTotalPaise(
  stock: readonly StockRow[],
  free: readonly FreeRow[],
  known: ReadonlyMap<string, InventoryItem>,
  customerType: CustomerType,
): number {
  const stockPaise = stock.reduce((sum, _r, i) => sum + stockRowView(stock, i, known, customerType).linePaise, 0);
  const freePaise = shopTotal(
    free
      .filter((r) => !isBlankFree(r) && !quantityProblem(r.quantity))
      .map((r) => ({ pricePaise: toPaise(asNumber(r.price)), quantity: asNumber(r.quantity) })),
  );
  return stockPaise + freePaise;
}

/** Field → message of what stops the sale (keys as the server names them: stockItems.0.quantity, items.1.name, walkIn.name). */
export function shopSaleProblems(
  stock: readonly StockRow[],
  free: readonly FreeRow[],
  known: ReadonlyMap<string, InventoryItem>,
  customerType: CustomerType,
  buyer: Buyer | null,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (buyer) {
    if (!buyer.name.trim()) problems['walkIn.name'] = WALK_IN_MESSAGES.buyerName;
    if (buyer.phone && !/^\d{10}$/.test(buyer.phone)) problems['walkIn.phone'] = 'Enter a valid 10-digit phone number';
  }
  stock.forEach((r, i) => {
    if (isBlankStock(r)) return;
    if (!known.has(r.itemId!)) problems[`stockItems.${i}.itemId`] = SHOP_MESSAGES.selectItem(i + 1);
    const q = quantityProblem(r.quantity);
    const over = stockRowView(stock, i, known, customerType).overStock;
    if (q ?? over) problems[`stockItems.${i}.quantity`] = (q ?? over)!;
  });
  free.forEach((r, i) => {
    if (isBlankFree(r)) return;
    if (!r.name.trim()) problems[`items.${i}.name`] = 'Item name is required';
    if (r.price === '' || asNumber(r.price) < 0) problems[`items.${i}.price`] = 'Item price must be a number';
    const q = quantityProblem(r.quantity);
    if (q) problems[`items.${i}.quantity`] = q;
  });
  if (stock.every(isBlankStock) && free.every(isBlankFree)) problems.items = VISIT_MESSAGES.shopEmpty;
  return problems;
}

/**
 * The body of POST /visit/addshopvisit. A sale of free lines for a pet is exactly the existing client's body; stock
 * lines add `stockItems` and `customerType`; a walk-in sale sends `walkIn` instead of `petId`. Blank rows are left out.
 */
export function shopSaleBody(a: {
  petId: string | null;
  visitType: string;
  stock: readonly StockRow[];
  free: readonly FreeRow[];
  known: ReadonlyMap<string, InventoryItem>;
  customerType: CustomerType;
  buyer: Buyer | null;
  method: ShopVisitBody['details']['selectedPayment'];
}): ShopVisitBody {
  const stockItems = a.stock
    .map((r, i) => ({ r, view: stockRowView(a.stock, i, a.known, a.customerType) }))
    .filter(({ r }) => !isBlankStock(r))
    .map(({ r, view }) => ({ itemId: r.itemId!, quantity: asNumber(r.quantity), price: toRupees(view.unitPaise) }));
  const items = a.free
    .filter((r) => !isBlankFree(r))
    .map((r) => ({ name: r.name.trim(), price: asNumber(r.price), quantity: asNumber(r.quantity) }));
  const total = toRupees(shopSaleTotalPaise(a.stock, a.free, a.known, a.customerType));
  return {
    ...(a.buyer
      ? { walkIn: { name: a.buyer.name.trim(), ...(a.buyer.phone ? { phone: a.buyer.phone } : {}) } }
      : { petId: a.petId ?? '' }),
    visitType: a.visitType,
    ...(stockItems.length ? { customerType: a.customerType, stockItems } : {}),
    items,
    details: { totalCalculatedPrice: total, selectedPayment: a.method },
  };
}
