import type { Page } from '@playwright/test';
import { newCustomerWithPets, shoot, staffApi } from './customer-kit';
import { addOwnerWithDog, expect, loginAs, loginWith, test, uniqueTag, waitForQuiet } from './fixtures';

/**
 * Do not serve (issue 20): an admin flags a pet from Pet Records, New Visit refuses it with the reason, the admin
 * overrides for that visit and it saves; an owner asks for a review of their pet's flag, an admin approves it on
 * /staff/donotserve, and the owner sees the pause gone. The demo staff account is an admin.
 */

const allPets = (page: Page) => page.getByRole('list', { name: 'All Pets' });

/** Opens New Visit for a pet the way Pet Records does: the pet id in navigation state. */
async function openNewVisit(page: Page, petId: string) {
  await page.evaluate((id) => {
    window.history.pushState({ usr: { petId: id }, key: `nv${Date.now()}`, idx: 1 }, '', '/staff/nvisit2');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, petId);
}

test('an admin flags a pet; New Visit refuses with the reason; the admin overrides for this visit and it saves', async ({
  page,
  request,
}) => {
  const name = `Dns${uniqueTag()}`;
  const { petIds } = await addOwnerWithDog(request, { pet: { name } });
  await loginAs(page, request, 'staff', '/staff/history');
  await page.getByLabel('Pet name').fill(name);
  await allPets(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Do not serve' }).first();
  await panel.getByRole('button', { name: 'Flag do not serve' }).click();
  const flagDialog = page.getByRole('dialog', { name: `Flag ${name} do not serve` });
  await flagDialog.getByRole('button', { name: 'Flag do not serve' }).click();
  await expect(flagDialog.getByText('Reason is required')).toBeVisible();
  await flagDialog.getByLabel('Reason').fill('Bit a groomer on 20 Nov');
  await flagDialog.getByRole('button', { name: 'Flag do not serve' }).click();
  await expect(flagDialog).toBeHidden();
  await expect(panel.getByText('Bit a groomer on 20 Nov')).toBeVisible();
  // The red badge in the list and on the details.
  await expect(
    allPets(page)
      .getByRole('button', { name: new RegExp(name) })
      .getByText('Do not serve'),
  ).toBeVisible();
  await waitForQuiet(page);
  await shoot(page, 'dns-pet-records');

  await openNewVisit(page, petIds[0]!);
  await expect(page.getByTestId('visit-pet')).toContainText('Do not serve');
  await page.getByLabel('Inquiry description').fill('Asked about grooming');
  await page.getByRole('button', { name: 'Save Inquiry' }).click();
  const refused = page.getByRole('dialog', { name: 'Do not serve' });
  await expect(refused.getByRole('alert')).toContainText(
    /Do not serve: Bit a groomer on 20 Nov \(flagged by .+ on \d+ \w{3} \d{4}\)/,
  );
  await shoot(page, 'dns-refused');
  await refused.getByRole('button', { name: 'Override for this visit' }).click();
  const override = page.getByRole('dialog', { name: 'Override for this visit' });
  await override.getByLabel('Reason for the override').fill('Manager on duty agreed');
  await override.getByRole('button', { name: 'Override and save' }).click();
  await expect(page.getByText('Visit saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
});

test('the owner asks for a review; an admin approves it; the owner sees the pause gone', async ({ page, request, browser }) => {
  const pet = `Rev${uniqueTag()}`;
  const owner = await newCustomerWithPets(request, [pet]);
  const staff = await staffApi(request);
  await staff.post('/donotserve', { petId: owner.petIds[0], reason: 'Aggressive with other dogs' }, 201);

  await loginWith(page, request, owner.creds, '/customer/dashboard');
  const pets = page.getByRole('list', { name: 'My Pets' });
  await expect(pets.getByText('Service paused: Aggressive with other dogs')).toBeVisible();
  await pets.getByRole('button', { name: 'Request review' }).click();
  const ask = page.getByRole('dialog', { name: 'Request a review' });
  await ask.getByLabel('Reason').fill('He finished his behaviour training');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(pets.getByText(/Review requested on/)).toBeVisible();
  await shoot(page, 'dns-customer-paused');

  const admin = await browser.newPage();
  await loginAs(admin, request, 'staff', '/staff/donotserve');
  await admin.getByRole('tab', { name: 'Review requests' }).click();
  const card = admin.getByRole('listitem', { name: new RegExp(pet) });
  await expect(card.getByText('He finished his behaviour training')).toBeVisible();
  await waitForQuiet(admin);
  await shoot(admin, 'dns-admin-reviews');
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve the review?' });
  await approve.getByLabel('Note').fill('Welcome back');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Review approved: the flag is lifted')).toBeVisible();
  await admin.getByRole('tab', { name: 'Active flags' }).click();
  await expect(admin.getByRole('listitem', { name: new RegExp(pet) })).toHaveCount(0);
  await admin.close();

  await page.goto('/customer/dashboard');
  const after = page.getByRole('list', { name: 'My Pets' });
  await expect(after.getByText(pet)).toBeVisible();
  // (The inbox still lists the notices: paused, then resumed.)
  await expect(after.getByText(/Service paused/)).toHaveCount(0);
  await expect(page.getByText(`Service resumed for ${pet}`).first()).toBeVisible();
});
