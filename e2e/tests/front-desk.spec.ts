import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, dogBody, expect, loginAs, test, uniquePhone, uniqueTag as tag } from './fixtures';

/** Front-desk polish (issue 9): phone cleaning, the existing-owner notice, landing on the pet, sessions. */

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const SHOTS = process.env.H10_SHOTS;

async function staffPost(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const token = await apiToken(request, 'staff');
  const res = await request.post(`/api/v1${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return res.json();
}

const newPet = (o: Record<string, unknown> = {}) => dogBody({ name: `Fd${tag()}`, ...o });

/** Types (as a paste does: one input of the whole text) into a field, after clearing it. */
async function paste(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.fill('');
  await field.focus();
  await page.keyboard.insertText(text);
}

const SHAPES: [string, string][] = [
  ['+91 98123 45678', '9812345678'],
  ['919812345678', '9812345678'],
  ['09812345678', '9812345678'],
  ['98123-45678', '9812345678'],
  ['98-765 43210 99', '9876543210'],
];

test.describe('front desk', () => {
  test('every phone shape pasted into Add Pet, the contact form and the Pet Records search is cleaned', async ({
    page,
    request,
  }) => {
    await loginAs(page, request, 'staff', '/staff/pet');
    const phone = page.getByLabel(/^Phone( \*)?$/);
    for (const [input, expected] of SHAPES) {
      await paste(page, phone, input);
      await expect(phone, input).toHaveValue(expected);
    }
    await page.goto('/staff/history');
    const search = page.getByLabel('Phone No.');
    await paste(page, search, '+91 98123 45678');
    await expect(search).toHaveValue('9812345678');
    await page.goto('/contactus');
    const contact = page.getByLabel('Phone (optional)');
    await paste(page, contact, '+91 98123 45678');
    await expect(contact).toHaveValue('9812345678');
  });

  test('Add Pet names the existing owner of a typed phone before saving, and lands on the new pet', async ({ page, request }) => {
    const phone = uniquePhone();
    const ownerName = `Meera ${tag()}`;
    await staffPost(request, '/pet/addpet', { ownerName, phone, address: 'Sector 15, Gurugram', pets: [newPet()] });

    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, request, 'staff', '/staff/pet');
    const notice = page.getByText(`This number belongs to ${ownerName}; the pets will be added to that owner`);
    const phoneField = page.getByLabel(/^Phone( \*)?$/);
    // Only a complete number is looked up.
    await phoneField.fill(phone.slice(0, 9));
    await page.waitForTimeout(700);
    await expect(notice).toHaveCount(0);
    await paste(page, phoneField, `+91 ${phone}`);
    await expect(notice).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/add-pet-notice-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/add-pet-notice-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A number nobody has: no notice.
    await phoneField.fill(uniquePhone());
    await page.waitForTimeout(700);
    await expect(notice).toHaveCount(0);

    // Save for the existing owner: Pet Records opens with the new pet selected.
    await phoneField.fill(phone);
    await expect(notice).toBeVisible();
    // The owner's details on file are kept: not asked for (issue 18).
    await expect(page.getByLabel('Owner name')).toHaveCount(0);
    await expect(page.getByLabel('Address')).toHaveCount(0);
    const petName = `Land${tag()}`;
    const pet1 = page.getByRole('group', { name: 'Pet 1' });
    await pet1.getByLabel('Pet name').fill(petName);
    await pet1.getByLabel('Breed').selectOption('Labrador Retriever');
    await pet1.getByLabel('Sex').selectOption('Female');
    await pet1.getByLabel('Color').fill('Golden');
    await pet1.getByLabel('Date of birth').fill('2022-03-14');
    await page.getByRole('button', { name: 'Save owner and pets' }).click();
    await expect(page).toHaveURL(/\/staff\/history$/);
    await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Owner Information' })).toContainText(ownerName);
    await expect(page.getByRole('list', { name: 'All Pets' }).getByRole('button', { name: new RegExp(petName) })).toHaveAttribute(
      'data-selected',
      /.*/,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pet-records-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pet-records-390.png`, fullPage: true });
  });

  test("'Custom breed is required' shows on the first Save, with the other errors", async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/pet');
    const pet1 = page.getByRole('group', { name: 'Pet 1' });
    await pet1.getByLabel('Breed').selectOption('Other');
    await page.getByRole('button', { name: 'Save owner and pets' }).click();
    await expect(pet1.getByText('Pet name is required')).toBeVisible();
    await expect(pet1.getByText('Sex is required')).toBeVisible();
    await expect(pet1.getByText('Custom breed is required')).toBeVisible();
  });

  test('Add Prescription lands on the pet in Pet Records; the header shows the custom breed; a refused form says Check the form', async ({
    page,
    request,
  }) => {
    const petName = `Rx${tag()}`;
    const added = await staffPost(request, '/pet/addpet', {
      ownerName: 'Tara Singh',
      phone: uniquePhone(),
      address: 'DLF Phase 3',
      pets: [newPet({ name: petName, breed: 'Other', customBreed: 'Indie' })],
    });
    const item = (
      await staffPost(request, '/inventory/addinventory', {
        itemName: `Fd${tag()} Free Sample`,
        stock: 10,
        stockUnit: 'tablet',
        itemType: 'medicine',
        unitMinRetailPriceNGO: 0,
        unitMaxRetailPriceCustomer: 0,
      })
    ).item as { itemName: string };

    await loginAs(page, request, 'staff', '/staff/history');
    await page.evaluate((id) => {
      window.history.pushState({ usr: { petId: id }, key: `rx${Date.now()}`, idx: 1 }, '', '/staff/prescription');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, added.petIds[0]);
    await expect(page.getByRole('heading', { name: 'Veterinary Prescription Form' })).toBeVisible();
    await expect(page.getByText(`${petName} (Indie) · Owner: Tara Singh`)).toBeVisible();

    await page.getByRole('button', { name: 'Save Prescription' }).click();
    await expect(toast(page, 'Check the form')).toBeVisible();
    await expect(toast(page, 'Something went wrong')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Tablet' }).click();
    const box = page.getByRole('combobox', { name: 'Tablet #1', exact: true });
    await box.click();
    await box.fill(item.itemName.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(item.itemName) }).click();
    await page.getByRole('textbox', { name: 'Quantity for Tablet #1' }).fill('1');
    await page.getByRole('button', { name: 'Save Prescription' }).click();
    await expect(page).toHaveURL(/\/staff\/history$/);
    await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
  });

  test('Remind All asks for confirmation; Cancel sends nothing', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/reminders?range=nextweek');
    await expect(page.getByRole('table', { name: 'Reminders' })).toContainText('Deworming');
    await page.getByRole('button', { name: 'Remind All' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(/Send \d+ reminders? to the owners now\?/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(500);
    await expect(toast(page, 'Reminders will be sent')).toHaveCount(0);
  });

  test('Pets by Date is in the Sales menu and on the staff dashboard', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('link', { name: 'Pets by Date' }).click();
    await expect(page).toHaveURL(/\/staff\/petByDate$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sales' }).click();
    await page.getByRole('menuitem', { name: 'Visit History' }).click();
    await expect(page).toHaveURL(/\/staff\/saleshistory$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sales' }).click();
    await page.getByRole('menuitem', { name: 'Pets by Date' }).click();
    await expect(page).toHaveURL(/\/staff\/petByDate$/);
  });

  test('an expired session says so on login, and login returns to the deep link', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/aboutus');
    // The server no longer accepts the stored token.
    await page.evaluate(() => localStorage.setItem('token', 'expired.or.invalid'));
    await page.goto('/staff/reminders?range=nextweek');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await page.getByLabel('Staff Member').check();
    await page.getByLabel('Email').fill(DEMO.staff.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/staff\/reminders\?range=nextweek$/);
    await expect(page.getByRole('button', { name: 'Next Week' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a deep link survives login; a page of the other area does not; staff on the pet owner form are told', async ({
    page,
    request,
  }) => {
    await page.goto('/staff/history');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired')).toHaveCount(0);
    await page.getByLabel('Staff Member').check();
    await page.getByLabel('Email').fill(DEMO.staff.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/staff\/history$/);

    await page.goto('/customerpetform');
    await expect(page.getByText('This page is for pet owners. You are signed in as a staff member.')).toBeVisible();

    // A customer sent from a staff page goes to their own dashboard.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/staff/history');
    await page.getByLabel('Pet Owner').check();
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    void request;
  });

  test('inventory rows show names and type badges uncut on a phone', async ({ page, request }) => {
    const name = `Fd${tag()} Amoxicillin Clavulanate Potassium Oral Suspension`;
    await staffPost(request, '/inventory/addinventory', {
      itemName: name,
      stock: 5,
      stockUnit: 'ml',
      itemType: 'disposable',
      unitMinRetailPriceNGO: 1,
      unitMaxRetailPriceCustomer: 2,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, request, 'staff', '/staff/inventoryList');
    await page.getByLabel('Search inventory items').fill(name.slice(0, 14));
    const row = page.getByTestId('inventory-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    // Nothing in the row is cut: every text element shows all of its content.
    const cut = await row.evaluate((el) =>
      Array.from(el.querySelectorAll('p, span'))
        .filter((e) => e.children.length === 0 && e.textContent?.trim())
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/inventory-390.png`, fullPage: false });
  });
});
