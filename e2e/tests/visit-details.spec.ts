import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { api, inr } from './deboard-kit';
import { apiToken, expect, loginAs, test } from './fixtures';

/**
 * The visit detail dialog from Pet Records' View Visits (spec 000 §2 "Visit History search", §8 "Detail dialog"):
 * a veterinary visit, a subscription purchase and a shop sale, each with its layout and its ledger rows, at laptop and
 * phone width. SHOTS_DIR keeps the screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;

async function openPet(page: Page, name: string) {
  await page.getByLabel('Pet name').fill(name);
  const entry = page.getByRole('list', { name: 'All Pets' }).getByRole('button', { name: new RegExp(name) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'View Visits' }).click();
}

async function openVisit(page: Page, purpose: string) {
  await page
    .getByRole('button', { name: new RegExp(`^View details of ${purpose} of`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `${purpose} details` });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [width, height, label] of [
  [1280, 800, 'laptop'],
  [390, 844, 'phone'],
] as const) {
  test(`opens a vet visit, a subscription purchase and a shop sale from Pet Records, and the vet visit from View Vet History (${label})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const a = api(request, await apiToken(request, 'staff'));
    const { petId, name } = await a.newPet();
    const vet = await a.type('veterinary');
    const buy = await a.type('buy_subscription');
    const shop = await a.type('shop');
    const plan = await a.plan('grooming', 'Grooming Pack of 4');
    await a.post('/visit/addveterinaryvisit', {
      petId,
      visitType: vet._id,
      customerType: 'NGO',
      details: { price: 300, discount: 50, finalPrice: 250, selectedPayment: 'cash' },
    });
    await a.post('/subscription/buysubscription', {
      petId,
      visitType: buy._id,
      planId: plan._id,
      details: { selectedPayment: 'cash', price: plan.price },
      totalPrice: plan.price,
    });
    await a.post('/visit/addshopvisit', {
      petId,
      visitType: shop._id,
      items: [
        { name: 'Collar', price: 250, category: 'Accessories' },
        { name: 'Treats', price: 120.25, quantity: 3, unit: 'item' },
      ],
      details: { totalCalculatedPrice: 610.75, selectedPayment: 'cash' },
    });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });

    await loginAs(page, request, 'staff', '/staff/history');
    await openPet(page, name);

    const v = await openVisit(page, 'Veterinary');
    await expect(v.getByText('Customer type')).toBeVisible();
    await expect(v).toContainText('NGO');
    await expect(v).toContainText(inr(250));
    await expect(v.getByRole('region', { name: 'Vaccines' })).toContainText('No vaccines');
    const ledger = v.getByRole('region', { name: 'Ledger' });
    await expect(ledger).toContainText('Charge');
    await expect(ledger).toContainText('Payment');
    await expect(ledger).toContainText('Cash');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/veterinary-${width}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(v).toBeHidden();

    const s = await openVisit(page, 'Buy Subscription');
    await expect(s.getByText('Transaction type')).toBeVisible();
    await expect(s).toContainText('Purchase');
    await expect(s).toContainText('Grooming Pack of 4');
    await expect(s).toContainText(inr(plan.price));
    await expect(s.getByRole('region', { name: 'Ledger' })).toContainText('Payment');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/subscription-${width}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(s).toBeHidden();

    const sh = await openVisit(page, 'Shop');
    const products = sh.getByRole('region', { name: 'Products' });
    await expect(products).toContainText('Collar');
    await expect(products).toContainText('Treats');
    await expect(sh).toContainText(inr(610.75));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/shop-${width}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(sh).toBeHidden();

    // View Vet History lists the veterinary visit; a click opens the same dialog.
    await page.getByRole('button', { name: 'Back to pet details' }).click();
    await page.getByRole('button', { name: 'View Vet History' }).click();
    const vetVisits = page.getByRole('region', { name: 'Veterinary visits' });
    // A table on a laptop, tiles (buttons) on a phone.
    await vetVisits.getByRole(width >= 768 ? 'row' : 'button', { name: /^Veterinary visit of / }).click();
    const fromHistory = page.getByRole('dialog', { name: 'Veterinary details' });
    await expect(fromHistory.getByText('Customer type')).toBeVisible();
    await expect(fromHistory).toContainText(inr(250));
  });
}
