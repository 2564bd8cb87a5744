import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test } from './fixtures';

/** Capacity and occupancy (issue 11): the 14-day grid, a capacity lowered on the price screen, the dashboard card. */

const SHOTS = process.env.SHOTS_DIR;

interface Occupancy {
  today: string;
  types: { _id: string; code: string; capacity: number | null; booked: number[] }[];
}

async function occupancyToday(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/boarding/occupancy', { headers: { authorization: token }, params: { days: 1 } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Occupancy;
  return { today: body.today, hostel: body.types.find((t) => t.code === 'hostel')! };
}

/** Sells a 2-day Hostel stay (paid in cash) for a new vaccinated dog; answers the refusal when `status` is not 201. */
async function sellHostelStay(request: APIRequestContext, token: string, hostelId: string, status = 201) {
  const { petIds } = await addOwnerWithDog(request, {
    pet: {
      vaccinations: [
        { name: 'Rabies', numberOfDose: 1 },
        { name: 'DHPP', numberOfDose: 1 },
      ],
    },
  });
  const types = await (await request.get('/api/v1/visit/getallvisittypes', { headers: { authorization: token } })).json();
  const price = types.visitTypes.find((t: { _id: string }) => t._id === hostelId).price as number;
  const res = await request.post('/api/v1/visit/addhostelvisit', {
    headers: { authorization: token },
    data: {
      petId: petIds[0],
      visitType: hostelId,
      admissionAcknowledged: true,
      details: {
        numberOfDays: 2,
        finalPrice: price * 2,
        paymentLeft: 0,
        selectedPaymentType: 'advance_payment',
        selectedPayment: 'cash',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

const setCapacity = (request: APIRequestContext, token: string, id: string, capacity: number | null) =>
  request.patch(`/api/v1/admin/visit-types/${id}`, { headers: { authorization: token }, data: { capacity } });

const cell = (page: Page, code: string, date: string) =>
  page.locator(`[data-testid="occupancy-cell"][data-type="${code}"][data-date="${date}"]`);

/** Screenshots at 1280 and 390 px (of `target` when given) into SHOTS_DIR, when set. */
async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  for (const w of [1280, 390]) {
    await page.setViewportSize({ width: w, height: w > 600 ? 900 : 844 });
    await page.waitForTimeout(300);
    const path = `${SHOTS}/${name}-${w}.png`;
    await (target ? target.screenshot({ path }) : page.screenshot({ path }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the grid shows a stay just sold on its days, today outlined; previous and next 14 days', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const before = await occupancyToday(request, token);
  await sellHostelStay(request, token, before.hostel._id);

  await loginAs(page, request, 'staff', '/staff/occupancy');
  await expect(page.getByRole('heading', { name: 'Occupancy' })).toBeVisible();
  const today = cell(page, 'hostel', before.today);
  await expect(today).toContainText(`${before.hostel.booked[0]! + 1} / 20`);
  await expect(page.locator('th[aria-current="date"]')).toContainText('Today');
  await expect(page.getByTestId('occupancy-row')).toHaveCount(5);
  await shoot(page, 'occupancy-grid');

  // On a phone the grid scrolls sideways inside its box, the type column staying in view; the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  const grid = page.getByTestId('occupancy-grid');
  await grid.evaluate((el) => el.scrollTo({ left: 600 }));
  await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const typeCell = page.getByRole('rowheader', { name: /Hostel/ });
  expect((await typeCell.boundingBox())!.x).toBeLessThan(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'occupancy-grid-scrolled');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Next 14 days' }).click();
  await expect(page.locator('th[aria-current="date"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Today' })).toBeEnabled();
  await page.getByRole('button', { name: 'Previous 14 days' }).click();
  await expect(cell(page, 'hostel', before.today)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeDisabled();
});

test('an admin lowers the capacity on the price screen and the cell shows full', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const { today, hostel } = await occupancyToday(request, token);
  if (hostel.booked[0] === 0) await sellHostelStay(request, token, hostel._id);
  const booked = Math.max(1, hostel.booked[0]!);
  try {
    await loginAs(page, request, 'staff', '/staff/prices');
    const row = page.getByTestId('visit-type-row').filter({ hasText: 'Hostel' });
    await expect(row.getByTestId('visit-type-capacity')).toHaveText('20 places');
    await row.getByRole('button', { name: 'Edit Hostel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Hostel' });
    const field = dialog.getByLabel('Capacity (places)');
    await expect(field).toHaveValue('20');
    await field.fill('-3');
    await expect(field).toHaveValue('3'); // negative numbers cannot be typed
    await field.fill('');
    await expect(field).toHaveAttribute('placeholder', 'No limit');
    await field.fill(String(booked));
    await shoot(page, 'prices-capacity-field', dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Visit type saved')).toBeVisible();
    await expect(row.getByTestId('visit-type-capacity')).toHaveText(`${booked} ${booked === 1 ? 'place' : 'places'}`);
    await shoot(page, 'prices-table', page.getByRole('region', { name: 'Visit prices' }));

    await page.goto('/staff/occupancy');
    const full = cell(page, 'hostel', today);
    await expect(full).toHaveAttribute('data-level', 'full');
    await expect(full).toContainText(`${booked} / ${booked}`);
    await expect(full).toContainText('Full');
    await shoot(page, 'occupancy-full');

    // A sale beyond capacity is refused with the numbers.
    const refused = await sellHostelStay(request, token, hostel._id, 409);
    expect(refused.message).toBe(`Hostel is full: ${booked} of ${booked} ${booked === 1 ? 'place is' : 'places are'} taken`);
  } finally {
    expect((await setCapacity(request, token, hostel._id, 20)).status()).toBe(200);
  }
});

test("the dashboard card shows today's occupancy per type and leads to the grid", async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const { hostel } = await occupancyToday(request, token);
  await loginAs(page, request, 'staff', '/staff/dashboard');
  const card = page.getByRole('region', { name: "Today's occupancy" });
  await expect(card).toBeVisible();
  await expect(card.locator('[data-testid="occupancy-today"][data-type="hostel"]')).toContainText(`${hostel.booked[0]} / 20`);
  await expect(card.getByTestId('occupancy-today')).toHaveCount(5);
  await shoot(page, 'dashboard-card', card);
  await card.getByRole('link', { name: /Plan the next 14 days/ }).click();
  await expect(page).toHaveURL(/\/staff\/occupancy$/);
  await expect(page.getByTestId('occupancy-grid')).toBeVisible();
});

test('loading fails: the grid and the card say so and Try Again loads them', async ({ page, request }) => {
  await page.route('**/api/v1/boarding/occupancy**', (route) => route.abort());
  await loginAs(page, request, 'staff', '/staff/occupancy');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load occupancy' });
  await expect(alert).toBeVisible();
  await shoot(page, 'occupancy-error');
  await page.unroute('**/api/v1/boarding/occupancy**');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('occupancy-grid')).toBeVisible();

  await page.route('**/api/v1/boarding/occupancy**', (route) => route.abort());
  await page.goto('/staff/dashboard');
  const card = page.getByRole('region', { name: "Today's occupancy" });
  await expect(card.getByRole('alert')).toHaveText('Could not load occupancy');
  await page.unroute('**/api/v1/boarding/occupancy**');
  await card.getByRole('button', { name: 'Try Again' }).click();
  await expect(card.getByTestId('occupancy-today')).toHaveCount(5);
});
