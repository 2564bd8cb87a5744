import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { ZipFile } from 'yazl';
import { newCustomerWithPets } from './customer-kit';
import { api as deboardApi, inr, rowOf } from './deboard-kit';
import { addOwnerWithDog, apiToken, expect, loginAs, loginWith, test, uniqueTag, waitForQuiet } from './fixtures';
import { IMPORT_ADMIN, IMPORT_PORT } from './import-server';
import { shopSale } from './sales-kit';

/**
 * The user's guide walk (docs/guide.md, issue 22): each screen the guide describes, on demo data, with the guide's
 * words checked on it. With GUIDE_SCREENSHOTS=1 it also writes the guide's pictures into docs/guide/ (viewport
 * shots, laptop 1280 px and phone 390 px wide); without it (CI) the walk and its assertions run and nothing is
 * written, so the tree stays clean.
 */

const GUIDE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/guide');
const WRITE = process.env.GUIDE_SCREENSHOTS === '1';
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The guide's picture `name` (docs/guide/<name>.png): the viewport once requests are quiet and overlays have
 * settled; `height` makes the window that tall for the picture (a form too long for 800 px: a whole-page picture would
 * draw the sticky header and total bar in the middle of the page).
 */
async function shot(page: Page, name: string, { height }: { height?: number } = {}) {
  if (!WRITE) return;
  mkdirSync(GUIDE_DIR, { recursive: true });
  const size = page.viewportSize();
  if (height && size) {
    await page.setViewportSize({ width: size.width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await waitForQuiet(page, 300);
  // No hover highlight where the last click was.
  const now = page.viewportSize();
  if (now) await page.mouse.move(now.width - 1, now.height - 1);
  await page.waitForTimeout(400);
  // Toasts of the step before would cover the header: the picture is of the screen.
  await page.screenshot({
    path: path.join(GUIDE_DIR, `${name}.png`),
    animations: 'disabled',
    style: '.mantine-Notifications-root { display: none !important; }',
  });
  if (height && size) await page.setViewportSize(size);
}

/** A new owner's dog with the core vaccinations, named `first` and a short tag (names stay unique on a reused server). */
async function guidePet(request: APIRequestContext, first: string, ownerName: string) {
  const name = `${first} ${uniqueTag().slice(-3).toUpperCase()}`;
  const { petIds } = await addOwnerWithDog(request, { ownerName, pet: { name } });
  return { petId: petIds[0]!, name };
}

/** Pet Records: search the pet by name and open it. */
async function openPet(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Pet Records' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Pet name' }).fill(name);
  await page
    .getByRole('list', { name: 'All Pets' })
    .getByRole('button', { name: new RegExp(`^${name} `) })
    .click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Payment Options: the method, the confirmation tick (cash), then `before` (a screenshot) and Submit. */
async function payCash(page: Page, amount: number, before?: () => Promise<void>) {
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await dialog.getByRole('button', { name: 'Cash Payment' }).click();
  await dialog
    .getByRole('checkbox', { name: `I confirm that the payment of ₹ ${inr(amount).slice(1)} has been completed` })
    .check();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await before?.();
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

async function staffHeaders(request: APIRequestContext) {
  return { authorization: await apiToken(request, 'staff') };
}

test.describe('the user guide, reception, vets and admins (1280 px)', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: LAPTOP });

  test('add a pet: the owner and the pet in one form, saved, then Pet Records', async ({ page, request }) => {
    const name = `Bruno ${uniqueTag().slice(-3).toUpperCase()}`;
    await loginAs(page, request, 'staff', '/staff/pet');
    await expect(page.getByRole('heading', { name: 'Add New Pet & Owner' })).toBeVisible();
    await page.getByLabel('Owner name').fill('Kavya Sharma');
    await page.getByLabel(/^Phone( \*)?$/).fill(`9${String(Date.now()).slice(-9)}`);
    await page.getByLabel('Email (optional)').fill('kavya@example.in');
    await page.getByLabel('Address').fill('Tower 3, DLF Phase 4, Gurugram');
    const pet = page.getByRole('group', { name: 'Pet 1' });
    await pet.getByLabel('Pet name').fill(name);
    await pet.getByLabel('Breed').selectOption('Labrador Retriever');
    await pet.getByLabel('Sex').selectOption('Male');
    await pet.getByLabel('Color').fill('Golden');
    await pet.getByLabel('Date of birth').fill('14/03/2022');
    await pet.getByRole('button', { name: 'Add vaccination' }).click();
    await pet.getByLabel('Vaccine name').fill('Rabies');
    await pet.getByLabel('Number of doses').fill('1');
    await shot(page, 'add-pet');
    await page.getByRole('button', { name: 'Save owner and pets' }).click();
    await expect(page.getByText('Data saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/history$/);
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Owner Information' })).toContainText('Kavya Sharma');
    for (const button of ['Add Visit', 'Add Prescription', 'View Visits', 'View Vet History'])
      await expect(page.getByRole('button', { name: button })).toBeVisible();
    await shot(page, 'pet-records');
  });

  test('take a payment: New Visit, Grooming, Proceed to Payment, cash', async ({ page, request }) => {
    const { name } = await guidePet(request, 'Coco', 'Meera Iyer');
    const grooming = await deboardApi(request, await apiToken(request, 'staff')).type('grooming');
    await loginAs(page, request, 'staff', '/staff/history');
    await openPet(page, name);
    await page.getByRole('button', { name: 'Add Visit' }).click();
    await expect(page).toHaveURL(/\/staff\/nvisit2?$/);
    await choose(page, 'Purpose of visit', 'Grooming');
    await page.getByRole('textbox', { name: 'Discount' }).fill('100');
    await expect(page.getByTestId('price-final-price')).toHaveText(inr(grooming.price - 100));
    await shot(page, 'new-visit');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await payCash(page, grooming.price - 100, () => shot(page, 'payment-options'));
    await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
  });

  test('write a prescription: rows from the inventory, the total, paid in cash', async ({ page, request }) => {
    const headers = await staffHeaders(request);
    const t = uniqueTag().slice(-4);
    const added = await request.post('/api/v1/inventory/addinventory', {
      headers,
      data: {
        itemName: `Doxycycline 100 mg ${t}`,
        stock: 60,
        stockUnit: 'tablet',
        itemType: 'medicine',
        unitMinRetailPriceNGO: 5,
        unitMaxRetailPriceCustomer: 8,
      },
    });
    expect(added.status()).toBe(201);
    const item = (await added.json()).item as { itemName: string };
    const { name } = await guidePet(request, 'Sheru', 'Arjun Rao');
    await loginAs(page, request, 'staff', '/staff/history');
    await openPet(page, name);
    await page.getByRole('button', { name: 'Add Prescription' }).click();
    await expect(page.getByRole('heading', { name: 'Veterinary Prescription Form' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Tablet' }).click();
    const box = page.getByRole('combobox', { name: 'Tablet #1', exact: true });
    await box.click();
    await box.fill(item.itemName.slice(0, 14));
    await page.getByRole('option', { name: new RegExp(item.itemName) }).click();
    await page.getByRole('textbox', { name: 'Quantity for Tablet #1' }).fill('10');
    await page.getByRole('textbox', { name: 'Diagnosis' }).fill('Tick fever, mild');
    await expect(page.getByTestId('rx-total')).toHaveText('₹80.00');
    await shot(page, 'prescription', { height: 1150 });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await payCash(page, 80);
    await expect(page.getByText('Payment Done Successfully! Prescription saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/history$/);
  });

  test('refund: Cancel & refund a cash sale under the policy', async ({ page, request }) => {
    const sale = await shopSale(request, 'cash', 8000, {
      petName: `Tiger ${uniqueTag().slice(-3).toUpperCase()}`,
      ownerName: 'Rahul Khanna',
    });
    await loginAs(page, request, 'staff', '/staff/history');
    await openPet(page, sale.petName);
    await page.getByRole('button', { name: 'View Visits' }).click();
    const visit = page.getByRole('list', { name: 'Visits' }).getByRole('listitem').first();
    await expect(visit).toContainText(`Paid ${inr(8000)} · Cash`);
    await expect(visit.getByRole('button', { name: 'Void visit' })).toBeVisible();
    await visit.getByRole('button', { name: 'Cancel & refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel & refund' });
    await expect(dialog.getByText('Within the refund window')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Reason for cancelling/ }).fill('Owner returned the bed unused');
    await expect(dialog.getByRole('checkbox', { name: 'Override the policy amount' })).toBeVisible();
    await shot(page, 'refund');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Sale cancelled and refund recorded')).toBeVisible();
    await expect(visit.getByLabel('Refunds')).toContainText(`Refund ${inr(3000)} · Cash · Receipt R/`);
  });

  test('board and deboard: a Hostel visit paid after the service, then Deboard takes the payment', async ({ page, request }) => {
    const a = deboardApi(request, await apiToken(request, 'staff'));
    const hostel = await a.type('hostel');
    const { petId, name } = await guidePet(request, 'Simba', 'Nikhil Bansal');
    await loginAs(page, request, 'staff', '/staff/history');
    await openPet(page, name);
    await page.getByRole('button', { name: 'Add Visit' }).click();
    await choose(page, 'Purpose of visit', 'Hostel');
    await page.getByRole('textbox', { name: 'Number of days' }).fill('3');
    await expect(page.getByTestId('price-total')).toHaveText(inr(hostel.price * 3));
    await shot(page, 'board-hostel');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const type = page.getByRole('dialog', { name: 'Payment Type' });
    await type.getByRole('radio', { name: 'Payment After Service' }).check();
    await type.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Dog boarded successfully')).toBeVisible();
    expect((await a.boarding(petId)).boardingType.purpose).toBe('Hostel');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deboard', exact: true }).click();
    await expect(page.getByText('Select a category to view pets')).toBeVisible();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Hostel' }).click();
    await expect(rowOf(page, name).getByText('Boarded', { exact: true })).toBeVisible();
    await rowOf(page, name).getByRole('button', { name: 'Show Details' }).click();
    const details = page.getByRole('dialog', { name: new RegExp(name) });
    await expect(details.getByTestId('deboard-due')).toHaveText(inr(hostel.price * 3));
    await expect(details.getByRole('button', { name: 'Deboard' })).toBeDisabled();
    await shot(page, 'deboard');
    await details.getByRole('button', { name: `Take payment of ${inr(hostel.price * 3)}` }).click();
    await payCash(page, hostel.price * 3);
    await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
    await expect(rowOf(page, name).getByText('Not Boarded')).toBeVisible();
    await expect(page.getByTestId('checked-out')).toContainText('received, receipt');
    expect(await a.boarding(petId)).toBeNull();
  });

  test("the care board: today's meals and doses of the pets in house, recorded with a tap", async ({ page, request }) => {
    const headers = await staffHeaders(request);
    const a = deboardApi(request, headers.authorization);
    const { petId, name } = await guidePet(request, 'Mochi', 'Sana Kapoor');
    const slots = (await (await request.get('/api/v1/care/slots', { headers })).json()).slots as { _id: string; name: string }[];
    const put = await request.put(`/api/v1/care/pets/${petId}`, {
      headers,
      data: {
        items: [
          { kind: 'meal', name: 'Breakfast kibble', slotIds: [slots[0]!._id], amount: 200, unit: 'g', source: 'owner' },
          {
            kind: 'dose',
            name: 'Meloxicam',
            slotIds: [slots[1]!._id],
            amount: 0.5,
            unit: 'ml',
            route: 'oral',
            startDate: '2020-01-01',
            instructions: 'With food',
          },
          { kind: 'other', name: 'Evening walk', slotIds: [slots[2]!._id] },
        ],
        warnings: [{ kind: 'allergy', text: 'Chicken' }],
        emergencyContact: { name: 'Asha', phone: '9812345678' },
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await a.hostelStay(petId, await a.type('hostel'), 2, 'advance_cash');
    try {
      await loginAs(page, request, 'staff', '/staff/care');
      await expect(page.getByRole('heading', { name: 'Care', exact: true })).toBeVisible();
      await page.getByRole('textbox', { name: 'Search' }).fill(name);
      const card = page.getByRole('article', { name });
      await expect(card.getByTestId('care-warnings')).toContainText('Allergy');
      await card.getByRole('button', { name: /^Meal: Breakfast kibble 200 g/ }).click();
      const dialog = page.getByRole('dialog', { name: `${name}: Breakfast kibble 200 g` });
      await dialog.getByText('Ate all', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Record' }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByRole('button', { name: /^Meal: Breakfast kibble/ })).toHaveAttribute('data-state', 'done');
      await expect(card.getByRole('button', { name: 'Care plan' })).toBeVisible();
      await shot(page, 'care-board');
      await page.setViewportSize(PHONE);
      await card.getByRole('button', { name: /^Dose: Meloxicam/ }).click();
      const dose = page.getByRole('dialog', { name: `${name}: Meloxicam 0.5 ml (oral)` });
      await expect(dose.getByText('With food')).toBeVisible();
      await dose.getByText('Given', { exact: true }).click();
      await shot(page, 'care-record-phone');
      await dose.getByRole('button', { name: 'Record' }).click();
      await expect(dose).toBeHidden();
    } finally {
      await a.deboardPet(petId);
    }
  });

  test("close the day: Day's Takings, the cash drawer opened with a float and closed with the count", async ({
    page,
    request,
  }) => {
    const headers = await staffHeaders(request);
    const drawerNow = await (await request.get('/api/v1/payments/drawer', { headers })).json();
    if (drawerNow.session?.status === 'open')
      await request.post('/api/v1/payments/drawer/close', { headers, data: { counted: drawerNow.session.expected } });
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sales' }).click();
    await page.getByRole('menuitem', { name: "Day's Takings" }).click();
    await expect(page.getByRole('heading', { name: "Day's takings" })).toBeVisible();
    const drawer = page.getByRole('region', { name: 'Cash drawer' });
    await drawer.getByLabel('Float').fill('2000');
    await drawer.getByRole('button', { name: 'Open drawer' }).click();
    await expect(page.getByText('The drawer is open', { exact: true })).toBeVisible();
    // A cash sale of the day lands in the drawer.
    await shopSale(request, 'cash', 750);
    await page.reload();
    await expect(drawer.getByTestId('drawer-expected')).toHaveText(inr(2750));
    await drawer.getByLabel('Cash counted').fill('2740');
    await expect(drawer.getByText(`Short by ${inr(10)}`)).toBeVisible();
    await drawer.getByRole('button', { name: 'Close drawer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close the drawer?' });
    await expect(confirm).toContainText(`Expected ${inr(2750)}, counted ${inr(2740)}`);
    await confirm.getByRole('button', { name: 'Close the drawer' }).click();
    await expect(page.getByText('The drawer is closed', { exact: true })).toBeVisible();
    await expect(drawer.getByTestId('drawer-difference')).toHaveText(`−${inr(10)}`);
    await expect(page.getByRole('table', { name: 'Received by method' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await shot(page, 'takings');
  });

  test('import the original data: an admin uploads the zip of the export (the import server)', async ({ browser }) => {
    const fixture = (await import(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/test/import-fixture.ts')
    )) as {
      SMALL_FIXTURE: { pets: number; visits: number };
      writeFixtureExport(dir: string, format: 'bson', size: { pets: number; visits: number }): Promise<unknown>;
    };
    const root = await mkdtemp(path.join(tmpdir(), 'pawdesk-guide-import-'));
    try {
      const dir = path.join(root, 'export-2026-04-16');
      await fixture.writeFixtureExport(dir, 'bson', fixture.SMALL_FIXTURE);
      const zipPath = path.join(root, 'export-2026-04-16.zip');
      const zip = new ZipFile();
      for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
        if (!e.isFile()) continue;
        const full = path.join(e.parentPath, e.name);
        zip.addFile(full, path.relative(dir, full).split(path.sep).join('/'));
      }
      zip.end();
      await pipeline(zip.outputStream, createWriteStream(zipPath));

      // The import refuses a database with records of its own: it has a server of its own on an empty database.
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${IMPORT_PORT}`, viewport: LAPTOP });
      const page = await context.newPage();
      await loginWith(page, context.request, IMPORT_ADMIN, '/staff/dashboard');
      await page
        .getByRole('region', { name: 'Administration' })
        .getByRole('link', { name: 'Import from the original system' })
        .click();
      await expect(page.getByRole('heading', { name: 'Import from the original system', level: 1 })).toBeVisible();
      await expect(page.getByText('Upload a zip of the export first.')).toBeVisible();
      await page.locator('input[type=file]').setInputFiles(zipPath);
      await expect(page.getByLabel('What the zip holds')).toContainText('export-2026-04-16.zip holds a mongodump export');
      await expect(page.getByText('Import is possible once a dry run of this upload has finished.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Dry run' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
      // A taller window: what the zip holds and step 2 in one picture.
      await shot(page, 'import', { height: 1100 });
      await context.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

test.describe('the user guide, owners (390 px)', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: PHONE });

  test('sign up: name, email, password; then Login as a Pet Owner', async ({ page }) => {
    const email = `guide.${uniqueTag()}@owner.test`;
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Ritika Verma');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('secret123');
    await shot(page, 'signup-phone');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Account created successfully! Please login to continue.')).toBeVisible();
    await page.getByLabel('Pet Owner').check();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('secret123');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Ritika Verma' })).toBeVisible();
  });

  test.describe('on a fixed day', () => {
    // 10:00 on 1 Mar 2027 in Gurugram, so the pictures show the same dates every time; put back after (afterAll has
    // a request context of its own even when the test timed out).
    const clock = async (request: APIRequestContext, at: string | null) =>
      expect((await request.post('/api/v1/test/clock', { headers: await staffHeaders(request), data: { at } })).status()).toBe(
        200,
      );
    test.beforeAll(({ request }) => clock(request, '2027-03-01T04:30:00.000Z'));
    test.afterAll(({ request }) => clock(request, null));

    test('book an appointment and pay online: Book Services, Book Now, a day and a time, the checkout', async ({
      page,
      request,
    }) => {
      const { creds } = await newCustomerWithPets(request, ['Bruno']);
      await loginWith(page, request, creds, '/customer/dashboard');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Book Services' }).click();
      await expect(page).toHaveURL(/\/customerservice$/);
      await page.getByRole('button', { name: 'Book Now: Grooming' }).click();
      await expect(page.getByTestId('booking-service')).toHaveText('Grooming');
      const date = page.getByRole('textbox', { name: /^Date/ });
      await date.fill('02/03/2027');
      await date.blur();
      // The first free time (on a server used before, earlier ones may be taken).
      const times = page.getByRole('radiogroup', { name: 'Time' });
      await expect(times.getByRole('radio').first()).toBeAttached();
      const free = times.locator('input[type=radio]:not(:disabled)').first();
      const time = (await free.getAttribute('value'))!;
      await page.getByText(time, { exact: true }).click();
      await page.getByText('Pay online now').click();
      const total = ((await page.getByTestId('booking-total').textContent()) ?? '').trim();
      await page.getByRole('button', { name: `Pay ${total} and book` }).scrollIntoViewIfNeeded();
      await shot(page, 'book-appointment-phone');
      await page.getByRole('button', { name: `Pay ${total} and book` }).click();
      const checkout = page.getByRole('dialog', { name: 'Card checkout' });
      await checkout.getByRole('button', { name: `Pay ${total}` }).click();
      await expect(page).toHaveURL(/\/customer\/seeappointment\?paid=1$/);
      await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
      const card = page.getByTestId('appointment-card');
      await expect(card.getByTestId('appointment-status')).toHaveText('Pending');
      await expect(card.getByTestId('appointment-when')).toHaveText(`2 Mar 2027 at ${time}`);
      await expect(card.getByTestId('appointment-payment')).toHaveText(`Paid online ${total}`);
      await expect(card.getByRole('button', { name: /^Cancel appointment/ })).toBeVisible();
      await shot(page, 'my-appointments-phone');
    });
  });

  test("see visits and documents: the demo owner's dog, its visits, the receipts", async ({ page, request }) => {
    await loginAs(page, request, 'customer', '/customer/dashboard');
    await page
      .getByRole('navigation', { name: 'More for you' })
      .getByRole('link', { name: /Visits/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Choose Pet' })).toBeVisible();
    await page.getByRole('button', { name: 'Bruno: view visits' }).click();
    await expect(page.getByRole('heading', { name: 'Pet Visits' })).toBeVisible();
    const visit = page.getByRole('article', { name: 'Bruno visit' }).first();
    await expect(visit).toBeVisible();
    await visit.getByRole('button', { name: "Documents of Bruno's visit" }).click();
    await expect(visit.getByRole('link', { name: /^Receipt / })).toBeVisible();
    await shot(page, 'visits-phone');
    await page.goto('/customer/documents');
    await expect(page.getByRole('heading', { name: 'My Documents' })).toBeVisible();
    const docs = page.getByRole('list', { name: 'My documents' });
    await expect(docs.getByRole('link', { name: /^Receipt / }).first()).toBeVisible();
    await shot(page, 'documents-phone');
    await docs
      .getByRole('link', { name: /^Receipt / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/customer\/documents\/[0-9a-f]{24}$/);
    await expect(page.getByText('Bruno').first()).toBeVisible();
  });
});
