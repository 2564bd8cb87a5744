import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { api, inr } from './deboard-kit';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniquePhone, uniqueTag } from './fixtures';

/**
 * The Visit History search (/staff/saleshistory, spec 000 §2, issue 17) and /staff/salesSection: visits of every
 * purpose seeded through the API, searched by pet name, owner phone, purpose, date and payment state, one visit of each
 * purpose opened from the list, and one pet's visits, at laptop and phone width. SHOTS_DIR keeps the screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;
const EMPTY = 'No visit was recorded on this date';

interface Seeded {
  tag: string;
  a: { petId: string; name: string; phone: string };
  b: { petId: string; name: string };
}

/**
 * Pet A (its own owner): a veterinary visit, a subscription purchase and a shop sale paid in cash; a hostel stay to pay
 * after the service (due); a shop sale voided; a shop sale cancelled with its cash refunded. Pet B (another owner):
 * a dog park visit whose card payment never completed (due).
 */
async function seed(request: Parameters<typeof apiToken>[0]): Promise<Seeded> {
  const token = await apiToken(request, 'staff');
  const x = api(request, token);
  const tag = uniqueTag();
  const phone = uniquePhone('9');
  const a = { name: `Vh${tag}a`, phone, petId: '' };
  a.petId = (await addOwnerWithDog(request, { ownerName: `Owner ${tag}`, phone, pet: { name: a.name } })).petIds[0]!;
  const b = { name: `Vh${tag}b`, petId: '' };
  b.petId = (await addOwnerWithDog(request, { pet: { name: b.name } })).petIds[0]!;

  const [vet, buy, shop, hostel, park] = await Promise.all(
    ['veterinary', 'buy_subscription', 'shop', 'hostel', 'dog_park'].map((c) => x.type(c)),
  );
  const plan = await x.plan('grooming', 'Grooming Pack of 4');
  await x.post('/visit/addveterinaryvisit', {
    petId: a.petId,
    visitType: vet!._id,
    customerType: 'NGO',
    details: { price: 300, discount: 50, finalPrice: 250, selectedPayment: 'cash' },
  });
  await x.post('/subscription/buysubscription', {
    petId: a.petId,
    visitType: buy!._id,
    planId: plan._id,
    details: { selectedPayment: 'cash', price: plan.price },
    totalPrice: plan.price,
  });
  const shopSale = (price: number) =>
    x.post('/visit/addshopvisit', {
      petId: a.petId,
      visitType: shop!._id,
      items: [{ name: 'Collar', price, category: 'Accessories' }],
      details: { totalCalculatedPrice: price, selectedPayment: 'cash' },
    });
  await shopSale(610.75);
  await x.stay(a.petId, hostel!, 2, false);
  const voided = await shopSale(120);
  await x.post('/visit/voidvisit', { visitId: voided.visit._id, reason: 'Recorded on the wrong pet' }, 200);
  const refunded = await shopSale(450);
  await x.post(
    '/payments/cancel-sale',
    { visitId: refunded.visit._id, reason: 'Returned', refundAmount: 450, overrideReason: 'Unused, returned the same day' },
    200,
  );
  await x.post('/visit/adddogparkvisit', {
    petId: b.petId,
    visitType: park!._id,
    admissionAcknowledged: true,
    details: { initialPrice: park!.price, discount: 0, price: park!.price, selectedPayment: 'card' },
  });
  return { tag, a, b };
}

/** The search's rows: table rows on a laptop, the cards' buttons on a phone. */
const rows = (page: Page, wide: boolean): Locator =>
  wide
    ? page.getByRole('table', { name: 'Visits' }).getByRole('row', { name: / visit of / })
    : page.getByRole('list', { name: 'Visits' }).getByRole('button', { name: / visit of / });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function openVisit(page: Page, wide: boolean, purpose: string, check: (d: Locator) => Promise<void>) {
  await rows(page, wide).filter({ hasText: purpose }).first().click();
  const dialog = page.getByRole('dialog', { name: `${purpose} details` });
  await expect(dialog).toBeVisible();
  await check(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function today(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/reminders/presets', { headers: { authorization: localStorage.getItem('token') ?? '' } });
    return (await res.json()).today as string;
  });
}

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

