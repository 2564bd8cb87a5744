import { customerGet, newCustomerWithPets, PHONE, shoot, staffApi } from './customer-kit';
import { expect, loginWith, test } from './fixtures';

/**
 * The customer's wallet and a boarding package at phone width (issue 16): a top-up through the offline provider's
 * checkout, a package requested for two pets, staff checking them in, the clock moving a day, and the customer
 * seeing the daily charge (each pet's share of ₹11,500 over 15 days: ₹766.66 on day 1, ₹766.67 on day 2).
 */
test.describe('customer wallet and boarding package (390 px)', () => {
  test.use({ viewport: PHONE });

  test('tops up online, activates a package for two pets, and sees the daily charge after check-in and a day', async ({
    page,
    request,
  }) => {
    const staff = await staffApi(request);
    const { creds, token, petIds } = await newCustomerWithPets(request, ['Bruno', 'Coco']);
    await loginWith(page, request, creds, '/customer/subscription');
    await expect(page.getByRole('heading', { name: 'My Subscriptions' })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₹0.00');

    // A top-up above the limit is refused on the field; ₹5,000 goes through the checkout.
    const amount = page.getByLabel('Top-up amount');
    await amount.fill('100001');
    await page.getByRole('button', { name: 'Top up' }).click();
    await expect(page.getByText('A top-up can be at most ₹1,00,000.00')).toBeVisible();
    await amount.fill('5000');
    await page.getByRole('button', { name: 'Top up' }).click();
    const checkout = page.getByRole('dialog', { name: 'Card checkout' });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹5,000.00');
    await checkout.getByRole('button', { name: 'Pay ₹5,000.00' }).click();

    await expect(page).toHaveURL(/\/customer\/subscription\?paid=1&topup=1$/);
    await expect(page.getByText('Wallet topped up')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₹5,000.00');
    const movements = page.getByTestId('wallet-movement');
    await expect(movements).toHaveCount(1);
    await expect(movements.first().getByTestId('movement-amount')).toHaveText('+₹5,000.00');
    await expect(movements.first().getByTestId('movement-balance')).toHaveText('Balance ₹5,000.00');

    // The package for both pets: one day's charge against the balance, then the request waits for check-in.
    const packages = page.locator('#packages');
    await packages
      .getByRole('combobox', { name: 'Package' })
      .selectOption({ label: '15 Days Boarding Plan · Hostel · 15 days · ₹11,500.00 per pet' });
    await packages.getByRole('checkbox', { name: 'Bruno' }).check();
    await packages.getByRole('checkbox', { name: 'Coco' }).check();
    await expect(packages.getByTestId('activate-day-charge')).toHaveText('₹1,533.32');
    await packages.getByRole('button', { name: 'Request boarding' }).click();
    await expect(
      page.getByText('Boarding package requested. Its daily charges start when the pets are checked in.'),
    ).toBeVisible();
    const card = packages.getByTestId('package-card');
    await expect(card.getByTestId('package-status')).toHaveText('Waiting for check-in');
    await expect(card.getByTestId('package-pet')).toHaveCount(2);
    await shoot(page, 'customer-wallet-requested');

    // Staff check the pets in at the resort: day 1 (₹766.66 a pet) is charged.
    const mine = await customerGet(request, token, '/customer/packages/mine');
    const packageId = mine.packages[0]._id as string;
    expect(mine.packages[0].pets.map((p: { petId: string }) => p.petId).sort()).toEqual([...petIds].sort());
    try {
      await staff.post(`/packages/${packageId}/checkin`, { admissionAcknowledged: true });
      await staff.clock({ advanceDays: 1 });

      await page.goto('/customer/subscription#packages');
      await expect(card.getByTestId('package-status')).toHaveText('Active');
      // Day 2's shares: ₹766.67 a pet.
      await expect(page.getByTestId('wallet-balance')).toHaveText('₹1,933.34');
      const charges = page.getByTestId('wallet-movement');
      await expect(charges).toHaveCount(3);
      await expect(charges.nth(0)).toContainText('Daily Boarding Charge (2 pets)');
      await expect(charges.nth(0).getByTestId('movement-amount')).toHaveText('−₹1,533.34');
      await expect(charges.nth(0).getByTestId('movement-balance')).toHaveText('Balance ₹1,933.34');
      await expect(charges.nth(1).getByTestId('movement-amount')).toHaveText('−₹1,533.32');
      await expect(charges.nth(1).getByTestId('movement-balance')).toHaveText('Balance ₹3,466.68');
      await expect(card.getByTestId('package-charged')).toHaveText('₹3,066.66');
      await expect(card.getByTestId('package-daily')).toHaveText('₹1,533.34');
      await expect(card.getByTestId('package-days-left')).toHaveText('1 day');
      await expect(card.getByText('Low Wallet Balance')).toBeVisible();
      await expect(card.getByTestId('package-pet').first()).toContainText('Boarded · day 2 of 15');
      await shoot(page, 'customer-wallet-charged');

      // The dashboard's Wallet Balance card shows the same balance.
      await page.goto('/customer/dashboard');
      await expect(page.getByTestId('card-wallet')).toHaveText('₹1,933.34');

      // The customer ends the package, after confirming.
      await page.goto('/customer/subscription#packages');
      await card.getByRole('button', { name: 'End package' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'End package' }).click();
      await expect(page.getByText('Boarding package ended')).toBeVisible();
      await expect(card.getByTestId('package-status')).toHaveText('Ended');
    } finally {
      await staff.clock({ at: null });
    }
  });
});
