import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, CORE_VACCINATIONS, dogBody, expect, loginAs, test, uniqueTag as tag } from './fixtures';

/**
 * Subscriptions, the wallet and boarding packages at the desk (issue 16): staff buy a plan for a pet in cash, see it
 * in Pet Records, renew it (its days are added); top up an owner's wallet at the desk and activate a boarding package
 * for two of the owner's pets. Screenshots of each screen at 1280 and 390 px when SHOTS_DIR is set.
 */

const V = '/api/v1';
const SHOTS = process.env.SHOTS_DIR;
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Full-page shots, or the viewport only (`fullPage` false) while a dialog is open. */
async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const [label, vp] of [
    ['1280', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage, animations: 'disabled' });
  }
  if (size) await page.setViewportSize(size);
}

/** Pet Records with the pet selected (as Add Pet lands there), optionally on a panel. */
async function openPetRecords(page: Page, petId: string, petName: string, panel?: string) {
  await page.goto('/staff/dashboard');
  await page.evaluate(
    ({ id, p }) => {
      window.history.pushState({ usr: { petId: id, panel: p }, key: `ws${Date.now()}`, idx: 1 }, '', '/staff/history');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { id: petId, p: panel },
  );
  if (panel) await expect(page.getByRole('region', { name: PANEL_TITLE[panel] })).toBeVisible();
  else await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
}

const PANEL_TITLE: Record<string, string> = {
  subscriptions: 'Subscriptions',
  wallet: 'Wallet',
  packages: 'Boarding packages',
};

/** A second dog for the owner with this phone (Add Pet adds it to the owner on file). */
async function addDog(request: APIRequestContext, phone: string, name: string): Promise<string> {
  const res = await request.post(`${V}/pet/addpet`, {
    headers: { authorization: await apiToken(request, 'staff') },
    data: {
      ownerName: 'Same owner',
      phone,
      address: 'Sector 45, Gurugram',
      pets: [dogBody({ name, vaccinations: CORE_VACCINATIONS })],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).petIds[0];
}

/** Buy Subscription: the plan chosen, Proceed, Cash Payment with the confirmation, Submit. */
async function payCash(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const modal = page.getByRole('dialog', { name: 'Payment Options' });
  await modal.getByRole('button', { name: 'Cash Payment' }).click();
  await modal.getByRole('checkbox', { name: `I confirm that the payment of ₹ ${amount} has been completed` }).check();
  await modal.getByRole('button', { name: 'Submit' }).click();
}

test.describe('subscriptions, wallet and packages at the desk', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('staff buy a plan in cash, see it in Pet Records and renew it: its days are added', async ({ page, request }) => {
    const petName = `Sub${tag()}`;
    const { petIds } = await addOwnerWithDog(request, { pet: { name: petName } });
    const petId = petIds[0]!;
    await loginAs(page, request, 'staff');

    // No subscription yet.
    await openPetRecords(page, petId, petName);
    await expect(page.getByRole('button', { name: /^Subscriptions/ })).toContainText('No active subscriptions');
    await page.getByRole('button', { name: /^Subscriptions/ }).click();
    const panel = page.getByRole('region', { name: 'Subscriptions' });
    await expect(panel.getByText('No active subscriptions')).toBeVisible();

    // Buy Day School Monthly (30 days, 1 grooming) in cash.
    await panel.getByRole('button', { name: 'Buy subscription' }).click();
    await expect(page).toHaveURL(/\/staff\/buysubscription$/);
    await expect(page.getByRole('heading', { name: 'Buy Subscription' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Subscription plan' }).click();
    await page.getByRole('option', { name: /^Day School Monthly/ }).click();
    await expect(page.getByTestId('subscription-total')).toHaveText('Total: ₹12,000.00');
    await expect(page.getByTestId('renewal-note')).toHaveCount(0);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment Options' });
    for (const m of ['Cash Payment', 'Payment Link', 'Card']) await expect(modal.getByRole('button', { name: m })).toBeEnabled();
    await expect(modal.getByRole('button', { name: /^Wallet/ })).toBeDisabled();
    await expect(modal.getByTestId('wallet-reason')).toHaveText('Wallet: The wallet is empty');
    await modal.getByRole('button', { name: 'Payment Link' }).click();
    await expect(modal.getByRole('checkbox', { name: /Pay later — let the pet use it before the money arrives/ })).toBeVisible();
    await shoot(page, 'ws-buy-payment-options', false);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await payCash(page, '12,000.00');
    await expect(toast(page, 'Payment successful and subscription purchased!')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Expiring soon' })).toBeVisible();
    await shoot(page, 'ws-dashboard');

    // Pet Records: active, 30 days left, the purchase in its history.
    await openPetRecords(page, petId, petName, 'subscriptions');
    const card = page.getByRole('region', { name: 'Subscriptions' }).getByTestId('subscription-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Day School');
    await expect(card).toContainText('Active');
    await expect(card.getByTestId('days-left')).toHaveText('30 days');
    await expect(card.getByTestId('groomings-left')).toHaveText('1');
    await shoot(page, 'ws-subscriptions-panel');
    await card.click();
    const details = page.getByRole('dialog', { name: 'Subscription details' });
    await expect(details.getByText('Purchased', { exact: true })).toBeVisible();
    await expect(details).toContainText('+30 days, +1 grooming · ₹12,000.00');

    // Renew: the purchase page opens with the plan, says what the renewal adds; paid in cash.
    await details.getByRole('button', { name: 'Renew' }).click();
    await expect(page).toHaveURL(/\/staff\/buysubscription$/);
    await expect(page.getByTestId('renewal-note')).toContainText(
      'Renews Day School — Day School Monthly: adds 30 days and 1 grooming session',
    );
    await expect(page.getByTestId('renewal-note')).toContainText('30 days left now');
    await shoot(page, 'ws-buy-renewal');
    await payCash(page, '12,000.00');
    await expect(toast(page, 'Payment successful and subscription renewed!')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);

    // 60 days now; the history lists the renewal above the purchase.
    await openPetRecords(page, petId, petName);
    await expect(page.getByRole('button', { name: /^Subscriptions/ })).toContainText('Day School: 60 days left');
    await shoot(page, 'ws-pet-details');
    await page.getByRole('button', { name: /^Subscriptions/ }).click();
    const renewed = page.getByRole('region', { name: 'Subscriptions' }).getByTestId('subscription-card');
    await expect(renewed.getByTestId('days-left')).toHaveText('60 days');
    await expect(renewed.getByTestId('groomings-left')).toHaveText('2');
    await renewed.click();
    const history = page.getByRole('dialog', { name: 'Subscription details' });
    await expect(history.getByText(/^(Renewed|Purchased)$/)).toHaveText(['Renewed', 'Purchased']);
    await expect(history).toContainText('Then 60 days left');
    await shoot(page, 'ws-subscription-details', false);
  });

  test('staff top up a wallet at the desk and activate a boarding package for two pets', async ({ page, request }) => {
    const first = `Pk${tag()}`;
    const second = `Pk${tag()}`;
    const ownerName = `Owner ${tag()}`;
    const phone = `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    const { petIds } = await addOwnerWithDog(request, { ownerName, phone, pet: { name: first } });
    const secondId = await addDog(request, phone, second);
    expect(secondId).toBeTruthy();
    await loginAs(page, request, 'staff');

    // The wallet: empty, a top-up above the limit refused on the field, ₹5,000 in cash.
    await openPetRecords(page, petIds[0]!, first, 'wallet');
    const wallet = page.getByRole('region', { name: 'Wallet' });
    await expect(wallet.getByTestId('wallet-balance')).toContainText('₹0.00');
    await expect(wallet.getByText('No wallet movements yet. Top up to add money.')).toBeVisible();
    await wallet.getByRole('button', { name: 'Top up' }).click();
    const topUp = page.getByRole('dialog', { name: `Top up ${ownerName}'s wallet` });
    await topUp.getByRole('textbox', { name: 'Amount' }).fill('100001');
    await expect(topUp.getByText('A top-up can be at most ₹1,00,000.00')).toBeVisible();
    await topUp.getByRole('textbox', { name: 'Amount' }).fill('5000');
    await topUp.getByRole('button', { name: 'Cash Payment' }).click();
    await topUp.getByRole('checkbox', { name: 'I confirm that the payment of ₹ 5,000.00 has been completed' }).check();
    await shoot(page, 'ws-wallet-topup', false);
    await topUp.getByRole('button', { name: 'Top up ₹5,000.00' }).click();
    await expect(toast(page, 'Wallet topped up with ₹5,000.00')).toBeVisible();
    await expect(wallet.getByTestId('wallet-balance')).toContainText('₹5,000.00');
    const movements = wallet.getByRole('table', { name: 'Wallet movements' });
    await expect(movements.getByRole('row')).toHaveCount(2);
    await expect(movements.getByRole('row').nth(1)).toContainText(/Wallet top-up.*\+₹5,000\.00.*₹5,000\.00/);
    await shoot(page, 'ws-wallet-panel');

    // A boarding package for both dogs: one day's charge against the balance, then boarded.
    await wallet.getByRole('button', { name: 'Back to pet details' }).click();
    await page.getByRole('button', { name: /^Boarding packages/ }).click();
    const packages = page.getByRole('region', { name: 'Boarding packages' });
    await expect(packages.getByText('No boarding packages for this owner')).toBeVisible();
    await packages.getByRole('button', { name: 'Activate package' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate boarding package' });
    await expect(activate.getByRole('combobox', { name: 'Boarding package' })).toHaveValue(
      '15 Days Boarding Plan · Hostel · 15 days · ₹11,500.00 per pet',
    );
    await expect(activate.getByRole('checkbox', { name: new RegExp(first) })).toBeChecked();
    await activate.getByRole('checkbox', { name: new RegExp(second) }).check();
    await expect(activate.getByTestId('package-day-charge')).toContainText('One day: ₹766.66 × 2 pets = ₹1,533.32');
    await expect(activate.getByTestId('package-day-charge')).toContainText('Wallet balance: ₹5,000.00');
    await shoot(page, 'ws-package-activate', false);
    await activate.getByRole('button', { name: 'Activate and board' }).click();
    await expect(toast(page, 'Boarding package activated')).toBeVisible();

    const card = packages.getByTestId('owner-package');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('15 Days Boarding Plan');
    await expect(card).toContainText('Boarding package');
    await expect(card).toContainText('Active');
    await expect(card.getByTestId('package-pet')).toHaveCount(2);
    await expect(card.getByTestId('package-pet').first()).toContainText('Boarded · 1 of 15 days charged');
    await expect(card).toContainText('₹1,533.32'); // charged so far
    await expect(card).toContainText('₹3,466.68'); // the wallet after day 1
    await shoot(page, 'ws-packages-panel');

    // The wallet lists day 1 above the top-up.
    await packages.getByRole('button', { name: 'Back to pet details' }).click();
    await page.getByRole('button', { name: /^Wallet/ }).click();
    const rows = page.getByRole('region', { name: 'Wallet' }).getByRole('table', { name: 'Wallet movements' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(/Daily Boarding Charge \(2 pets\).*−₹1,533\.32.*₹3,466\.68/);

    // A card top-up through the checkout (the offline provider's dialog): credited with what the card paid.
    const walletPanel = page.getByRole('region', { name: 'Wallet' });
    await walletPanel.getByRole('button', { name: 'Top up' }).click();
    const byCard = page.getByRole('dialog', { name: `Top up ${ownerName}'s wallet` });
    await byCard.getByRole('textbox', { name: 'Amount' }).fill('1000');
    await byCard.getByRole('button', { name: 'Card' }).click();
    await byCard.getByRole('button', { name: 'Top up ₹1,000.00' }).click();
    const checkout = page.getByRole('dialog', { name: 'Card checkout' });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹1,000.00');
    await checkout.getByRole('button', { name: 'Pay ₹1,000.00' }).click();
    await expect(toast(page, 'Payment Done Successfully')).toBeVisible();
    await expect(walletPanel.getByTestId('wallet-balance')).toContainText('₹4,466.68');
    await expect(rows).toHaveCount(4);

    // The admin refunds the unspent balance, with a reason, after confirming.
    await walletPanel.getByRole('button', { name: 'Refund wallet balance' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund wallet balance' });
    await expect(refund).toContainText('Refund the whole unspent balance of ₹4,466.68');
    await refund.getByRole('button', { name: 'Refund ₹4,466.68' }).click();
    await expect(refund.getByText('Give the reason for the refund')).toBeVisible();
    await refund.getByRole('textbox', { name: 'Reason' }).fill('The owner is moving away');
    await shoot(page, 'ws-wallet-refund', false);
    await refund.getByRole('button', { name: 'Refund ₹4,466.68' }).click();
    await expect(toast(page, '₹4,466.68 of wallet balance')).toBeVisible();
    await expect(walletPanel.getByTestId('wallet-balance')).toContainText('₹0.00');
  });

  test('the Prices screen: a plan’s validity and the boarding packages, named apart', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/prices');
    const packages = page.getByRole('region', { name: 'Boarding packages' });
    await expect(packages.getByTestId('package-row').filter({ hasText: '15 Days Boarding Plan' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Hostel plans' })).toContainText('Hostel 15 Days');
    await shoot(page, 'ws-prices');
    await page.getByRole('region', { name: 'Hostel plans' }).getByRole('button', { name: 'Add plan' }).click();
    const plan = page.getByRole('dialog', { name: 'New Hostel plan' });
    await expect(plan.getByRole('textbox', { name: 'Validity (days)' })).toHaveValue('');
    await shoot(page, 'ws-plan-modal', false);
    await plan.getByRole('button', { name: 'Cancel' }).click();
    await packages.getByRole('button', { name: 'Add package' }).click();
    const pkg = page.getByRole('dialog', { name: 'New boarding package' });
    await pkg.getByRole('textbox', { name: 'Price per pet' }).fill('11500');
    await expect(pkg.getByTestId('package-share')).toContainText('₹766.66 or ₹766.67 a day per pet');
    await shoot(page, 'ws-package-modal', false);
  });

  test("the dashboard's Expiring soon lists a subscription whose validity ends within 7 days and opens it", async ({
    page,
    request,
  }) => {
    const headers = { authorization: await apiToken(request, 'staff') };
    const petName = `Exp${tag()}`;
    const petId = (await addOwnerWithDog(request, { pet: { name: petName } })).petIds[0]!;
    const types = (await (await request.get(`${V}/visit/getallvisittypes`, { headers })).json()).visitTypes as {
      _id: string;
      code: string;
    }[];
    const typeId = (code: string) => types.find((t) => t.code === code)!._id;
    // A grooming plan valid 5 days once paid, bought in cash: it runs out within 7 days.
    const created = await request.post(`${V}/admin/plans`, {
      headers,
      data: {
        visitType: typeId('grooming'),
        name: `Trial ${tag()}`,
        price: 500,
        duration: 30,
        numberOfGroomings: 2,
        validityDays: 5,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const planId = (await created.json()).subscriptionPlan._id as string;
    try {
      const bought = await request.post(`${V}/subscription/buysubscription`, {
        headers,
        data: {
          petId,
          visitType: typeId('buy_subscription'),
          planId,
          details: { selectedPayment: 'cash', price: 500 },
          totalPrice: 500,
        },
      });
      expect(bought.status(), await bought.text()).toBe(201);
      const validUntil = (await bought.json()).subscription.validUntil as string;

      await loginAs(page, request, 'staff', '/staff/dashboard');
      const card = page.getByRole('region', { name: 'Expiring soon' });
      const row = card.getByTestId('expiring-subscription').filter({ hasText: petName });
      await expect(row).toContainText(`${petName} · Grooming`);
      const [y, m, d] = validUntil.split('-');
      const month = new Date(Number(y), Number(m) - 1, 1).toLocaleString('en-GB', { month: 'short' });
      await expect(row).toContainText(`Valid until ${Number(d)} ${month} ${y}`);
      await shoot(page, 'ws-dashboard-expiring');
      await row.click();
      const panel = page.getByRole('region', { name: 'Subscriptions' });
      await expect(panel).toContainText(petName);
      await expect(panel.getByTestId('subscription-card')).toContainText('Grooming');
    } finally {
      await request.post(`${V}/admin/plans/${planId}/retire`, { headers });
    }
  });
});