for (const [width, height, label] of [
  [1280, 900, 'laptop'],
  [390, 844, 'phone'],
] as const) {
  const wide = width >= 768;

  test(`Visit History: search by name, phone, purpose, date and payment state; open each purpose (${label})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const s = await seed(request);

    // Reached from the Sales menu (the phone menu's Sales link leads to it too).
    await loginAs(page, request, 'staff', '/staff/dashboard');
    if (wide) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sales' }).click();
      await page.getByRole('menuitem', { name: 'Visit History' }).click();
    } else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sales', exact: true }).click();
    }
    await expect(page).toHaveURL(/\/staff\/saleshistory$/);
    await expect(page.getByRole('heading', { name: 'Visit History' })).toBeVisible();
    await expect(rows(page, wide).first()).toBeVisible();

    // Pet name (contains, any case): both pets' visits, newest first: A's six and B's dog park.
    await page.getByLabel('Pet name').fill(`vh${s.tag}`.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`name=VH${s.tag.toUpperCase()}`));
    await expect(rows(page, wide)).toHaveCount(7);
    await expect(rows(page, wide).first()).toContainText('Dog Park');
    await expect(rows(page, wide).first()).toContainText('Due');
    await shot(page, `visit-history-${width}`);

    // Open one visit of each purpose from the list.
    await openVisit(page, wide, 'Veterinary', async (d) => {
      await expect(d.getByText('Customer type')).toBeVisible();
      await expect(d).toContainText(inr(250));
    });
    await openVisit(page, wide, 'Hostel', async (d) => {
      await expect(d.getByText('Stay (days)')).toBeVisible();
      await expect(d.getByRole('region', { name: 'Ledger' })).toContainText('Charge');
    });
    await openVisit(page, wide, 'Buy Subscription', async (d) => {
      await expect(d.getByText('Transaction type')).toBeVisible();
      await expect(d).toContainText('Grooming Pack of 4');
    });
    await openVisit(page, wide, 'Shop', async (d) => {
      await expect(d.getByRole('region', { name: 'Products' })).toContainText('Collar');
    });
    await rows(page, wide).filter({ hasText: 'Dog Park' }).first().click();
    const park = page.getByRole('dialog', { name: 'Dog Park details' });
    await expect(park).toContainText('Purpose');
    await expect(park).toContainText(s.b.name);
    await shot(page, `visit-history-dialog-${width}`);
    await page.keyboard.press('Escape');
    await expect(park).toBeHidden();

    // Owner phone: only A's visits.
    await page.getByLabel('Pet name').fill('');
    await page.getByLabel('Owner phone').fill(s.a.phone);
    await expect(rows(page, wide)).toHaveCount(6);
    for (const r of await rows(page, wide).all()) await expect(r).toContainText(s.a.phone);

    // Purpose: A's three shop sales; payment state within them.
    await page.getByLabel('Purpose').selectOption({ label: 'Shop' });
    await expect(rows(page, wide)).toHaveCount(3);
    await page.getByLabel('Payment').selectOption('voided');
    await expect(rows(page, wide)).toHaveCount(1);
    await expect(rows(page, wide).first()).toContainText('Voided');
    await page.getByLabel('Payment').selectOption('refunded');
    await expect(rows(page, wide)).toHaveCount(1);
    await expect(rows(page, wide).first()).toContainText('Refunded');
    await page.getByLabel('Payment').selectOption('paid');
    await expect(rows(page, wide)).toHaveCount(1);
    await expect(rows(page, wide).first()).toContainText(inr(610.75));
    await page.getByLabel('Payment').selectOption('due');
    await expect(page.getByText(EMPTY)).toBeVisible();
    await page.getByLabel('Purpose').selectOption({ label: 'All' });
    await expect(rows(page, wide)).toHaveCount(1);
    await expect(rows(page, wide).first()).toContainText('Hostel');
    await expect(rows(page, wide).first()).toContainText('due');

    // A reload keeps the filters.
    await page.reload();
    await expect(page.getByLabel('Owner phone')).toHaveValue(s.a.phone);
    await expect(page.getByLabel('Payment')).toHaveValue('due');
    await expect(rows(page, wide)).toHaveCount(1);

    // Date (business time zone): today has A's visits, the day before none, a future day is refused.
    await page.getByLabel('Payment').selectOption('');
    const day = await today(page);
    await page.getByLabel('Date', { exact: true }).fill(day);
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expect(rows(page, wide)).toHaveCount(6);
    await page.getByLabel('Date', { exact: true }).fill(dayBefore(day));
    await expect(page.getByText(EMPTY)).toBeVisible();
    await shot(page, `visit-history-empty-${width}`);
    await page.getByLabel('Date', { exact: true }).fill('2099-01-01');
    await expect(page.getByText('The date cannot be later than today')).toBeVisible();
    await expect(page).not.toHaveURL(/date=2099/);
    await page.getByRole('button', { name: 'Clear date' }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expect(rows(page, wide)).toHaveCount(6);

    // Keyboard: Enter on a focused row opens it (laptop table).
    if (wide) {
      await rows(page, wide).filter({ hasText: 'Hostel' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Hostel details' })).toBeVisible();
      await page.keyboard.press('Escape');
    }
  });

  test(`Visits by Pet (/staff/salesSection): one pet's visits, filtered and opened (${label})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const s = await seed(request);
    await loginAs(page, request, 'staff', '/staff/salesSection');
    await expect(page.getByText('Select a pet to view its visits')).toBeVisible();

    await page.getByLabel('Pet name').fill(s.a.name);
    // The picker's search (1 s after typing stops) leaves the one pet.
    const picker = page.getByRole('list', { name: 'Pets' });
    await expect(picker.getByRole('button')).toHaveCount(1);
    await picker.getByRole('button', { name: new RegExp(s.a.name) }).click();
    await expect(page).toHaveURL(new RegExp(`pet=${s.a.petId}`));
    await expect(page.getByRole('region', { name: 'Chosen pet' })).toContainText(s.a.name);
    await expect(rows(page, wide)).toHaveCount(6);
    await shot(page, `sales-section-${width}`);

    await page.getByLabel('Purpose').selectOption({ label: 'Veterinary' });
    await expect(rows(page, wide)).toHaveCount(1);
    await openVisit(page, wide, 'Veterinary', async (d) => {
      await expect(d).toContainText(inr(250));
    });
    // A reload keeps the pet and the filter.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Chosen pet' })).toContainText(s.a.name);
    await expect(rows(page, wide)).toHaveCount(1);

    if (!wide) {
      await page.getByRole('button', { name: 'Choose another pet' }).click();
      await page.getByLabel('Pet name').fill(s.b.name);
    } else {
      await page.getByLabel('Pet name').fill(s.b.name);
    }
    await expect(picker.getByRole('button')).toHaveCount(1);
    await picker.getByRole('button', { name: new RegExp(s.b.name) }).click();
    await expect(page.getByRole('region', { name: 'Chosen pet' })).toContainText(s.b.name);
    // The purpose filter stays in the address: B had no veterinary visit.
    await expect(page.getByText(EMPTY)).toBeVisible();
    await page.getByLabel('Purpose').selectOption({ label: 'All' });
    await expect(rows(page, wide)).toHaveCount(1);
    await expect(rows(page, wide).first()).toContainText('Dog Park');
  });

  test(`Pets by Date: the Visit History lists items and payment, and opens a visit (${label})`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const s = await seed(request);
    await loginAs(page, request, 'staff', '/staff/petByDate');
    await page.getByLabel('Registration date').fill('2026-01-10');
    await page
      .getByRole('list', { name: 'Pets registered on this date' })
      .getByRole('button', { name: new RegExp(s.a.name) })
      .click();
    const history = page.getByRole('list', { name: 'Visit History' });
    await expect(history.getByRole('button')).toHaveCount(6);
    await expect(history.getByRole('button', { name: /^Shop visit of/ }).first()).toContainText('Item: Collar (x1)');
    await expect(history.getByRole('button', { name: /^Hostel visit of/ })).toContainText('Due');
    await shot(page, `pets-by-date-history-${width}`);
    await history.getByRole('button', { name: /^Veterinary visit of/ }).click();
    await expect(page.getByRole('dialog', { name: 'Veterinary details' })).toContainText(inr(250));
  });
  test(`Pet Records: View Visits lists what each visit sold; View Vet History the veterinary visits with payment (${label})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const s = await seed(request);
    await loginAs(page, request, 'staff', '/staff/history');
    await page.getByLabel('Pet name').fill(s.a.name);
    await page
      .getByRole('list', { name: 'All Pets' })
      .getByRole('button', { name: new RegExp(s.a.name) })
      .click();
    await page.getByRole('button', { name: 'View Visits' }).click();
    const visits = page.getByRole('list', { name: 'Visits' });
    await expect(
      visits
        .getByRole('listitem', { name: /^Shop of / })
        .first()
        .getByLabel('Items'),
    ).toContainText('Item: Collar (x1)');
    await shot(page, `pet-records-visits-${width}`);
    await page.getByRole('button', { name: 'Back to pet details' }).click();
    await page.getByRole('button', { name: 'View Vet History' }).click();
    const vet = page
      .getByRole('region', { name: 'Veterinary visits' })
      .getByRole(wide ? 'row' : 'button', { name: /^Veterinary visit of / });
    await expect(vet).toHaveCount(1);
    await expect(vet).toContainText(inr(250));
    await expect(vet).toContainText('Paid');
    await shot(page, `pet-records-vet-history-${width}`);
  });
}
