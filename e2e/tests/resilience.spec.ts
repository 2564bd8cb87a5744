import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test, uniqueTag, waitForQuiet } from './fixtures';

/**
 * Web resilience (issue 8, item 8): toasts and modals work offline, a failed
 * save keeps what was typed and shows the spec's message, and a page that
 * fails keeps the app shell with 'Try again'.
 */

const tag = uniqueTag;
const uniquePhone = () => `6${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** A toast (Mantine notification) with the text. */
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** The shell: the header with its home link and the main navigation. */
async function expectShell(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe('a failed save offline keeps the form and shows the message', () => {
  test('Add New Pet & Owner: "Error saving data", every value still there, and it saves once back online', async ({
    page,
    context,
    request,
  }) => {
    const name = `Offline${tag()}`;
    const phone = uniquePhone();
    await loginAs(page, request, 'staff', '/staff/pet');
    await expect(page.getByRole('heading', { name: 'Add New Pet & Owner' })).toBeVisible();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

    await page.getByLabel('Owner name').fill('Meera Offline');
    await page.getByLabel(/^Phone( \*)?$/).fill(phone);
    await page.getByLabel('Address').fill('12 Lake Road, Pune');
    const pet = page.getByRole('group', { name: 'Pet 1' });
    await pet.getByLabel('Pet name').fill(name);
    await pet.getByLabel('Breed').selectOption('Labrador Retriever');
    await pet.getByLabel('Sex').selectOption('Female');
    await pet.getByLabel('Color').fill('Black');
    await pet.getByLabel('Date of birth').fill('2022-08-09');

    await goOffline(context, page);
    await page.getByRole('button', { name: 'Save owner and pets' }).click();
    await expect(toast(page, 'Error saving data')).toBeVisible();
    await page.screenshot({ path: 'test-results/resilience-offline-toast.png', fullPage: false });

    // Nothing typed is lost, and the page is still the form.
    await expect(page.getByRole('heading', { name: 'Add New Pet & Owner' })).toBeVisible();
    await expect(page.getByLabel('Owner name')).toHaveValue('Meera Offline');
    await expect(page.getByLabel(/^Phone( \*)?$/)).toHaveValue(phone);
    await expect(page.getByLabel('Address')).toHaveValue('12 Lake Road, Pune');
    await expect(pet.getByLabel('Pet name')).toHaveValue(name);
    await expect(pet.getByLabel('Breed')).toHaveValue('Labrador Retriever');
    await expect(pet.getByLabel('Color')).toHaveValue('Black');
    // Shown in Indian order (issue 18).
    await expect(pet.getByLabel('Date of birth')).toHaveValue('09/08/2022');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Save owner and pets' }).click();
    await expect(toast(page, 'Data saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/history$/);
  });

  test('Add Inventory Item: "Failed to add inventory item" and the values stay', async ({ page, context, request }) => {
    const name = `Offline${tag()} Gauze`;
    await loginAs(page, request, 'staff', '/staff/inventory');
    await expect(page.getByRole('heading', { name: 'Add Inventory Item' })).toBeVisible();
    await page.getByLabel('Item Name').fill(name);
    await page.getByRole('textbox', { name: 'Stock', exact: true }).fill('25');
    await page.getByLabel('Unit Cost Price').fill('12');

    await goOffline(context, page);
    await page.getByRole('button', { name: 'Add Inventory Item' }).click();
    await expect(toast(page, 'Failed to add inventory item')).toBeVisible();
    await expect(page.getByLabel('Item Name')).toHaveValue(name);
    await expect(page.getByRole('textbox', { name: 'Stock', exact: true })).toHaveValue('25');
    await expect(page.getByLabel('Unit Cost Price')).toHaveValue('12');
    await context.setOffline(false);
  });

  test('Contact Us (public, signed out), the network gone while the browser still thinks it is online: an error toast and the message stays', async ({
    page,
  }) => {
    await page.goto('/contactus');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Email').fill('asha@example.in');
    await page.getByLabel('Comment').fill('Do you have space for a beagle next weekend?');

    // Every request fails from here on (code chunks included), as on a Wi-Fi without internet.
    await page.route('**/*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Could not send your message. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Comment')).toHaveValue('Do you have space for a beagle next weekend?');
    await expect(page.getByLabel('Name')).toHaveValue('Asha Rao');
    await expect(page.getByLabel('Email')).toHaveValue('asha@example.in');
  });
});

/** A disposable item of 5 in stock, added through the API. */
async function addDisposable(request: APIRequestContext, itemName: string) {
  const added = await request.post('/api/v1/inventory/addinventory', {
    data: {
      itemName,
      stock: 5,
      stockUnit: 'item',
      itemType: 'disposable',
      unitCostPrice: 1,
      unitMinRetailPriceNGO: 1,
      unitMaxRetailPriceCustomer: 2,
    },
    headers: { authorization: await apiToken(request, 'staff') },
  });
  expect(added.status()).toBe(201);
}

test.describe('modals and menus offline', () => {
  test('a signed-in user gets the confirmation dialog offline (its code is loaded while idle)', async ({
    page,
    context,
    request,
  }) => {
    const name = `Offline${tag()} Syringe`;
    await addDisposable(request, name);
    await loginAs(page, request, 'staff', '/staff/inventoryList');
    await page.getByPlaceholder('Search inventory items...').fill(name);
    const row = page.getByTestId('inventory-row');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: new RegExp(name) }).click();
    await waitForQuiet(page, 1000);

    await goOffline(context, page);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this inventory item?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await context.setOffline(false);
  });

  test('when the dialog code cannot be fetched, asking for a confirmation says so; the next time it loads', async ({
    page,
    request,
  }) => {
    const name = `Blocked${tag()} Gloves`;
    await addDisposable(request, name);
    await page.route('**/assets/ModalsHost-*.js', (route) => route.abort('internetdisconnected'));
    await loginAs(page, request, 'staff', '/staff/inventoryList');
    await page.getByPlaceholder('Search inventory items...').fill(name);
    const row = page.getByTestId('inventory-row');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: new RegExp(name) }).click();

    await row.getByRole('button', { name: 'Delete' }).click();
    const note = toast(page, 'Could not open the confirmation. Check your connection and try again.');
    await expect(note).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectShell(page);
    await expect(row).toHaveCount(1);

    await page.unroute('**/assets/ModalsHost-*.js');
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this inventory item?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);
  });

  test('a phone menu that cannot load offline says so and the page stays', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await goOffline(context, page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const note = toast(page, 'Could not open the menu. Check your connection and try again.');
    await expect(note).toBeVisible();
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Back online, the next tap loads it (the toast, over the menu button on a phone, is closed first).
    await context.setOffline(false);
    await note.getByRole('button').click();
    await expect(note).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  });
});

test.describe('error boundary', () => {
  test('a page that throws while rendering shows Try again inside the shell; Try again and navigating away recover', async ({
    page,
  }) => {
    // A malformed answer (a service without a name) makes the services page throw while rendering.
    await page.route('**/api/v1/customerservices/getallservices', (route) =>
      route.fulfill({ json: { success: true, data: [{ _id: 'broken' }] } }),
    );
    await page.goto('/customerservice');

    const boundary = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(boundary).toBeVisible();
    await expect(boundary.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectShell(page);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.screenshot({ path: 'test-results/resilience-error-boundary.png', fullPage: false });

    // Navigating away resets the boundary; coming back to the (still cached, still broken) page shows it again.
    await page.getByRole('banner').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(boundary).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(boundary).toBeVisible();

    // Try again fetches afresh: with a good answer the page renders.
    await page.unroute('**/api/v1/customerservices/getallservices');
    await boundary.getByRole('button', { name: 'Try again' }).click();
    await expect(boundary).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Grooming', exact: true })).toBeVisible();
  });

  test('a page whose code cannot load offline keeps the shell; back online, Try again loads it', async ({
    page,
    context,
    request,
  }) => {
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForQuiet(page, 1000);

    await goOffline(context, page);
    // Client-side navigation to a page whose chunk was never fetched.
    await page.getByRole('banner').getByRole('link', { name: 'Inventory' }).first().click();
    const boundary = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(boundary).toBeVisible();
    await expect(boundary).toContainText('You are offline');
    await expectShell(page);

    await context.setOffline(false);
    await boundary.getByRole('button', { name: 'Try again' }).click();
    await expect(boundary).toHaveCount(0);
    await expect(page.getByPlaceholder('Search inventory items...')).toBeVisible();
  });
});
