import { customerGet, newCustomerWithPets, PHONE, shoot } from './customer-kit';
import { expect, loginWith, test } from './fixtures';

/**
 * A customer buys a subscription plan online at phone width (spec 001 §2 /customer/buysubscription, §4 online
 * payment, issue 16): through the offline provider's checkout, then sees it under My Subscriptions; a dismissed
 * checkout lands on the cancel address and creates nothing.
 */
test.describe('customer buys a subscription online (390 px)', () => {
  test.use({ viewport: PHONE });

  test('checks the form, pays through the checkout, sees the plan under My Subscriptions and on the dashboard', async ({
    page,
    request,
  }) => {
    const { creds, token } = await newCustomerWithPets(request, ['Bruno']);
    await loginWith(page, request, creds, '/customer/dashboard');
    await expect(page.getByTestId('card-active')).toHaveText('0');
    await expect(page.getByTestId('card-wallet')).toHaveText('₹0.00');
    await page.getByRole('link', { name: 'Open' }).first().click();
    await expect(page).toHaveURL(/\/customer\/buysubscription$/);
    await expect(page.getByRole('heading', { name: 'Buy Subscription' })).toBeVisible();

    // The only pet starts chosen; Pay without a plan says so.
    await expect(page.getByRole('combobox', { name: /^Pet/ })).toHaveValue(/[0-9a-f]{24}/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Please select a plan')).toBeVisible();
    await page.getByRole('combobox', { name: /^Pet/ }).selectOption('');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Please select a pet')).toBeVisible();
    await page.getByRole('combobox', { name: /^Pet/ }).selectOption({ label: 'Bruno (Beagle)' });

    const plan = page.getByRole('combobox', { name: /^Subscription plan/ });
    await plan.selectOption({ label: 'Day School Monthly · 30 days · 1 grooming · no expiry · ₹12,000.00' });
    await expect(page.getByTestId('buy-total')).toHaveText('₹12,000.00');
    await shoot(page, 'customer-buy');
    await page.getByRole('button', { name: 'Pay ₹12,000.00' }).click();

    const checkout = page.getByRole('dialog', { name: 'Card checkout' });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹12,000.00');
    await shoot(page, 'customer-buy-checkout');
    await checkout.getByRole('button', { name: 'Pay ₹12,000.00' }).click();

    // The success address checks the order with the provider and redirects to My Subscriptions.
    await expect(page).toHaveURL(/\/customer\/subscription\?paid=1$/);
    await expect(page.getByText('Payment successful and subscription purchased!')).toBeVisible();
    await expect(page.getByTestId('active-count')).toHaveText('1');
    await expect(page.getByTestId('expiring-count')).toHaveText('0');
    const card = page.getByTestId('subscription-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Day School Monthly');
    await expect(card.getByTestId('subscription-status')).toHaveText('Active');
    await expect(card.getByTestId('days-left')).toContainText('30 days');
    await expect(card.locator('[data-level="yellow"]')).toBeVisible();
    await expect(card).not.toContainText('Not paid yet');
    await shoot(page, 'customer-subscriptions-paid');

    // The server agrees: one active Day School subscription, paid.
    const { subscriptions } = await customerGet(request, token, `/subscription/customer-subscriptions?email=${creds.email}`);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ active: true, status: 'active', daysLeft: 30, amountDue: 0 });
    expect(subscriptions[0].firstPaymentDate).toBeTruthy();

    await page.goto('/customer/dashboard');
    await expect(page.getByTestId('card-active')).toHaveText('1');
    await expect(page.getByTestId('card-expiring')).toHaveText('0');
    await expect(page.getByTestId('card-wallet')).toHaveText('₹0.00');
    await shoot(page, 'customer-dashboard');
  });

  test('a dismissed checkout lands on the cancel address and creates nothing', async ({ page, request }) => {
    const { creds, token } = await newCustomerWithPets(request, ['Coco']);
    await loginWith(page, request, creds, '/customer/buysubscription');
    await page
      .getByLabel(/^Subscription plan/)
      .selectOption({ label: 'Hostel 15 Days · 15 days · 1 grooming · no expiry · ₹13,500.00' });
    await page.getByRole('button', { name: 'Pay ₹13,500.00' }).click();
    const checkout = page.getByRole('dialog', { name: 'Card checkout' });
    await expect(checkout).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(page).toHaveURL(/\/customer\/buysubscription\?cancelled=1$/);
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(page.getByText(/nothing was charged/)).toBeVisible();
    await shoot(page, 'customer-buy-cancelled');

    const { subscriptions } = await customerGet(request, token, `/subscription/customer-subscriptions?email=${creds.email}`);
    expect(subscriptions).toEqual([]);
    const { wallet } = await customerGet(request, token, '/customer/wallet');
    expect(wallet.movements).toEqual([]);

    await page.goto('/customer/subscription');
    await expect(page.getByTestId('active-count')).toHaveText('0');
    await expect(page.getByText('No active subscriptions').first()).toBeVisible();
  });
});
