import { api, inr, openCategory, pay, rowOf, shot, showDetails } from './deboard-kit';
import { apiToken, expect, loginAs, test } from './fixtures';

/**
 * Deboard Pets (/staff/deboard, spec 001 §2, §4, §8): a hostel stay run over by 2 days (the server clock moved to
 * day 4) paid by cash and deboarded; a subscription stay deboarded directly; a dog park balance paid by card through
 * the offline checkout; the empty states and the failure messages. Every test boards a new pet (a fresh owner), and
 * the clock is put back in a `finally`.
 */

test.beforeEach(async ({ page, request }) => {
  await loginAs(page, request, 'staff', '/staff/dashboard');
});

test('hostel booked for 2 days, on day 4: 2 extra days charged, paid by cash, deboarded', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const hostel = await a.type('hostel');
  const { petId, name } = await a.newPet();
  await a.hostelStay(petId, hostel, 2, 'advance_cash');
  try {
    await a.clock({ advanceDays: 3 });
    await page.goto('/staff/deboard');
    await expect(page.getByText('Select a category to view pets')).toBeVisible();
    await openCategory(page, 'Hostel');
    const row = rowOf(page, name);
    await expect(row.getByText('Boarded', { exact: true })).toBeVisible();
    await shot(page, 'list-1280');

    const dialog = await showDetails(page, name);
    await expect(dialog.getByTestId('deboard-booked-days')).toHaveText('2');
    await expect(dialog.getByTestId('deboard-actual-days')).toHaveText('4');
    await expect(dialog.getByTestId('deboard-extra-days')).toHaveText(`2 × ${inr(hostel.price)} = ${inr(hostel.price * 2)}`);
    await expect(dialog.getByTestId('deboard-paid')).toHaveText(inr(hostel.price * 2));
    await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(hostel.price * 2));
    await expect(dialog.getByRole('button', { name: 'Deboard' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /Take payment/ })).toBeFocused();
    await shot(page, 'due-1280', true);

    await dialog.getByRole('button', { name: `Take payment of ${inr(hostel.price * 2)}` }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Options' })).toBeVisible();
    await shot(page, 'payment-choices-1280', true);
    await pay(page, 'Cash Payment', hostel.price * 2);
    await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Not Boarded')).toBeVisible();
    expect(await a.boarding(petId)).toBeNull();
  } finally {
    await a.clock({ at: null });
  }
});

test('a hostel stay on a subscription, within its days: nothing due, deboarded directly, days left drop', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const hostel = await a.type('hostel');
  const buy = await a.type('buy_subscription');
  const plan = await a.plan('hostel', 'Hostel 15 Days');
  const { petId, name } = await a.newPet();
  await a.post('/subscription/buysubscription', {
    petId,
    visitType: buy._id,
    planId: plan._id,
    details: { selectedPayment: 'cash', price: plan.price },
    totalPrice: plan.price,
  });
  await a.post('/visit/addhostelvisit', {
    petId,
    visitType: hostel._id,
    details: {
      planId: plan._id,
      isSubscriptionAvailed: true,
      numberOfDays: 3,
      discount: 0,
      finalPrice: 0,
      paymentLeft: 0,
      admissionAcknowledged: true,
    },
  });
  try {
    await a.clock({ advanceDays: 2 });
    await page.goto('/staff/deboard');
    await openCategory(page, 'Hostel');
    const dialog = await showDetails(page, name);
    await expect(dialog.getByTestId('deboard-actual-days')).toHaveText('3');
    await expect(dialog.getByTestId('deboard-plan')).toHaveText(plan.name);
    await expect(dialog.getByTestId('deboard-days-left')).toHaveText(String(plan.duration));
    await expect(dialog.getByTestId('deboard-days-this-stay-uses')).toHaveText('3');
    await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(0));
    await expect(dialog.getByRole('button', { name: /Take payment/ })).toHaveCount(0);
    await shot(page, 'subscription-1280', true);
    // Keyboard: focus is on Deboard once the details are in; Enter asks for the confirmation.
    await expect(dialog.getByRole('button', { name: 'Deboard' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirmDialog = page.getByRole('dialog', { name: 'Deboard pet' });
    await expect(confirmDialog).toContainText(`Deboard ${name} from Hostel?`);
    await confirmDialog.getByRole('button', { name: 'Deboard' }).click();
    await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
    await expect(rowOf(page, name).getByText('Not Boarded')).toBeVisible();
    expect((await a.subscription(petId, hostel._id))?.daysLeft).toBe(plan.duration - 3);
  } finally {
    await a.clock({ at: null });
  }
});

test('a dog park balance paid by card through the offline checkout, then deboarded', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const park = await a.type('dog_park');
  const { petId, name } = await a.newPet();
  // Saved with a card payment that was never completed: the visit's price is still owed.
  await a.post('/visit/adddogparkvisit', {
    petId,
    visitType: park._id,
    admissionAcknowledged: true,
    details: { initialPrice: park.price, discount: 0, price: park.price, selectedPayment: 'card' },
  });
  await page.goto('/staff/deboard');
  await openCategory(page, 'Dog Park');
  const dialog = await showDetails(page, name);
  await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(park.price));
  await expect(dialog.getByTestId('deboard-booked-days')).toHaveCount(0);
  await dialog.getByRole('button', { name: `Take payment of ${inr(park.price)}` }).click();
  await pay(page, 'Card');
  const checkout = page.getByRole('dialog', { name: 'Card checkout' });
  await expect(checkout.getByTestId('checkout-amount')).toHaveText(inr(park.price));
  await shot(page, 'card-checkout-1280', true);
  await checkout.getByRole('button', { name: `Pay ${inr(park.price)}` }).click();
  await expect(page.getByText('✅ Payment Done Successfully!')).toBeVisible();
  // Settling by card is one action (issue 18): once the card is paid the pet is deboarded.
  await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('checked-out')).toContainText('Everything is paid');
  await expect(rowOf(page, name).getByText('Not Boarded')).toBeVisible();
  expect(await a.boarding(petId)).toBeNull();
});

