import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, CORE_VACCINATIONS, dogBody, expect, loginAs, test, uniquePhone, uniqueTag } from './fixtures';

/**
 * Reservations (issue 18) at laptop and phone width: Diwali week reserved ahead for two dogs of one owner with a
 * deposit, the occupancy grid filled on those days, the calendar, check-in on the day (the test clock moved), and
 * another reservation cancelled with its refund shown first.
 */

const SHOTS = process.env.SHOTS_DIR;
/** A week before Diwali week 2027, 10:00 in Gurugram. */
const WEEK_BEFORE = '2027-11-01T04:30:00.000Z';
const CHECK_IN_DAY = '2027-11-08T04:30:00.000Z';
const DIWALI = ['2027-11-08', '2027-11-09', '2027-11-10', '2027-11-11', '2027-11-12', '2027-11-13', '2027-11-14'];

/** Screenshots at 1280 and 390 px into SHOTS_DIR when set; at 390 px the page must not scroll sideways. */
async function shoot(page: Page, name: string) {
  for (const w of [1280, 390]) {
    await page.setViewportSize({ width: w, height: w > 600 ? 900 : 844 });
    await page.waitForTimeout(300);
    if (w === 390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 390 px`).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reservations-${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const clock = async (request: APIRequestContext, token: string, at: string | null) => {
  const res = await request.post('/api/v1/test/clock', { headers: { authorization: token }, data: { at } });
  expect(res.status(), await res.text()).toBe(200);
};

/** One owner with two vaccinated dogs; answers the ids and names. */
async function ownerWithTwoDogs(request: APIRequestContext, token: string) {
  const tag = uniqueTag();
  const phone = uniquePhone('7');
  const names = [`Diya${tag}`, `Rocky${tag}`];
  const res = await request.post('/api/v1/pet/addpet', {
    headers: { authorization: token },
    data: {
      ownerName: `Meera ${tag}`,
      phone,
      address: 'Sector 56, Gurugram',
      pets: names.map((name) => dogBody({ name, vaccinations: CORE_VACCINATIONS })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { ownerId: body.ownerId as string, petIds: body.petIds as string[], phone, names, ownerName: `Meera ${tag}` };
}

async function hostelType(request: APIRequestContext, token: string) {
  const types = await (await request.get('/api/v1/visit/getallvisittypes', { headers: { authorization: token } })).json();
  return types.visitTypes.find((t: { code: string }) => t.code === 'hostel') as { _id: string; price: number };
}

async function hostelBooked(request: APIRequestContext, token: string, from: string, days: number) {
  const res = await request.get('/api/v1/boarding/occupancy', { headers: { authorization: token }, params: { from, days } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return body.types.find((t: { code: string }) => t.code === 'hostel').booked as number[];
}

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('Diwali week: reserve two dogs with a deposit, see the grid fill, check in on the day, cancel another with its refund', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(20_000);
  const token = await apiToken(request, 'staff');
  await clock(request, token, WEEK_BEFORE);
  try {
    const hostel = await hostelType(request, token);
    const family = await ownerWithTwoDogs(request, token);
    const before = await hostelBooked(request, token, DIWALI[0]!, 7);

    // Another owner's reservation later in the month, with a ₹500 cash deposit (cancelled at the end).
    const other = await ownerWithTwoDogs(request, token);
    const made = await request.post('/api/v1/reservations', {
      headers: { authorization: token, 'idempotency-key': crypto.randomUUID() },
      data: {
        ownerId: other.ownerId,
        visitTypeId: hostel._id,
        petIds: [other.petIds[0]],
        checkInDate: '2027-11-20',
        checkInTime: '10:00',
        checkOutDate: '2027-11-22',
        checkOutTime: '12:00',
        deposit: { amount: 500, selectedPayment: 'cash' },
      },
    });
    expect(made.status(), await made.text()).toBe(201);

    // The day's lists, on a day nobody arrives: the empty state.
    await loginAs(page, request, 'staff', '/staff/reservations');
    await expect(page.getByRole('heading', { name: 'Reservations', level: 1 })).toBeVisible();
    await expect(page.getByTestId('day-title')).toContainText('1 Nov 2027 (today)');
    await expect(page.getByText('No reservations on this day')).toBeVisible();
    await shoot(page, 'day-empty');

    // The booking form: owner by phone, both dogs, Hostel, 8–14 Nov; the label and price before saving.
    await page.getByRole('button', { name: 'New reservation' }).click();
    const form = page.getByRole('dialog', { name: 'New reservation' });
    await form.getByRole('searchbox', { name: /Find the owner/ }).fill(family.phone);
    await form.getByRole('button', { name: `Choose ${family.ownerName}, ${family.phone}` }).click();
    await form.getByRole('checkbox', { name: new RegExp(family.names[0]!) }).check();
    await form.getByRole('checkbox', { name: new RegExp(family.names[1]!) }).check();
    await form.getByRole('combobox', { name: /Boarding type/ }).click();
    await page.getByRole('option', { name: 'Hostel' }).click();
    await expect(form.getByText('Full day')).toBeVisible();
    const checkIn = form.getByRole('textbox', { name: /Check-in date/ });
    await checkIn.fill('08/11/2027');
    await checkIn.blur();
    const checkOut = form.getByRole('textbox', { name: /Check-out date/ });
    await checkOut.fill('14/11/2027');
    await checkOut.blur();
    await expect(checkIn).toHaveValue('08/11/2027');
    await expect(form.getByTestId('stay-label')).toHaveText('7 days: 8 Nov to 14 Nov');
    const price = hostel.price * 7 * 2;
    await expect(form.getByTestId('quote-price')).toHaveText(inr(price));
    await expect(form.getByTestId('quote-day')).toHaveCount(7);
    await shoot(page, 'form');

    // A ₹2,000 deposit in cash through the shared payment modal, taken with the save.
    await form.getByRole('button', { name: 'Save and take deposit' }).click();
    const type = page.getByRole('dialog', { name: 'Payment Type' });
    await type.getByRole('radio', { name: /Partial Payment/ }).check();
    await type.getByRole('textbox', { name: 'Amount collected now' }).fill('2000');
    await type.getByRole('button', { name: 'Next' }).click();
    const options = page.getByRole('dialog', { name: 'Payment Options' });
    await options.getByRole('button', { name: 'Cash Payment' }).click();
    await options.getByRole('checkbox', { name: /I confirm that the payment of ₹ 2,000.00 has been completed/ }).check();
    await shoot(page, 'deposit');
    await options.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Deposit of ₹2,000.00 taken').or(page.getByText('Reservation confirmed')).first()).toBeVisible();

    // The new reservation's details: confirmed, the deposit held, what is still owed.
    const detail = page.getByRole('dialog', { name: 'Reservation' });
    await expect(detail.getByTestId('reservation-status')).toHaveText('Confirmed');
    await expect(detail.getByTestId('detail-deposit')).toHaveText('₹2,000.00');
    await expect(detail.getByTestId('detail-due')).toHaveText(inr(price - 2000));
    await expect(detail.getByTestId('ledger-row')).toHaveCount(1);
    await shoot(page, 'detail');
    // Not yet the check-in day: no Check in, no No-show.
    await expect(detail.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'No-show' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Close the reservation' }).click();
    await expect(detail).toBeHidden();

    // The occupancy grid counts the two dogs on each day of the week.
    const after = await hostelBooked(request, token, DIWALI[0]!, 7);
    expect(after).toEqual(before.map((n) => n + 2));
    await page.goto('/staff/occupancy');
    for (const [i, d] of DIWALI.entries()) {
      await expect(page.locator(`[data-testid="occupancy-cell"][data-type="hostel"][data-date="${d}"]`)).toContainText(
        `${after[i]} / `,
      );
    }
    await shoot(page, 'occupancy');

    // The calendar: the week of 8 Nov with the reservation's row, the month, and a list by day on a phone.
    await page.goto('/staff/reservations?tab=calendar&anchor=2027-11-08');
    const week = page.getByTestId('calendar-week');
    await expect(week).toBeVisible();
    await expect(page.getByTestId('calendar-title')).toHaveText('8 Nov – 14 Nov 2027');
    const row = page.getByTestId('calendar-row').filter({ hasText: family.names[0]! });
    await expect(row).toBeVisible();
    await shoot(page, 'calendar-week');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('calendar-list')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText('Month', { exact: true }).click();
    await expect(page.getByTestId('calendar-title')).toHaveText('November 2027');
    await expect(page.locator('[data-testid="calendar-day"][data-date="2027-11-10"]')).toContainText(family.names[0]!);
    await shoot(page, 'calendar-month');
    await page
      .locator('[data-testid="calendar-day"][data-date="2027-11-10"]')
      .getByRole('button', { name: new RegExp(family.names[0]!) })
      .click();
    await expect(detail.getByTestId('detail-label')).toHaveText('7 days: 8 Nov to 14 Nov');
    await detail.getByRole('button', { name: 'Close the reservation' }).click();

    // On the day: the arrival is listed with what is still owed, and Check in starts the stay.
    await clock(request, token, CHECK_IN_DAY);
    await page.goto('/staff/reservations');
    await expect(page.getByTestId('day-title')).toContainText('8 Nov 2027 (today)');
    const arrival = page.getByTestId('arrival').filter({ hasText: family.names[0]! });
    await expect(arrival).toContainText(family.phone);
    await expect(arrival.getByTestId('entry-due')).toHaveText(inr(price - 2000));
    await expect(arrival.getByTestId('reservation-status')).toHaveText('Confirmed');
    await shoot(page, 'day-arrivals');
    await arrival.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByText('Checked in: the stay has started')).toBeVisible();
    await expect(arrival.getByTestId('reservation-status')).toHaveText('Checked in');
    await shoot(page, 'checked-in');

    // The Today board counts the day's arrivals and leads to the lists.
    await page.goto('/staff/dashboard');
    const tile = page.getByTestId('today-arrivals');
    await expect(tile).toContainText('Arrivals today');
    await expect(tile).toContainText(/(\d+)\/\1/);
    await shoot(page, 'today-board');
    await tile.click();
    await expect(page).toHaveURL(/\/staff\/reservations$/);

    // Another reservation is cancelled: the dialog says what comes back before anything is done.
    await page.goto('/staff/reservations?date=2027-11-20');
    const theirs = page.getByTestId('arrival').filter({ hasText: other.names[0]! });
    // A later day's arrival cannot be checked in yet.
    await expect(theirs.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    await theirs.getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel reservation' });
    await expect(cancel.getByTestId('cancel-refund')).toContainText('Cancelling now refunds the whole deposit of ₹500.00');
    await cancel.getByRole('button', { name: 'Cancel and refund ₹500.00' }).click();
    await expect(cancel.getByText('Please give a reason')).toBeVisible();
    await cancel.getByRole('textbox', { name: /Reason/ }).fill('Plans changed');
    await shoot(page, 'cancel');
    await cancel.getByRole('button', { name: 'Cancel and refund ₹500.00' }).click();
    await expect(page.getByText('Reservation cancelled: ₹500.00 refunded')).toBeVisible();
    // A cancelled reservation no longer arrives.
    await expect(theirs).toHaveCount(0);
  } finally {
    await clock(request, token, null);
  }
});

test('the day lists and the calendar say when they cannot load, and Try Again loads them', async ({ page, request }) => {
  await page.route('**/api/v1/reservations/day**', (route) => route.abort());
  await loginAs(page, request, 'staff', '/staff/reservations');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load reservations' });
  await expect(alert).toBeVisible();
  // A booking can still be made.
  await expect(page.getByRole('button', { name: 'New reservation' })).toBeEnabled();
  await shoot(page, 'day-error');
  await page.unroute('**/api/v1/reservations/day**');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('day-title')).toContainText('(today)');

  await page.route('**/api/v1/reservations?**', (route) => route.abort());
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const calendarAlert = page.getByRole('alert').filter({ hasText: 'Failed to load reservations' });
  await expect(calendarAlert).toBeVisible();
  await page.unroute('**/api/v1/reservations?**');
  await calendarAlert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('calendar-week')).toBeVisible();
  await expect(page).toHaveURL(/tab=calendar/);
});
