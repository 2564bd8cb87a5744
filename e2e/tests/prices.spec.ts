import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, DEMO, expect, loginAs, loginWith, newPlainStaff, test, uniqueTag } from './fixtures';

interface VisitType {
  _id: string;
  code: string;
  purpose: string;
  price: number;
}

async function dogPark(request: APIRequestContext, token: string): Promise<VisitType> {
  const res = await request.get('/api/v1/admin/visit-types', { headers: { authorization: token } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).visitTypes as VisitType[]).find((t) => t.code === 'dog_park')!;
}

async function setPrice(request: APIRequestContext, token: string, id: string, price: number) {
  const res = await request.patch(`/api/v1/admin/visit-types/${id}`, { data: { price }, headers: { authorization: token } });
  expect(res.ok()).toBeTruthy();
}

/** A pet of a new owner (never boarded), for a visit through the API. */
async function newPet(request: APIRequestContext): Promise<string> {
  const t = uniqueTag();
  return (await addOwnerWithDog(request, { ownerName: `Owner ${t}`, email: `${t}@prices.test`, pet: { name: `Park${t}` } }))
    .petIds[0]!;
}

const dogParkRow = (page: Page) => page.getByTestId('visit-type-row').filter({ hasText: 'Dog Park' });

test.describe('prices & plans', () => {
  /** Dog Park's price before the test: other specs of this run share the database, so it is put back. */
  let original: { id: string; price: number } | undefined;
  test.afterAll(async ({ playwright, baseURL }) => {
    if (!original) return;
    const request = await playwright.request.newContext({ baseURL });
    const login = await request.post('/api/v1/auth/login', { data: DEMO.staff });
    await setPrice(request, (await login.json()).token, original.id, original.price);
    await request.dispose();
  });

  test('an admin changes the Dog Park price, sees it saved and in the history; the next visit is priced with it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, 'staff');
    const before = await dogPark(request, token);
    original = { id: before._id, price: before.price };
    const newPrice = before.price + 75;
    // The demo staff account is an admin: the dashboard links the screen.
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('link', { name: 'Prices & plans' }).click();
    await expect(page).toHaveURL(/\/staff\/prices$/);
    await expect(page.getByRole('heading', { name: 'Prices & plans' })).toBeVisible();
    await expect(dogParkRow(page)).toContainText(`₹${before.price.toFixed(2)}`);

    await dogParkRow(page).getByRole('button', { name: 'Edit Dog Park' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Dog Park' });
    const base = dialog.getByRole('textbox', { name: 'Base price' });
    // A bad value gets the shared schema's message inline, and nothing is sent.
    await base.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Base price must be a number')).toBeVisible();
    await base.fill(String(newPrice));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Visit type saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(dogParkRow(page)).toContainText(`₹${newPrice.toFixed(2)}`);

    await dogParkRow(page).getByRole('button', { name: 'History of Dog Park' }).click();
    const drawer = page.getByRole('dialog', { name: 'History: Dog Park' });
    const entry = drawer.getByTestId('history-entry').first();
    await expect(entry).toContainText('Changed');
    await expect(entry).toContainText('Asha Verma (Reception)');
    await expect(entry).toContainText('Base price');
    await expect(entry).toContainText(`₹${before.price.toFixed(2)}`);
    await expect(entry).toContainText(`₹${newPrice.toFixed(2)}`);

    // The next dog-park visit is priced by the server at the new price: the old one is refused.
    const petId = await newPet(request);
    const visit = (price: number) =>
      request.post('/api/v1/visit/adddogparkvisit', {
        headers: { authorization: token },
        data: { petId, visitType: before._id, details: { discount: 0, price, selectedPayment: 'cash' } },
      });
    const stale = await visit(before.price);
    expect(stale.status()).toBe(400);
    expect(await stale.json()).toMatchObject({ expectedPrice: newPrice });
    const saved = await visit(newPrice);
    expect(saved.status()).toBe(201);
    expect((await saved.json()).visit).toMatchObject({ purpose: 'Dog Park', price: newPrice });
  });
});

test.describe('subscription plans', () => {
  test('an admin creates a plan, retires it (with a confirmation) and restores it', async ({ page, request }) => {
    const name = `E2E Plan ${Date.now().toString(36)}`;
    await loginAs(page, request, 'staff', '/staff/prices');
    const grooming = page.getByRole('region', { name: 'Grooming plans' });
    await grooming.getByRole('button', { name: 'Add plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Grooming plan' });
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(dialog.getByText('Plan name is required')).toBeVisible();
    await dialog.getByLabel('Plan name').fill(name);
    await dialog.getByRole('textbox', { name: 'Price' }).fill('1999.5');
    await dialog.getByRole('textbox', { name: 'Duration (days)' }).fill('60');
    await dialog.getByRole('textbox', { name: 'Groomings included' }).fill('2');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(page.getByText('Plan created')).toBeVisible();
    const row = grooming.getByTestId('plan-row').filter({ hasText: name });
    await expect(row).toContainText('₹1,999.50');
    await expect(row).toContainText('60 days');
    await expect(row).toContainText('Offered');

    await row.getByRole('button', { name: `Retire ${name}` }).click();
    await page.getByRole('dialog', { name: 'Retire plan' }).getByRole('button', { name: 'Retire' }).click();
    await expect(row).toContainText('Retired');
    const token = await apiToken(request, 'staff');
    const offered = await request.get('/api/v1/subscription/getallsubscription', { headers: { authorization: token } });
    expect(((await offered.json()).subscriptionPlans as { name: string }[]).map((p) => p.name)).not.toContain(name);

    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByRole('dialog', { name: 'Restore plan' }).getByRole('button', { name: 'Restore' }).click();
    await expect(row).toContainText('Offered');
  });

  test('a staff member who is not an admin is told only administrators can change prices', async ({ page, request }) => {
    await loginWith(page, request, await newPlainStaff(request), '/staff/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Prices & plans' })).toHaveCount(0);
    await page.goto('/staff/prices');
    await expect(page.getByText('Only administrators can change prices')).toBeVisible();
  });
});
