import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniqueTag } from './fixtures';

/** GST settings (issue 17): a visit type's SAC and rate, an item's HSN and rate, an owner's GSTIN, the rate list. */

const TYPE = 'Play School';
/** A GSTIN of Delhi (07) with its check character. */
const GSTIN_07 = '07AAACP1234C1Z3';
const DEFAULT_RATES = [
  { percent: 0 },
  { percent: 5 },
  { percent: 18 },
  { percent: 40, effectiveFrom: '2025-09-22' },
  { percent: 12, retiredOn: '2025-09-22' },
  { percent: 28, retiredOn: '2025-09-22' },
];

async function api(request: APIRequestContext, method: 'GET' | 'PUT' | 'PATCH', url: string, data?: unknown) {
  const token = await apiToken(request, 'staff');
  return request.fetch(`/api/v1${url}`, { method, data: data as object, headers: { authorization: token } });
}

async function playSchool(request: APIRequestContext) {
  const res = await api(request, 'GET', '/admin/visit-types');
  return ((await res.json()).visitTypes as { _id: string; purpose: string }[]).find((t) => t.purpose === TYPE)!;
}

/** Puts the visit type and the rate list back: the e2e database is shared by every spec of a run. */
async function restore(request: APIRequestContext) {
  const type = await playSchool(request);
  await api(request, 'PATCH', `/admin/visit-types/${type._id}`, {
    sacCode: null,
    gstRate: 0,
    gstExempt: false,
    priceIncludesTax: true,
  });
  await api(request, 'PUT', '/settings/gst', { rates: DEFAULT_RATES });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/h5-shots/gst-settings-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

for (const width of [1280, 390]) {
  test.describe(`GST settings at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    test.afterAll(async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      await restore(request);
      await request.dispose();
    });

    test('a visit type gets SAC 999312 and 18%; the rate list refuses to retire it; a new rate is added and removed', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      await restore(request);
      await loginAs(page, request, 'staff', '/staff/prices');
      const row = page.getByTestId('visit-type-row').filter({ hasText: TYPE });
      await expect(row.getByTestId('visit-type-gst')).toHaveText('Not taxed');
      await row.getByRole('button', { name: `Edit ${TYPE}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${TYPE}` });
      // A SAC of the wrong shape is refused inline by the shared schema.
      await dialog.getByLabel('SAC code').fill('12345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('SAC code must be 6 digits starting with 99')).toBeVisible();
      await dialog.getByLabel('SAC code').fill('999312');
      await dialog.getByRole('combobox', { name: 'GST rate' }).click();
      // The select offers the rates in force today: 12 % (retired 22 Sep 2025) is not one of them.
      await expect(page.getByRole('option', { name: '12%' })).toHaveCount(0);
      await page.getByRole('option', { name: '18%', exact: true }).click();
      // Prices before GST are not supported yet: the switch stays on.
      await expect(dialog.getByRole('switch', { name: 'Price includes GST' })).toBeChecked();
      await expect(dialog.getByRole('switch', { name: 'Price includes GST' })).toBeDisabled();
      await shot(page, 'visit-type');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Visit type saved')).toBeVisible();
      await expect(row.getByTestId('visit-type-gst')).toContainText('18%, included');
      await expect(row.getByTestId('visit-type-gst')).toContainText('SAC 999312');
      const saved = await (await api(request, 'GET', '/admin/visit-types')).json();
      expect(saved.visitTypes.find((t: { purpose: string }) => t.purpose === TYPE)).toMatchObject({
        sacCode: '999312',
        gstRate: 18,
        priceIncludesTax: true,
      });

      // The rate list: 18 % is used by Play School, so retiring it is refused with the names.
      const rates = page.getByTestId('gst-rates');
      await expect(rates.getByTestId('gst-rate-row')).toHaveCount(6);
      const r18 = rates.getByTestId('gst-rate-row').filter({ hasText: /^18%/ });
      await r18.getByRole('button', { name: 'Retire' }).click();
      await page.getByRole('dialog', { name: 'Retire GST rate' }).getByRole('button', { name: 'Retire' }).click();
      await expect(page.getByText(/GST rate 18% is used by .*Play School/)).toBeVisible();
      await expect(r18.getByText('In force')).toBeVisible();

      // A new rate from a day, then removed (added by mistake).
      await page.getByLabel('New rate (%)').fill('3');
      await page.getByLabel('In force from').fill('2027-04-01');
      await page.getByRole('button', { name: 'Add rate' }).click();
      await expect(page.getByText('GST rates saved')).toBeVisible();
      const r3 = rates.getByTestId('gst-rate-row').filter({ hasText: /^3%/ });
      await expect(r3).toContainText('Upcoming');
      await page.getByRole('region', { name: 'GST rates' }).screenshot({
        path: `/tmp/h5-shots/gst-settings-rates-card-${width}.png`,
      });
      await r3.getByRole('button', { name: 'Remove 3%' }).click();
      await page.getByRole('dialog', { name: 'Remove GST rate' }).getByRole('button', { name: 'Remove' }).click();
      await expect(rates.getByTestId('gst-rate-row')).toHaveCount(6);
    });

    test('an inventory item is added with HSN 2309 and 5%', async ({ page, request }) => {
      const name = `${uniqueTag()} Kibble ${width}`;
      await loginAs(page, request, 'staff', '/staff/inventory');
      await page.getByLabel('Item Name').fill(name);
      await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('12');
      await page.getByLabel('Customer Maximum Retail Price').fill('100');
      await page.getByLabel('HSN code').fill('999312');
      await page.getByRole('button', { name: 'Add Inventory Item' }).click();
      await expect(page.getByText('HSN code must be 4, 6 or 8 digits (chapters 01–98)')).toBeVisible();
      await page.getByLabel('HSN code').fill('2309');
      await page.getByRole('combobox', { name: 'GST rate' }).click();
      await page.getByRole('option', { name: '5%', exact: true }).click();
      await shot(page, 'item');
      await page.getByRole('button', { name: 'Add Inventory Item' }).click();
      await expect(page.getByText('Inventory item added successfully!')).toBeVisible();
      const list = await (await api(request, 'GET', `/inventory/getallinventory?search=${encodeURIComponent(name)}`)).json();
      expect(list.items[0]).toMatchObject({
        itemName: name,
        hsnCode: '2309',
        gstRate: 5,
        gstExempt: false,
        priceIncludesTax: true,
      });
    });

    test("an owner's GSTIN is saved with its state (Delhi)", async ({ page, request }) => {
      const t = uniqueTag();
      const petName = `Gst${t}`;
      const { ownerId, petIds } = await addOwnerWithDog(request, { ownerName: `Firm ${t}`, pet: { name: petName } });
      await loginAs(page, request, 'staff', '/staff/history');
      await page.getByLabel('Pet name').fill(petName);
      await page
        .getByRole('button', { name: new RegExp(petName) })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Edit Owner Details' }).click();
      const form = page.getByRole('form', { name: 'Edit owner details' });
      await form.getByLabel('GSTIN (optional)').fill(`${GSTIN_07.slice(0, 14)}A`);
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(form.getByText('Enter a valid GSTIN')).toBeVisible();
      await form.getByLabel('GSTIN (optional)').fill(GSTIN_07.toLowerCase());
      // A valid GSTIN fills in its state.
      await expect(form.getByRole('combobox', { name: 'State (optional)' })).toHaveValue('07 Delhi');
      await shot(page, 'owner');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Changes saved successfully')).toBeVisible();
      const pet = await (await api(request, 'GET', `/pet/getpetdetails/${petIds[0]}`)).json();
      expect(pet.pet.owner).toMatchObject({ _id: ownerId, gstin: GSTIN_07, stateCode: '07' });
    });
  });
}
