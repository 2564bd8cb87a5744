import { api, inr, openCategory, pay, rowOf, showDetails } from './deboard-kit';
import { apiToken, expect, loginAs, test } from './fixtures';

/**
 * Deboard Pets, the edges: a quote gone stale (the day turned while the overlay was open) is refused with the
 * server's message and the overlay shows the new amount; a long category pages with Load more; the overlay closes
 * from the keyboard.
 */

test.beforeEach(async ({ page, request }) => {
  await loginAs(page, request, 'staff', '/staff/dashboard');
});

test('a stale quote: the server refuses with what is due now, the overlay shows it and offers the payment', async ({
  page,
  request,
}) => {
  const a = api(request, await apiToken(request, 'staff'));
  const hostel = await a.type('hostel');
  const { petId, name } = await a.newPet();
  await a.stay(petId, hostel, 1, true);
  try {
    await page.goto('/staff/deboard');
    await openCategory(page, 'Hostel');
    const dialog = await showDetails(page, name);
    await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(0));
    // The pet stays one more day while the overlay is open.
    await a.clock({ advanceDays: 1 });
    await dialog.getByRole('button', { name: 'Deboard' }).click();
    await page.getByRole('dialog', { name: 'Deboard pet' }).getByRole('button', { name: 'Deboard' }).click();
    await expect(page.getByText(`${inr(hostel.price)} is due before ${name} can leave`, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(hostel.price));
    await expect(dialog.getByTestId('deboard-extra-days')).toHaveText(`1 × ${inr(hostel.price)} = ${inr(hostel.price)}`);
    await expect(dialog.getByRole('button', { name: `Take payment of ${inr(hostel.price)}` })).toBeFocused();
    expect(await a.boarding(petId)).not.toBeNull();
    await page.keyboard.press('Enter');
    await pay(page, 'Cash Payment', hostel.price);
    await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
    expect(await a.boarding(petId)).toBeNull();
  } finally {
    await a.clock({ at: null });
  }
});

test('a category with more boardings than a page: Load more; a closed stay; the overlay closes with Escape', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // 21 stays made through the API first: 63 requests, slow on loaded cores
  const a = api(request, await apiToken(request, 'staff'));
  const dayCare = await a.type('day_care');
  // 21 stays, each deboarded at once (places stay free): the list holds every stay, boarded first, then newest.
  const names: string[] = [];
  for (let i = 0; i < 21; i++) {
    const { petId, name } = await a.newPet();
    await a.stay(petId, dayCare, 1, true);
    await a.deboardPet(petId);
    names.push(name);
  }
  await page.goto('/staff/deboard');
  await openCategory(page, 'Day Care');
  await expect(page.getByTestId('boarded-row')).toHaveCount(20);
  await expect(rowOf(page, names[20]!)).toHaveCount(1);
  await expect(rowOf(page, names[0]!)).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rowOf(page, names[0]!)).toHaveCount(1);
  expect(await page.getByTestId('boarded-row').count()).toBeGreaterThan(20);
  await expect(rowOf(page, names[0]!).getByText('Not Boarded')).toBeVisible();

  const dialog = await showDetails(page, names[0]!);
  await expect(dialog.getByText(`${names[0]} left on`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Deboard|Take payment/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await rowOf(page, names[0]!).getByRole('button', { name: 'Show Details' }).click();
  await dialog.getByRole('button', { name: 'Close details' }).click();
  await expect(dialog).toBeHidden();
});
