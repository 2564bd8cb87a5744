import type { Page } from '@playwright/test';
import { api, inr, rowOf, showDetails } from './deboard-kit';
import { apiToken, expect, loginAs, test } from './fixtures';

/**
 * Services during a stay and check-out (issue 18), at laptop (1280) and phone (390) width: a dog boarded in Hostel is
 * groomed with 'Add to the stay's bill'; at Deboard the details show the stay and the grooming, and one cash payment
 * settles everything and deboards (with a printable receipt); a payment link deboards only with 'Pay later', and the
 * bill then stays owed.
 */

const WIDTHS = [
  { name: 'laptop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const shot = (page: Page, name: string, overlay = false) =>
  (overlay ? page.waitForTimeout(400) : Promise.resolve()).then(() =>
    page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results'}/stay-services-${name}.png`, fullPage: !overlay }),
  );

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

test.beforeEach(async ({ page, request }) => {
  await loginAs(page, request, 'staff', '/staff/dashboard');
});

for (const w of WIDTHS) {
  test.describe(`at ${w.width} px`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('a Hostel dog groomed on the stay’s bill; one cash payment at Deboard settles everything and deboards', async ({
      page,
      request,
    }) => {
      const a = api(request, await apiToken(request, 'staff'));
      const hostel = await a.type('hostel');
      const grooming = await a.type('grooming');
      const { petId, name } = await a.newPet();
      await a.hostelStay(petId, hostel, 1, 'after_service');

      await openNewVisit(page, petId);
      await expect(page.getByTestId('stay-banner')).toContainText(`${name} is staying in Hostel`);
      // The boarding purposes keep their message; the others are open.
      await choosePurpose(page, 'Hostel');
      await expect(page.getByText('The pet is already boarded in Hostel')).toBeVisible();
      await choosePurpose(page, 'Grooming');
      await shot(page, `new-visit-${w.name}`);
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      const options = page.getByRole('dialog', { name: 'Payment Options' });
      await options.getByRole('button', { name: "Add to the stay's bill" }).click();
      await expect(options.getByTestId('stay-bill-note')).toContainText(`₹ ${inr(grooming.price).slice(1)}`);
      await shot(page, `stay-bill-choice-${w.name}`, true);
      await options.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Visit saved successfully')).toBeVisible();

      const bill = hostel.price + grooming.price;
      await page.goto(`/staff/deboard?type=${hostel._id}`);
      const row = rowOf(page, name);
      await expect(row.getByTestId('row-due')).toHaveText(inr(bill));
      await expect(page.getByText('In house', { exact: true })).toBeVisible();
      await shot(page, `list-${w.name}`);

      const dialog = await showDetails(page, name);
      const lines = dialog.getByTestId('deboard-bill-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText('Hostel stay');
      await expect(lines.nth(0)).toContainText(inr(hostel.price));
      await expect(lines.nth(1)).toContainText('Grooming');
      await expect(lines.nth(1)).toContainText(inr(grooming.price));
      await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(bill));
      await shot(page, `details-${w.name}`, true);

      await dialog.getByRole('button', { name: `Take payment of ${inr(bill)}` }).click();
      await options.getByRole('button', { name: 'Cash Payment' }).click();
      await options.getByRole('checkbox').check();
      await options.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      const done = page.getByTestId('checked-out');
      await expect(done).toContainText(`${inr(bill)} received, receipt`);
      await expect(done.getByRole('link', { name: /Print receipt/ })).toBeVisible();
      await shot(page, `checked-out-${w.name}`);
      expect(await a.boarding(petId)).toBeNull();
      await expect(page.getByText('Finished stays')).toBeVisible();
      await expect(rowOf(page, name).getByTestId('row-due')).toHaveText('Nothing due');
    });

    test('a payment link deboards only with pay later, and the bill stays owed', async ({ page, request }) => {
      const a = api(request, await apiToken(request, 'staff'));
      const hostel = await a.type('hostel');
      const { petId, name } = await a.newPet();
      await a.hostelStay(petId, hostel, 1, 'after_service');
      await page.goto(`/staff/deboard?type=${hostel._id}`);
      const dialog = await showDetails(page, name);
      await dialog.getByRole('button', { name: `Take payment of ${inr(hostel.price)}` }).click();
      const options = page.getByRole('dialog', { name: 'Payment Options' });
      await options.getByRole('button', { name: 'Card' }).click();
      await expect(options.getByText(/Pay later/)).toHaveCount(0);
      await options.getByRole('button', { name: 'Payment Link' }).click();
      const later = options.getByRole('checkbox', { name: /Pay later/ });
      await expect(later).toBeVisible();
      await options.getByRole('checkbox').first().check();
      await later.check();
      await shot(page, `pay-later-${w.name}`, true);
      await options.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(/stays due on the owner's statement/).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('checked-out')).toContainText(inr(hostel.price));
      await shot(page, `pay-later-done-${w.name}`);
      expect(await a.boarding(petId)).toBeNull();
      await expect(rowOf(page, name).getByTestId('row-due')).toHaveText(inr(hostel.price));
    });
  });
}