test('empty states, and the failure messages of the details and of a deboard without an answer', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const park = await a.type('dog_park');
  const { petId, name } = await a.newPet();
  await a.post('/visit/adddogparkvisit', {
    petId,
    visitType: park._id,
    admissionAcknowledged: true,
    details: { initialPrice: park.price, discount: 0, price: park.price, selectedPayment: 'cash' },
  });
  await page.goto('/staff/deboard');
  await expect(page.getByText('Select a category to view pets')).toBeVisible();
  await shot(page, 'select-1280');

  // A category without boardings.
  await page.route('**/api/v1/pet/getboardedpetslist/**', (route) =>
    route.fulfill({ json: { success: true, boardedPetList: [], nextCursor: null } }),
  );
  await openCategory(page, 'Play School');
  await expect(page.getByText('No pets found for this category')).toBeVisible();
  await shot(page, 'empty-1280');
  await page.unroute('**/api/v1/pet/getboardedpetslist/**');

  // A deboard that gets no answer; the pet stays boarded.
  await openCategory(page, 'Dog Park');
  let dialog = await showDetails(page, name);
  await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(0));
  await page.route('**/api/v1/deboard/dogparkdeboarding', (route) => route.abort('internetdisconnected'));
  await dialog.getByRole('button', { name: 'Deboard' }).click();
  await page.getByRole('dialog', { name: 'Deboard pet' }).getByRole('button', { name: 'Deboard' }).click();
  await expect(page.getByText('Failed to deboard pet')).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.unroute('**/api/v1/deboard/dogparkdeboarding');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Details that cannot be fetched: the message, then Pet Records.
  await page.route('**/api/v1/boarding/getboardingdetails', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Internal Server Error' } }),
  );
  await rowOf(page, name).getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByText('Error in fetching boarding details')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/history$/);
  expect(await a.boarding(petId)).not.toBeNull();
  dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCount(0);
  await a.deboardPet(petId);
});

test('on a phone: categories as chips, rows as cards, the overlay full screen', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const hostel = await a.type('hostel');
  const { petId, name } = await a.newPet();
  await a.hostelStay(petId, hostel, 1, 'after_service');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/staff/deboard');
  await expect(page.getByText('Select a category to view pets')).toBeVisible();
  await shot(page, 'select-390');
  await page.getByRole('radiogroup', { name: 'Category' }).getByText('Hostel', { exact: true }).click();
  await expect(rowOf(page, name)).toBeVisible();
  await shot(page, 'list-390');
  const dialog = await showDetails(page, name);
  await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(hostel.price));
  await shot(page, 'due-390', true);
  await dialog.getByRole('button', { name: /Take payment/ }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Options' })).toBeVisible();
  await shot(page, 'payment-choices-390', true);
  // A payment link: shown with Copy and 'Check payment'; the pet cannot leave until it is paid.
  await pay(page, 'Payment Link');
  await expect(dialog.getByRole('textbox', { name: /Payment link/ })).toHaveValue(/\/payments\/offline\/link\//);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Deboard' })).toBeDisabled();
  await shot(page, 'payment-link-390', true);
  const link = await dialog.getByRole('textbox', { name: /Payment link/ }).inputValue();
  const payPage = await page.context().newPage();
  await payPage.goto(new URL(link).pathname);
  await payPage.getByRole('button', { name: /^Pay / }).click();
  await expect(payPage.getByText('Payment received. Thank you!')).toBeVisible();
  await payPage.close();
  await dialog.getByRole('button', { name: 'Check payment' }).click();
  await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(0));
  await expect(dialog.getByRole('button', { name: 'Deboard' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Deboard' })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /Payment link/ })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Deboard pet' }).getByRole('button', { name: 'Deboard' }).click();
  await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
  await expect(rowOf(page, name).getByText('Not Boarded')).toBeVisible();
});
