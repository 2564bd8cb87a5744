import type { InventoryItem } from '@pawdesk/shared';

/** An inventory item as the list answers it: ₹120.50 to customers, ₹80 to NGOs, unless told. */
export function inventoryItem(o: Partial<InventoryItem> & { _id: string; itemName: string }): InventoryItem {
  return {
    stock: 10,
    stockUnit: 'item',
    itemType: 'disposable',
    unitCostPrice: 50,
    unitMinRetailPriceNGO: 80,
    unitMaxRetailPriceCustomer: 120.5,
    reorderLevel: 2,
    isLowStock: false,
    totalVolume: null,
    volumeML: null,
    hsnCode: null,
    gstRate: 0,
    gstExempt: false,
    priceIncludesTax: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...o,
  };
}
