import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test } from './fixtures';

/**
 * The day's takings and the cash drawer (issue 17): open the drawer with a float, take a cash sale at the desk,
 * close the drawer with a count that is ₹10.50 short (after the confirmation), and see expected, counted and the
 * difference with who and when, and the day's figures as the API gives them. Screenshots at laptop and phone width.
 */

const V = '/api/v1';
const SHOTS = '/tmp/shots-17c';
const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function headers(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, 'staff')}` };
}

/** A shop sale of one item paid in cash, saved through the API as the desk does. */
async function cashShopSale(request: APIRequestContext, petId: string, price: number) {
  const h = await headers(request);
  const types = await (await request.get(`${V}/visit/getallvisittypes`, { headers: h })).json();
  const shop = types.visitTypes.find((v: { code: string }) => v.code === 'shop');
  const saved = await request.post(`${V}/visit/addshopvisit`, {
    headers: h,
    data: {
      petId,
      visitType: shop._id,
      items: [{ name: 'Leash', price, quantity: 1, category: 'Accessories' }],
      details: { totalCalculatedPrice: price, selectedPayment: 'cash' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('open the drawer, take a cash sale, close it ₹10.50 short, and see the day’s figures', async ({ page, request }) => {
  // One drawer for the business: start from a closed one.
  const h = await headers(request);
  const now = await (await request.get(`${V}/payments/drawer`, { headers: h })).json();
  if (now.session?.status === 'open') await request.post(`${V}/payments/drawer/close`, { headers: h, data: { counted: 0 } });

  await page.setViewportSize({ width: 1280, height: 900 });
  // Reached from the Sales menu.
  await loginAs(page, request, 'staff', '/staff/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sales' }).click();
  await page.getByRole('menuitem', { name: "Day's Takings" }).click();
  await expect(page).toHaveURL(/\/staff\/takings$/);
  await expect(page.getByRole('heading', { name: "Day's takings" })).toBeVisible();
  const drawer = page.getByRole('region', { name: 'Cash drawer' });

  // Open with a float of ₹2,000.00.
  await drawer.getByLabel('Float').fill('2000');
  await drawer.getByRole('button', { name: 'Open drawer' }).click();
  await expect(drawer.getByText('Open', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('drawer-expected')).toHaveText(inr(2000));

  // A cash sale of ₹750.50 at the desk: the drawer expects it.
  const { petIds } = await addOwnerWithDog(request);
  await cashShopSale(request, petIds[0]!, 750.5);
  await page.reload();
  await expect(drawer.getByTestId('drawer-expected')).toHaveText(inr(2750.5));
  await expect(drawer.getByText(`Float ${inr(2000)} + cash taken ${inr(750.5)} − cash refunded ${inr(0)}`)).toBeVisible();

  // Count ₹2,740.00: the preview says short, the confirmation names the figures, Cancel keeps it open.
  await drawer.getByLabel('Cash counted').fill('2740');
  await expect(drawer.getByText(`Short by ${inr(10.5)}`)).toBeVisible();
  await drawer.getByRole('button', { name: 'Close drawer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Expected ${inr(2750.5)}, counted ${inr(2740)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer.getByText('Open', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close drawer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the drawer' }).click();

  await expect(drawer.getByText('Closed', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('drawer-counted')).toHaveText(inr(2740));
  await expect(drawer.getByTestId('drawer-expected')).toHaveText(inr(2750.5));
  await expect(drawer.getByTestId('drawer-difference')).toHaveText(`−${inr(10.5)}`);
  await expect(drawer.getByText(`Short by ${inr(10.5)}`)).toBeVisible();
  await expect(drawer.getByText(/^Closed by .+, /)).toBeVisible();

  // The day's figures are the API's, and the session is listed.
  const day = await (await request.get(`${V}/payments/takings`, { headers: h })).json();
  expect(day.byMethod.cash).toBeGreaterThanOrEqual(750.5);
  await expect(page.getByTestId('takings-received')).toHaveText(inr(day.received));
  await expect(page.getByTestId('takings-sales')).toHaveText(inr(day.charged));
  await expect(page.getByRole('table', { name: 'Received by method' }).getByRole('row', { name: /Cash/ })).toContainText(
    inr(day.byMethod.cash),
  );
  await expect(page.getByRole('table', { name: 'Sales by purpose' })).toContainText('Shop');
  await expect(page.getByRole('region', { name: 'Drawer sessions of the day' })).toContainText(`Short by ${inr(10.5)}`);
  await shoot(page, 'takings-1280');

  // Export the day's CSV: UTF-8 with BOM, the same totals.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`takings-${day.from}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain(`Received,Total,,${day.received}\r\n`);
  expect(csv).toContain(`Received by method,Cash,,${day.byMethod.cash}\r\n`);

  // A closed drawer cannot be closed again (the server's words).
  const again = await request.post(`${V}/payments/drawer/close`, { headers: h, data: { counted: 1 } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('The drawer is already closed');

  // A future date is not shown: the address's date in the future falls back to today.
  await page.goto('/staff/takings?date=2999-01-01');
  await expect(page.getByText(/\(today\)$/)).toBeVisible();
  await expect(page.getByTestId('takings-received')).toHaveText(inr(day.received));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(drawer.getByTestId('drawer-difference')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, 'takings-390');
});

