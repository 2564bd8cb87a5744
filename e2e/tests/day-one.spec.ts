import type { APIRequestContext, Page } from '@playwright/test';
import { openCategory, rowOf } from './deboard-kit';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniquePhone, uniqueTag as tag } from './fixtures';

/**
 * The front desk's day-one defects (issue 18), each walked through at laptop (1280) and phone (390) width:
 * Payment Link says the link is sent and the amount stays owed; dates in Indian order (inputs dd/mm/yyyy, lists
 * '25 Nov 2026'); Add Pet for an existing owner asks only for the phone; a future date of birth with every other
 * error; Buy Subscription from a pet without a plan; Day School without a plan says so on the form; the Dog Park's
 * save message; one message for a card payment; the signup toast gone from the dashboard; '1 grooming session';
 * an age under one year in months; the '/' badge hidden on touch screens; placeholders with a way back.
 */

const V = '/api/v1';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/day-one';
const WIDTHS = [
  ['1280', { width: 1280, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;
const toasts = (page: Page) => page.locator('.mantine-Notification-root');
const inr = (n: number) => `₹ ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Today in the business time zone, as lists show it ('28 Nov 2026'). */
const todayShown = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(),
  );
/** A yyyy-MM-dd `months` months before today (business time zone). */
function monthsAgo(months: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()).split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1 - months, Math.min(d!, 28)));
  return t.toISOString().slice(0, 10);
}

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' });
}

async function visitType(request: APIRequestContext, code: string): Promise<{ _id: string; price: number }> {
  const res = await request.get(`${V}/visit/getallvisittypes`, { headers: { authorization: await apiToken(request, 'staff') } });
  return (await res.json()).visitTypes.find((v: { code: string }) => v.code === code);
}

/** Opens a staff page that takes the pet id in navigation state (New Visit, Pet Records). */
async function openWithPet(page: Page, path: string, petId: string) {
  await page.evaluate(
    ([id, to]) => {
      window.history.pushState({ usr: { petId: id }, key: `d1${Date.now()}`, idx: 1 }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    [petId, path] as const,
  );
}

async function choosePurpose(page: Page, purpose: string) {
  await page.getByRole('combobox', { name: 'Purpose of visit' }).click();
  await page.getByRole('option', { name: purpose, exact: true }).click();
}

for (const [label, viewport] of WIDTHS) {
  test.describe(`day one at ${label} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('Payment Link says the link will be sent and the amount stays owed; cash keeps "has been completed"', async ({
      page,
      request,
    }) => {
      const grooming = await visitType(request, 'grooming');
      const { petIds } = await addOwnerWithDog(request);
      await loginAs(page, request, 'staff', '/staff/dashboard');
      await openWithPet(page, '/staff/nvisit2', petIds[0]!);
      await choosePurpose(page, 'Grooming');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      const modal = page.getByRole('dialog', { name: 'Payment Options' });
      await modal.getByRole('button', { name: 'Payment Link' }).click();
      await expect(modal.getByTestId('link-note')).toContainText(
        `A payment link for ${inr(grooming.price)} will be sent to the owner. Nothing is collected now: the amount stays owed until the owner pays the link.`,
      );
      await expect(modal.getByText(/has been completed/)).toHaveCount(0);
      await expect(modal.getByRole('button', { name: 'Submit' })).toBeDisabled();
      await shot(page, `payment-link-${label}`, false);
      await modal.getByRole('button', { name: 'Cash Payment' }).click();
      await expect(
        modal.getByRole('checkbox', { name: `I confirm that the payment of ${inr(grooming.price)} has been completed` }),
      ).toBeVisible();
      await expect(modal.getByTestId('link-note')).toHaveCount(0);

      // Sent: the link is shown, the visit saved with the amount still owed.
      await modal.getByRole('button', { name: 'Payment Link' }).click();
      await modal.getByRole('checkbox', { name: /is to be sent to the owner/ }).check();
      await modal.getByRole('button', { name: 'Submit' }).click();
      const link = page.getByRole('dialog', { name: 'Payment Link' });
      await expect(link).toContainText('The amount stays owed until the link is paid.');
      await link.getByRole('button', { name: 'Done' }).click();
      await expect(page).toHaveURL(/\/staff\/dashboard$/);
    });

    test("the Dog Park save says 'Payment successful and visit saved!'; a card payment shows one message; the entry date reads '25 Nov 2026'", async ({
      page,
      request,
    }) => {
      const park = await visitType(request, 'dog_park');
      const name = `Park${tag()}`;
      const { petIds } = await addOwnerWithDog(request, { pet: { name } });
      await loginAs(page, request, 'staff', '/staff/dashboard');
      await openWithPet(page, '/staff/nvisit2', petIds[0]!);
      await choosePurpose(page, 'Dog Park');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      const modal = page.getByRole('dialog', { name: 'Payment Options' });
      await modal.getByRole('button', { name: 'Cash Payment' }).click();
      await modal.getByRole('checkbox', { name: `I confirm that the payment of ${inr(park.price)} has been completed` }).check();
      await modal.getByRole('button', { name: 'Submit' }).click();
      await expect(toasts(page).filter({ hasText: 'Payment successful and visit saved!' })).toBeVisible();
      await expect(page.getByText('Dog boarded successfully')).toHaveCount(0);
      await expect(page).toHaveURL(/\/staff\/dashboard$/);

      // The Deboard list: the entry date in Indian order, not ISO.
      await page.goto('/staff/deboard');
      if (label === '1280') await openCategory(page, 'Dog Park');
      else await page.getByRole('radiogroup', { name: 'Category' }).getByText('Dog Park', { exact: true }).click();
      const row = rowOf(page, name);
      await expect(row).toContainText(todayShown());
      await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}/);
      await shot(page, `deboard-entry-date-${label}`);

      // A card payment: one success message, not two.
      const second = (await addOwnerWithDog(request)).petIds[0]!;
      await page.goto('/staff/dashboard');
      await page.evaluate(() =>
        document.querySelectorAll('.mantine-Notification-root button').forEach((b) => {
          (b as HTMLElement).click();
        }),
      );
      await expect(toasts(page)).toHaveCount(0);
      await openWithPet(page, '/staff/nvisit2', second);
      await choosePurpose(page, 'Dog Park');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await modal.getByRole('button', { name: 'Card' }).click();
      await modal.getByRole('button', { name: 'Submit' }).click();
      const checkout = page.getByRole('dialog', { name: 'Card checkout' });
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await expect(toasts(page).filter({ hasText: 'Payment Done Successfully and visit saved' })).toBeVisible();
      await expect(toasts(page)).toHaveCount(1);
      await expect(page).toHaveURL(/\/staff\/dashboard$/);
    });

    test('Add Pet: dates typed dd/mm/yyyy; an existing owner asks only for the phone; a future birth date shows every error at once', async ({
      page,
      request,
    }) => {
      const phone = uniquePhone('8');
      const ownerName = `Owner ${tag()}`;
      await addOwnerWithDog(request, { ownerName, phone });
      await loginAs(page, request, 'staff', '/staff/pet');

      // A future date of birth: every other error on the first Save.
      const pet1 = page.getByRole('group', { name: 'Pet 1' });
      const dob = pet1.getByRole('textbox', { name: /Date of birth/ });
      await expect(dob).toHaveAttribute('placeholder', 'dd/mm/yyyy');
      await expect(pet1.getByRole('textbox', { name: /Registration date/ })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
      await dob.fill('01/01/2099');
      await page.getByRole('button', { name: 'Save owner and pets' }).click();
      for (const message of [
        'Date of birth cannot be later than today',
        'Owner name is required',
        'Phone number is required',
        'Address is required',
        'Pet name is required',
        'Sex is required',
        'Color is required',
      ]) {
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      }
      await shot(page, `add-pet-errors-${label}`);

      // The existing owner's phone: no name, email or address asked for.
      await page.getByLabel(/^Phone/).fill(phone);
      await expect(page.getByText(`This number belongs to ${ownerName}; the pets will be added to that owner`)).toBeVisible();
      await expect(page.getByLabel(/^Owner name/)).toHaveCount(0);
      await expect(page.getByLabel(/^Address/)).toHaveCount(0);
      await expect(page.getByTestId('owner-on-file')).toContainText('Sector 45, Gurugram');
      const petName = `Pup${tag()}`;
      await pet1.getByLabel('Pet name').fill(petName);
      await pet1.getByLabel('Breed').selectOption('Labrador Retriever');
      await pet1.getByLabel('Sex').selectOption('Female');
      await pet1.getByLabel('Color').fill('Golden');
      const [y, m, d] = monthsAgo(9).split('-');
      await dob.fill(`${d}/${m}/${y}`);
      await dob.blur();
      await expect(dob).toHaveValue(`${d}/${m}/${y}`);
      await shot(page, `add-pet-existing-owner-${label}`);
      await page.getByRole('button', { name: 'Save owner and pets' }).click();

      // Pet Records: the owner on file, the age in months.
      await expect(page).toHaveURL(/\/staff\/history$/);
      await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Owner Information' })).toContainText(ownerName);
      await expect(page.getByRole('region', { name: 'Pet details' })).toContainText('9 months');
      await expect(page.getByRole('region', { name: 'Pet details' })).not.toContainText('0 years');
      await shot(page, `pet-records-age-${label}`);
    });

    test('a pet without a plan: Buy Subscription from its panel; Day School says "avail subscription then save visit" on the form', async ({
      page,
      request,
    }) => {
      const name = `Sch${tag()}`;
      const petId = (await addOwnerWithDog(request, { pet: { name } })).petIds[0]!;
      await loginAs(page, request, 'staff', '/staff/dashboard');

      await openWithPet(page, '/staff/nvisit2', petId);
      await choosePurpose(page, 'Day School');
      await expect(page.getByText('No active Day School subscription for this pet.')).toBeVisible();
      await page.getByRole('button', { name: 'Save Visit' }).click();
      const message = page.getByTestId('subscription-required');
      await expect(message).toContainText('avail subscription then save visit');
      await expect(toasts(page)).toHaveCount(0);
      await shot(page, `day-school-no-plan-${label}`);
      await message.getByRole('button', { name: 'Buy Subscription' }).click();
      await expect(page).toHaveURL(/\/staff\/buysubscription$/);
      await expect(page.getByRole('heading', { name: 'Buy Subscription' })).toBeVisible();
      await expect(page.getByText(name).first()).toBeVisible();

      // '1 grooming session' in the plan chosen.
      await page.getByRole('combobox', { name: 'Subscription plan' }).click();
      await page.getByRole('option', { name: /^Day School Monthly/ }).click();
      const summary = page.getByText(/^Day School · 30 days/);
      await expect(summary).toContainText('· 1 grooming session ·');
      await expect(summary).not.toContainText('1 grooming sessions');

      // Pet Records' Subscriptions panel offers Buy Subscription for this pet.
      await page.goto('/staff/dashboard');
      await page.evaluate(
        ({ id }) => {
          window.history.pushState(
            { usr: { petId: id, panel: 'subscriptions' }, key: `d1s${Date.now()}`, idx: 1 },
            '',
            '/staff/history',
          );
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        },
        { id: petId },
      );
      const panel = page.getByRole('region', { name: 'Subscriptions' });
      await expect(panel.getByText('No active subscriptions')).toBeVisible();
      await shot(page, `subscriptions-panel-empty-${label}`);
      await panel.getByRole('button', { name: 'Buy Subscription', exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/buysubscription$/);
    });

    test('dates in Indian order in the date pickers and lists', async ({ page, request }) => {
      await loginAs(page, request, 'staff', '/staff/petByDate');
      const field = page.getByRole('textbox', { name: /Registration date/ });
      await expect(field).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
      await expect(page.getByText(todayShown()).first()).toBeVisible();
      await shot(page, `pets-by-date-${label}`);
      await page.goto('/staff/attendance');
      await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
      await shot(page, `attendance-date-${label}`);
    });
  });
}

