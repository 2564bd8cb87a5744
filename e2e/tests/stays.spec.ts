import type { APIRequestContext, Page } from '@playwright/test';
import { api as deboardApi, inr, openCategory, rowOf, showDetails } from './deboard-kit';
import { apiToken, expect, loginAs, test } from './fixtures';

/**
 * How a stay is counted and half days (issue 18), at laptop and phone width: an admin switches the business to
 * nights with a 12:00 check-out on the Prices screen, and a Hostel stay of 2 on New Visit shows the nights it covers;
 * a Day Care half day is sold at the half-day price; 7 hours later (the server clock moved) the Deboard details show
 * the half day ran long and charge the difference, which deboarding collects. The settings and the clock are put
 * back afterwards.
 */

const IST = 'Asia/Kolkata';
/** The business day (`yyyy-MM-dd`) in India of an instant. */
const todayIn = (_tz: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: IST }).format(at);
/** The instant of an Indian wall-clock time (IST is UTC+5:30 all year). */
const instantAt = (date: string, hhmm: string, _tz: string) => new Date(`${date}T${hhmm}:00+05:30`);
const DEFAULTS = { countingRule: 'calendar_days', checkOutTime: '12:00', halfDayMaxHours: 5 };

async function restore(request: APIRequestContext) {
  const token = await apiToken(request, 'staff');
  const headers = { authorization: token };
  expect((await request.put('/api/v1/settings/stays', { headers, data: DEFAULTS })).status()).toBe(200);
  expect((await request.post('/api/v1/test/clock', { headers, data: { at: null } })).status()).toBe(200);
}

/** Opens New Visit for a pet the way Pet Records does: the pet id in navigation state. */
async function openNewVisit(page: Page, petId: string) {
  await page.evaluate((id) => {
    window.history.pushState({ usr: { petId: id }, key: `nv${Date.now()}`, idx: 1 }, '', '/staff/nvisit2');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, petId);
}

async function choosePurpose(page: Page, purpose: string) {
  await page.getByRole('combobox', { name: 'Purpose of visit' }).click();
  await page.getByRole('option', { name: purpose, exact: true }).click();
}

/** Payment Type (advance) then Payment Options (cash, confirmed). */
async function payInAdvanceByCash(page: Page, amount: number) {
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Payment Type' });
  await typeDialog.getByRole('radio', { name: 'Advance Payment' }).check();
  await typeDialog.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await dialog.getByRole('button', { name: 'Cash Payment' }).click();
  const box = dialog.getByRole('checkbox');
  await expect(box).toHaveAccessibleName(new RegExp(`payment of ₹ ${inr(amount).slice(1)}`));
  await box.check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/stays-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** "28 Nov" of a `yyyy-MM-dd`. */
const short = (d: string) =>
  `${Number(d.slice(8))} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(d.slice(5, 7)) - 1]}`;

for (const width of [1280, 390]) {
  test.describe(`stays at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });
    test.afterEach(async ({ request }) => {
      await restore(request);
    });

    test('an admin switches to nights with 12:00; a Hostel stay of 2 shows the nights it covers', async ({ page, request }) => {
      test.setTimeout(90_000);
      await loginAs(page, request, 'staff', '/staff/prices');
      const card = page.getByRole('region', { name: 'Stays' });
      await expect(card.getByTestId('stay-rule-explained')).toContainText('day it comes in is day 1');
      await card.getByText('Nights', { exact: true }).click();
      await card.getByLabel('Check-out time').fill('12:00');
      await expect(card.getByTestId('stay-rule-explained')).toContainText('after 12:00');
      await card.getByRole('button', { name: 'Save stay settings' }).click();
      await expect(page.getByText('Stay settings saved')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Save stay settings' })).toBeDisabled();
      await card.screenshot({ path: `test-results/stays-prices-card-${width}.png` });

      const a = deboardApi(request, await apiToken(request, 'staff'));
      const hostel = await a.type('hostel');
      const { petId } = await a.newPet();
      await openNewVisit(page, petId);
      await choosePurpose(page, 'Hostel');
      const nights = page.getByRole('textbox', { name: 'Number of nights' });
      await nights.fill('2');
      const today = todayIn(IST);
      const after = todayIn(IST, new Date(Date.now() + 2 * 86_400_000));
      await expect(page.getByTestId('stay-dates')).toHaveText(`2 nights: ${short(today)} to ${short(after)}, check-out by 12:00`);
      await expect(page.getByTestId('price-total')).toHaveText(inr(hostel.price * 2));
      await nights.fill('3');
      await expect(page.getByTestId('stay-dates')).toContainText('3 nights:');
      await nights.fill('2');
      await shot(page, 'hostel-nights');
      await payInAdvanceByCash(page, hostel.price * 2);
      await expect(page.getByText('Dog boarded successfully')).toBeVisible();
      expect((await a.boarding(petId)).numberOfDays).toBe(2);
    });

    test('a Day Care half day at the half-day price; 7 hours later deboarding charges the difference', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const token = await apiToken(request, 'staff');
      const a = deboardApi(request, token);
      const dayCare = (await a.type('day_care')) as Awaited<ReturnType<typeof a.type>> & { halfdayPrice: number };
      expect(dayCare.halfdayPrice).toBeGreaterThan(0);
      const { petId, name } = await a.newPet();
      // The server's day starts at 09:00 in the business time zone (today there, as the form counts from).
      const today = todayIn(IST);
      await a.post('/test/clock', { at: instantAt(today, '09:00', IST).toISOString() }, 200);

      await loginAs(page, request, 'staff', '/staff/dashboard');
      await openNewVisit(page, petId);
      await choosePurpose(page, 'Day Care');
      await page.getByText('Half day', { exact: true }).click();
      await expect(page.getByRole('textbox', { name: 'Number of days' })).toHaveCount(0);
      await expect(page.getByTestId('stay-dates')).toHaveText(`Half day: ${short(today)}`);
      await expect(page.getByTestId('price-half-day-price')).toHaveText(inr(dayCare.halfdayPrice));
      await expect(page.getByTestId('price-total')).toHaveText(inr(dayCare.halfdayPrice));
      await shot(page, 'daycare-half-day');
      await payInAdvanceByCash(page, dayCare.halfdayPrice);
      await expect(page.getByText('Dog boarded successfully')).toBeVisible();
      const boarding = await a.boarding(petId);
      expect(boarding.boardingType.code).toBe('day_care');

      // 7 hours later (more than the 5 of a half day): a full day; the difference is due.
      await a.post('/test/clock', { at: instantAt(today, '16:00', IST).toISOString() }, 200);
      const difference = dayCare.price - dayCare.halfdayPrice;
      await page.goto('/staff/deboard');
      if (width > 500) await openCategory(page, 'Day Care');
      // A phone shows the categories as chips.
      else await page.getByRole('radiogroup', { name: 'Category' }).getByText('Day Care', { exact: true }).click();
      await expect(rowOf(page, name)).toBeVisible();
      const dialog = await showDetails(page, name);
      await expect(dialog.getByTestId('deboard-stay-label')).toHaveText(`1 day: ${short(today)} (sold as a half day)`);
      await expect(dialog.getByTestId('deboard-half-day-ran-long')).toHaveText(`${inr(difference)} more: a full day`);
      await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(difference));
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/stays-deboard-half-day-${width}.png` });
      await dialog.getByRole('button', { name: /Close/ }).first().click();

      const out = await a.deboardPet(petId, difference);
      expect(out.boarding).toMatchObject({ isBoarded: false, actualDays: 1, extraCharge: difference });
      expect(await a.boarding(petId)).toBeNull();
    });
  });
}