test('an admin turns on "cash needs an open drawer", exports a range CSV and the GST summary', async ({ page, request }) => {
  const h = await headers(request);
  const now = await (await request.get(`${V}/payments/drawer`, { headers: h })).json();
  if (now.session?.status === 'open') await request.post(`${V}/payments/drawer/close`, { headers: h, data: { counted: 0 } });
  const { petIds } = await addOwnerWithDog(request);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, request, 'staff', '/staff/takings');
  const drawer = page.getByRole('region', { name: 'Cash drawer' });
  const required = drawer.getByRole('switch', { name: 'Cash needs an open drawer' });
  await expect(required).not.toBeChecked();
  try {
    await required.click({ force: true });
    await expect(page.getByText('Cash now needs an open drawer session')).toBeVisible();
    await expect(required).toBeChecked();
    expect((await (await request.get(`${V}/payments/drawer`, { headers: h })).json()).required).toBe(true);

    // A cash sale with the drawer closed is refused with the server's words, and nothing is saved.
    const types = await (await request.get(`${V}/visit/getallvisittypes`, { headers: h })).json();
    const shop = types.visitTypes.find((v: { code: string }) => v.code === 'shop');
    const refused = await request.post(`${V}/visit/addshopvisit`, {
      headers: h,
      data: {
        petId: petIds[0],
        visitType: shop._id,
        items: [{ name: 'Leash', price: 99, quantity: 1 }],
        details: { totalCalculatedPrice: 99, selectedPayment: 'cash' },
      },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe('Open the cash drawer before taking cash');
    const visits = await (
      await request.get(`${V}/visit/getparticularpetvisit`, { headers: h, params: { petId: petIds[0]! } })
    ).json();
    expect(visits.List ?? []).toHaveLength(0);
  } finally {
    await request.put(`${V}/settings/cash-drawer`, { headers: h, data: { required: false } });
  }
  await page.reload();
  await expect(required).not.toBeChecked();
  await cashShopSale(request, petIds[0]!, 118);

  // A range (yesterday to today) from the address: the subtitle names it; the CSV has every section.
  const day = await (await request.get(`${V}/payments/takings`, { headers: h })).json();
  const to = day.from as string;
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  const from = d.toISOString().slice(0, 10);
  await page.goto(`/staff/takings?from=${from}&to=${to}`);
  const range = await (await request.get(`${V}/payments/takings`, { headers: h, params: { from, to } })).json();
  await expect(page.getByTestId('takings-received')).toHaveText(inr(range.received));
  await expect(page.getByTestId('takings-tax-collected')).toHaveText(inr(range.tax.total));
  await expect(page.getByRole('region', { name: 'Tax collected by rate' })).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe(`takings-${from}_${to}.csv`);
  const csv = readFileSync((await csvFile.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  for (const header of ['Tax by rate,', 'Visits,', 'Documents,', 'Ledger,']) expect(csv).toContain(`\r\n${header}`);
  expect(csv).toContain(`Received,Total,,${range.received}\r\n`);

  const gstDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'GST summary CSV' }).click();
  const gstFile = await gstDownload;
  expect(gstFile.suggestedFilename()).toBe(`gst-summary-${from}_${to}.csv`);
  const gst = readFileSync((await gstFile.path())!, 'utf8');
  expect(gst.startsWith(`\uFEFFGST summary by SAC/HSN and rate,${from},${to}\r\n`)).toBe(true);
  expect(gst).toContain('SAC/HSN,Rate,Lines,Taxable (INR),CGST (INR),SGST (INR),IGST (INR),Tax (INR),Total (INR)');
  await shoot(page, 'takings-range-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tax collected by rate' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, 'takings-range-390');
});