test('the signup toast is gone once the new customer reaches the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `new${tag()}@example.in`;
  await page.goto('/signup');
  await page.getByLabel(/^Full name/).fill('Meera Nair');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('secret12');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const toast = toasts(page).filter({ hasText: 'Account created successfully! Please login to continue.' });
  await expect(toast).toBeVisible();
  await page.getByLabel('Pet Owner').check();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('secret12');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(toast).toHaveCount(0);
  await shot(page, 'signup-dashboard-390');
});

test("the '/' badge shows with a keyboard and mouse, not on a touch screen", async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, request, 'staff', '/staff/history');
  await expect(page.getByTestId('shortcut-key')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const touch = await phone.newPage();
  await loginAs(touch, request, 'staff', '/staff/history');
  await expect(touch.getByTestId('shortcut-key')).toHaveCount(1);
  await expect(touch.getByTestId('shortcut-key')).toBeHidden();
  await shot(touch, 'pet-records-touch-390');
  await phone.close();
});

test('the navigation leads to the appointment pages (issue 19: no placeholder is left)', async ({ page, request }) => {
  for (const [, viewport] of WIDTHS) {
    await page.setViewportSize(viewport);
    await loginAs(page, request, 'customer', '/customer/dashboard');
    if (viewport.width < 600) await page.getByRole('button', { name: 'Open menu' }).click();
    // The menu's link (the dashboard's upcoming appointments card links there too, under the phone menu's overlay).
    const menu = viewport.width < 600 ? page.getByRole('dialog') : page.getByRole('banner');
    await menu.locator('a[href="/customer/seeappointment"]:visible').first().click();
    await expect(page.getByRole('heading', { name: 'My Appointments', level: 1 })).toBeVisible();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
    await shot(page, `my-appointments-${viewport.width}`);

    await loginAs(page, request, 'staff', '/staff/dashboard');
    if (viewport.width < 600) await page.getByRole('button', { name: 'Open menu' }).click();
    else
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: /Reservations/ })
        .click();
    // The menu's link (the dashboard's Notifications card links new bookings there too, under the phone menu).
    const staffMenu = viewport.width < 600 ? page.getByRole('dialog') : page.getByRole('menu');
    await staffMenu.locator('a[href="/staff/onlinecustomerappointment"]:visible').first().click();
    await expect(page.getByRole('heading', { name: 'Online Customer Appointments' })).toBeVisible();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
  }
});
