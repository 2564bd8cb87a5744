import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test, uniqueTag } from './fixtures';

/** A name prefix unique to this run, so searches see only this test's items. */
const tag = () => `E2e${uniqueTag()}`;

async function addViaApi(request: APIRequestContext, body: Record<string, unknown>) {
  const token = await apiToken(request, 'staff');
  const res = await request.post('/api/v1/inventory/addinventory', { data: body, headers: { authorization: token } });
  expect(res.status()).toBe(201);
  return (await res.json()).item as { _id: string; itemName: string };
}

async function itemByName(request: APIRequestContext, name: string) {
  const token = await apiToken(request, 'staff');
  const res = await request.get('/api/v1/inventory/getallinventory', {
    params: { search: name },
    headers: { authorization: token },
  });
  return ((await res.json()).items as Record<string, unknown>[]).find((i) => i.itemName === name);
}

const rows = (page: Page) => page.getByTestId('inventory-row');
const search = (page: Page) => page.getByPlaceholder('Search inventory items...');

test.describe('inventory', () => {
  test('add (Vaccine saved as vaccine), search by prefix, expand, edit and delete an item', async ({ page, request }) => {
    const name = `${tag()} Canine Parvo Vaccine`;
    await loginAs(page, request, 'staff', '/staff/inventory');
    await expect(page.getByRole('heading', { name: 'Add Inventory Item' })).toBeVisible();

    // required fields
    await page.getByRole('button', { name: 'Add Inventory Item' }).click();
    await expect(page.getByText('Item name is required')).toBeVisible();
    await expect(page.getByText('Stock is required')).toBeVisible();

    await page.getByLabel('Item Name').fill(name);
    await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('40');
    await page.getByRole('combobox', { name: 'Stock Unit' }).click();
    await page.getByRole('option', { name: 'item', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Reorder Level' })).toHaveValue('10');
    await page.getByRole('combobox', { name: 'Item Type' }).click();
    await page.getByRole('option', { name: 'Vaccine' }).click();
    await page.getByLabel('Unit Cost Price').fill('300');
    await page.getByLabel('NGO Minimum Retail Price').fill('420.5');
    await page.getByLabel('Customer Maximum Retail Price').fill('1250');
    await page.getByRole('button', { name: 'Add Inventory Item' }).click();

    await expect(page.getByText('Inventory item added successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/inventoryList$/);
    expect(await itemByName(request, name)).toMatchObject({
      itemType: 'vaccine',
      stock: 40,
      stockUnit: 'item',
      unitCostPrice: 300,
      unitMinRetailPriceNGO: 420.5,
      unitMaxRetailPriceCustomer: 1250,
      reorderLevel: 10,
    });

    // trimmed, case-insensitive prefix search
    await search(page).fill(`  ${name.slice(0, 14).toLowerCase()}  `);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(name);
    await expect(rows(page)).toContainText('Stock: 40 item');
    await expect(rows(page)).toContainText('Vaccine');
    await search(page).fill(name.slice(3, 12));
    await expect(page.getByText('No inventory items found')).toBeVisible();

    // expand: stock, unit, type, dates and the three prices with Rs.
    await search(page).fill(name.slice(0, 14));
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .getByRole('button', { name: new RegExp(name) })
      .click();
    const panel = rows(page).first();
    for (const text of ['Stock Quantity', 'Stock Unit', 'Created', 'Last Updated', 'Rs. 300.00', 'Rs. 420.50', 'Rs. 1,250.00']) {
      await expect(panel).toContainText(text);
    }

    // edit through navigation state
    await panel.getByRole('button', { name: 'Edit Details' }).click();
    await expect(page).toHaveURL(/\/staff\/editInventory$/);
    await expect(page.getByLabel('Item Name')).toHaveValue(name);
    await expect(page.getByRole('combobox', { name: 'Item Type' })).toHaveValue('Vaccine');
    await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('55');
    await page.getByLabel('Customer Maximum Retail Price').fill('1300');
    await page.getByRole('button', { name: 'Update Inventory Item' }).click();
    await expect(page.getByText('Inventory item edited successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/inventoryList$/);
    await search(page).fill(name.slice(0, 14));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('Stock: 55 item');
    await rows(page)
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await expect(rows(page)).toContainText('Rs. 1,300.00');

    // delete: the confirmation modal, 'Deleting...', the outcome and the empty list
    await rows(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this inventory item?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows(page)).toHaveCount(1);
    await rows(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Inventory item deleted successfully!')).toBeVisible();
    await expect(page.getByText('No inventory items found')).toBeVisible();
    expect(await itemByName(request, name)).toBeUndefined();
  });

  test('only one row is expanded at a time', async ({ page, request }) => {
    const t = tag();
    await addViaApi(request, { itemName: `${t} Alpha`, stock: 5, unitMaxRetailPriceCustomer: 10 });
    await addViaApi(request, { itemName: `${t} Beta`, stock: 6, unitMaxRetailPriceCustomer: 20 });
    await loginAs(page, request, 'staff', '/staff/inventoryList');
    await search(page).fill(t);
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('button', { name: new RegExp(`${t} Alpha`) }).click();
    await expect(page.getByRole('button', { name: 'Edit Details' })).toHaveCount(1);
    await expect(rows(page).nth(0)).toContainText('Rs. 10.00');
    await page.getByRole('button', { name: new RegExp(`${t} Beta`) }).click();
    await expect(rows(page).nth(1)).toContainText('Rs. 20.00');
    await expect(page.getByRole('button', { name: 'Edit Details' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Edit Details' })).toBeVisible();
  });

  test('the alert list shows items at or below their reorder level; Refill opens the edit screen', async ({ page, request }) => {
    const low = await addViaApi(request, { itemName: `${tag()} Gauze Roll`, stock: 2, stockUnit: 'item', reorderLevel: 5 });
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('link', { name: 'Alert List', exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/alertlist$/);
    await expect(page.getByRole('columnheader', { name: 'Item Name' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: low.itemName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('item');
    await expect(row).toContainText('2');

    // sorted by name
    const names = await page.getByRole('row').locator('td:nth-child(2)').allInnerTexts();
    expect(names.map((n) => n.toLowerCase())).toEqual([...names.map((n) => n.toLowerCase())].sort());

    await row.getByRole('button', { name: /Refill/ }).click();
    await expect(page).toHaveURL(/\/staff\/editInventory$/);
    await expect(page.getByLabel('Item Name')).toHaveValue(low.itemName);
    await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('50');
    await page.getByRole('button', { name: 'Update Inventory Item' }).click();
    await expect(page.getByText('Inventory item edited successfully!')).toBeVisible();

    await page.goto('/staff/alertlist');
    await expect(page.getByRole('heading', { name: 'Alert List' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: low.itemName })).toHaveCount(0);
  });

  test('the edit screen without an item explains what to do', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/editinventory');
    await expect(page.getByText('No inventory item selected')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Inventory List' }).click();
    await expect(page).toHaveURL(/\/staff\/inventoryList$/);
  });
});
