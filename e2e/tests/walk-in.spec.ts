import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniquePhone, uniqueTag as tag } from './fixtures';

/**
 * Walk-in and stock sales (issue 18) in the browser, at laptop (1280 px) and phone (390 px) width: a walk-in customer
 * buys two items from stock from New Visit without a pet (stock falls; the sale is in Visit History and the day's
 * takings; its invoice names the buyer), and a pet's Shop sale picks an item from stock plus a free line.
 */

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function api(request: APIRequestContext, token: string) {
  const headers = { authorization: token };
  return {
    async item(name: string, stock: number, price: number): Promise<{ _id: string; itemName: string }> {
      const res = await request.post('/api/v1/inventory/addinventory', {
        headers,
        data: {
          itemName: name,
          stock,
          stockUnit: 'item',
          itemType: 'disposable',
          unitCostPrice: 10,
          unitMinRetailPriceNGO: price - 20,
          unitMaxRetailPriceCustomer: price,
        },
      });
      expect(res.status()).toBe(201);
      return (await res.json()).item;
    },
    async stock(id: string): Promise<number> {
      return (await (await request.get(`/api/v1/inventory/getinventoryitemdetails/${id}`, { headers })).json()).item.stock;
    },
    async takings(): Promise<number> {
      return (await (await request.get('/api/v1/payments/takings', { headers })).json()).received;
    },
    async shopList() {
      const res = await request.get('/api/v1/visit/getvisitlist', { headers, params: { purpose: 'Shop', limit: '20' } });
      return (await res.json()).List as { _id: string; buyer?: { name: string }; price: number; pet: { name: string } }[];
    },
    async documents(visitId: string) {
      const res = await request.get('/api/v1/documents', { headers, params: { visitId } });
      return (await res.json()).documents as { _id: string; kind: string }[];
    },
  };
}

async function openNewVisit(page: Page, petId: string | null) {
  await page.evaluate((id) => {
    window.history.pushState({ usr: id ? { petId: id } : null, key: `nv${Date.now()}`, idx: 1 }, '', '/staff/nvisit2');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, petId);
}

async function pickStock(page: Page, n: number, name: string, quantity: number) {
  const select = page.getByRole('combobox', { name: `Stock item ${n}`, exact: true });
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(Stock`) }).click();
  await page.getByRole('textbox', { name: `Stock item ${n} quantity` }).fill(String(quantity));
}

async function payCash(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await dialog.getByRole('button', { name: 'Cash Payment' }).click();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/walk-in-${name}.png`, fullPage: true });

test.beforeEach(async ({ page, request }) => {
  await loginAs(page, request, 'staff', '/staff/dashboard');
});

for (const [width, label] of [
  [1280, 'laptop'],
  [390, 'phone'],
] as const) {
  test(`${label}: a walk-in buys two items from stock; stock, Visit History, takings and the invoice follow`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const a = api(request, await apiToken(request, 'staff'));
    const t = tag();
    const shampoo = await a.item(`Shampoo ${t}`, 6, 350);
    const brush = await a.item(`Brush ${t}`, 3, 199.5);
    const takingsBefore = await a.takings();

    await openNewVisit(page, null);
    await expect(page.getByText('A pet must be selected. Please select a pet before proceeding.')).toBeVisible();
    await page.getByRole('button', { name: 'Walk-in customer (no pet)' }).click();
    const buyer = `Asha ${t}`;
    await page.getByRole('textbox', { name: "Buyer's name" }).fill(buyer);
    await page.getByRole('textbox', { name: /Buyer's phone/ }).fill('9811122233');
    await pickStock(page, 1, shampoo.itemName, 2);
    await page.getByRole('button', { name: 'Add stock item' }).click();
    await pickStock(page, 2, brush.itemName, 4);
    await expect(page.getByText(`Stock item #2: Only 3 units available for ${brush.itemName}`)).toBeVisible();
    await shot(page, `over-stock-${label}`);
    await page.getByRole('textbox', { name: 'Stock item 2 quantity' }).fill('1');
    await expect(page.getByTestId('price-total')).toHaveText(inr(899.5));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `form-${label}`);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Options' }).getByText(/Wallet/)).toHaveCount(0);
    await payCash(page);

    expect([await a.stock(shampoo._id), await a.stock(brush._id)]).toEqual([4, 2]);
    const sale = (await a.shopList()).find((r) => r.buyer?.name === buyer);
    expect(sale).toMatchObject({ price: 899.5, pet: { name: buyer } });
    expect((await a.takings()) - takingsBefore).toBeCloseTo(899.5, 2);

    // Visit History shows the sale under the buyer's name.
    await page.goto('/staff/saleshistory');
    await expect(page.getByText(buyer).first()).toBeVisible();
    await shot(page, `history-${label}`);

    // Its GST document (a bill of supply: the items carry no GST) names the buyer.
    const doc = (await a.documents(sale!._id)).find((d) => d.kind === 'tax_invoice' || d.kind === 'bill_of_supply');
    await page.goto(`/staff/documents/${doc!._id}`);
    await expect(page.getByText(buyer).first()).toBeVisible();
    await shot(page, `invoice-${label}`);
  });
}

test("a pet's Shop sale picks an item from stock plus a free line", async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const t = tag();
  const collar = await a.item(`Collar ${t}`, 5, 450);
  const body = await addOwnerWithDog(request, {
    ownerName: `Owner ${t}`,
    phone: uniquePhone('7'),
    pet: { name: `Wi${t}`, sex: 'Male', color: 'Black' },
  });
  await openNewVisit(page, body.petIds[0]!);
  await page.getByRole('combobox', { name: 'Purpose of visit' }).click();
  await page.getByRole('option', { name: 'Shop', exact: true }).click();
  await pickStock(page, 1, collar.itemName, 2);
  await page.locator('label').filter({ hasText: /^NGO$/ }).click();
  await expect(page.getByTestId('stock-line-1')).toHaveText(inr(860));
  await page
    .locator('label')
    .filter({ hasText: /^Customer$/ })
    .click();
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('textbox', { name: 'Item 1 name' }).fill('Gift wrap');
  await page.getByRole('textbox', { name: 'Item 1 price' }).fill('25');
  await expect(page.getByTestId('price-total')).toHaveText(inr(925));
  await shot(page, 'pet-shop');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payCash(page);
  expect(await a.stock(collar._id)).toBe(3);
});
