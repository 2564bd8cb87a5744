import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, newCustomerWithPets, PHONE } from './customer-kit';
import { api } from './deboard-kit';
import { apiToken, expect, loginAs, loginWith, test, uniqueTag, waitForQuiet } from './fixtures';

/**
 * Daily report cards and incidents (issue 20): staff write and send a card with a photo at phone width and the owner
 * sees it in the customer area; staff record an incident on a stay and tell the owner.
 */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [label, vp] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A customer's dog boarded in the hostel for 2 days (paid in cash); the customer, pet and stay. */
async function boardedCustomerDog(request: Parameters<typeof apiToken>[0], name: string) {
  const customer = await newCustomerWithPets(request, [name]);
  const staff = api(request, await apiToken(request, 'staff'));
  const hostel = await staff.type('hostel');
  const sale = await staff.hostelStay(customer.petIds[0]!, hostel, 2, 'advance_cash');
  boarded.push(customer.petIds[0]!);
  return { customer, petId: customer.petIds[0]!, boardingId: sale.visit.boardingId as string };
}

/** The stays a test started, checked out after it so the Hostel's places are free for the specs that follow. */
const boarded: string[] = [];
test.afterEach(async ({ request }) => {
  const staff = api(request, await apiToken(request, 'staff'));
  for (const petId of boarded.splice(0)) await staff.deboardPet(petId);
});

test('staff write and send a report card with a photo at phone width; the owner sees it in their area', async ({
  page,
  request,
}) => {
  const name = `Rc${uniqueTag()}`;
  const { customer } = await boardedCustomerDog(request, name);

  await page.setViewportSize(PHONE);
  await loginAs(page, request, 'staff', '/staff/reportcards');
  await waitForQuiet(page);
  const row = page.getByRole('list', { name: 'Pets in house' }).getByRole('button', { name: new RegExp(name) });
  await expect(row.getByLabel('Report card: Missing')).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  const form = page.getByRole('form', { name: 'Report card' });
  await form.getByRole('radiogroup', { name: 'Mood' }).getByText('4', { exact: true }).click();
  await form.getByRole('radiogroup', { name: 'Activity' }).getByText('5', { exact: true }).click();
  await form.getByLabel(/Note for the owner/).fill(`${name} played fetch all morning and napped after lunch.`);
  await form.getByRole('button', { name: 'Save report card' }).click();
  await expect(page.getByText('Report card saved')).toBeVisible();

  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c89060' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Add a photo to the report card')
    .setInputFiles({ name: 'dog.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Report card photo 1' })).toBeVisible();
  await waitForQuiet(page);
  await shot(page, 'staff-reportcard-draft');

  await page.getByRole('button', { name: 'Send to owner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Report card sent to the owner.')).toBeVisible();
  await expect(page.getByText(/^Sent /)).toBeVisible();
  await page.getByRole('link', { name: 'All pets in house' }).click();
  await expect(row.getByLabel('Report card: Sent')).toBeVisible();
  await waitForQuiet(page);
  await shot(page, 'staff-reportcards-list');

  // The owner: the card, newest first, with its photo.
  await loginWith(page, request, customer.creds, '/customer/reportcards');
  const card = page.getByRole('list', { name: 'Report cards' }).getByRole('listitem').first();
  await expect(card).toContainText(name);
  await expect(card).toContainText('Mood 4/5');
  await expect(card).toContainText('played fetch all morning');
  await expect(card.getByRole('img', { name: /photo 1/ })).toBeVisible();
  await shot(page, 'customer-reportcards');
});

test('staff record an incident on a stay, see it there and tell the owner once', async ({ page, request }) => {
  const name = `Inc${uniqueTag()}`;
  const { boardingId } = await boardedCustomerDog(request, name);
  await page.setViewportSize(DESKTOP);
  await loginAs(page, request, 'staff', `/staff/reportcards/${boardingId}`);
  await waitForQuiet(page);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No incidents during this stay.')).toBeVisible();

  await page.getByRole('button', { name: 'Record an incident' }).click();
  const form = page.getByRole('form', { name: 'Record an incident' });
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Injury' }).click();
  await form.getByLabel('What happened').fill('Small cut on the front paw after play.');
  await form.getByLabel('Action taken').fill('Cleaned with saline and dressed.');
  await form.getByRole('button', { name: 'Record incident' }).click();
  await expect(page.getByText('Incident recorded; the admins have been notified.')).toBeVisible();

  const incident = page.getByRole('list', { name: 'Incidents' }).getByRole('listitem').first();
  await expect(incident).toContainText('Injury');
  await expect(incident).toContainText('Small cut on the front paw');
  await expect(page.getByRole('list', { name: 'Pets in house' }).getByRole('button', { name: new RegExp(name) })).toContainText(
    '1 incident',
  );
  await incident.getByRole('button', { name: 'Tell the owner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tell the owner' }).click();
  await expect(incident).toContainText('Owner told');
  await expect(incident.getByRole('button', { name: 'Tell the owner' })).toHaveCount(0);
  await waitForQuiet(page);
  await shot(page, 'staff-incident');
});
