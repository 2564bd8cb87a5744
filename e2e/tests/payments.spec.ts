import type { APIRequestContext } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniqueTag as tag } from './fixtures';

/**
 * Payments on the offline provider (the e2e server has no Razorpay keys): the payment-link page a link opens,
 * and a card payment through the offline checkout dialog.
 */

/** A pet of a new owner (never boarded). */
async function newPet(request: APIRequestContext, email: string | null): Promise<string> {
  const t = tag();
  return (await addOwnerWithDog(request, { ownerName: `Owner ${t}`, email, pet: { name: `Pay${t}` } })).petIds[0]!;
}

/** A Dog Park visit saved through the API with the given payment method; answers the save. */
async function dogParkVisit(request: APIRequestContext, token: string, method: 'card' | 'payment_link', email: string | null) {
  const petId = await newPet(request, email);
  const types = await (await request.get('/api/v1/visit/getallvisittypes', { headers: { authorization: token } })).json();
  const park = types.visitTypes.find((v: { code: string }) => v.code === 'dog_park');
  const res = await request.post('/api/v1/visit/adddogparkvisit', {
    headers: { authorization: token },
    data: {
      petId,
      visitType: park._id,
      details: { initialPrice: park.price, discount: 0, price: park.price, selectedPayment: method },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { petId, price: park.price as number, save: await res.json() };
}

test('a payment link opens the offline link page; Pay marks it paid and the visit is paid', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const { save, price } = await dogParkVisit(request, token, 'payment_link', `${tag()}@payments.test`);
  expect(save.payment).toMatchObject({ method: 'payment_link', status: 'pending' });
  const linkUrl: string = save.payment.linkUrl;
  expect(linkUrl).toMatch(/\/api\/v1\/payments\/offline\/link\/plink_/);

  await page.goto(new URL(linkUrl).pathname);
  const amount = `₹${price.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  await expect(page.getByRole('heading', { name: 'Pet DayCare Service' })).toBeVisible();
  await expect(page.locator('.amount')).toHaveText(amount);
  await page.setViewportSize({ width: 390, height: 760 });
  await page.screenshot({ path: 'test-results/payments-link-page.png', fullPage: true });
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();

  const details = await (
    await request.get(`/api/v1/visit/getvisitdetails/${save.visit._id}`, { headers: { authorization: token } })
  ).json();
  expect(details.data.details.payment).toMatchObject({ amount: price, remainingAmount: 0 });
  // Opening the link again shows it paid; nothing can be paid twice.
  await page.goto(new URL(linkUrl).pathname);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
});

test('a card payment through the offline checkout: a failed attempt keeps it open, Pay completes it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const petId = await newPet(request, null);
  const types = await (await request.get('/api/v1/visit/getallvisittypes', { headers: { authorization: token } })).json();
  const price: number = types.visitTypes.find((v: { code: string }) => v.code === 'grooming').price;
  const amount = `₹${price.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

  await page.setViewportSize({ width: 390, height: 800 });
  await loginAs(page, request, 'staff', '/staff/dashboard');
  // New Visit for the pet, as Pet Records opens it (the pet id in navigation state).
  await page.evaluate((id) => {
    window.history.pushState({ usr: { petId: id }, key: `pay${Date.now()}`, idx: 1 }, '', '/staff/nvisit2');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, petId);
  await page.getByRole('combobox', { name: 'Purpose of visit' }).click();
  await page.getByRole('option', { name: 'Grooming', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const options = page.getByRole('dialog', { name: 'Payment Options' });
  await options.getByRole('button', { name: 'Card' }).click();
  await expect(options.getByRole('checkbox')).toHaveCount(0);
  await expect(options.getByText(`The card checkout for ₹ ${amount.slice(1)} opens after you submit.`)).toBeVisible();
  await page.screenshot({ path: 'test-results/payments-card-options.png' });
  await options.getByRole('button', { name: 'Submit' }).click();

  const checkout = page.getByRole('dialog', { name: 'Card checkout' });
  await expect(checkout.getByTestId('checkout-amount')).toHaveText(amount);
  await page.screenshot({ path: 'test-results/payments-card-checkout.png' });
  await checkout.getByRole('button', { name: 'Fail' }).click();
  await expect(checkout.getByText('Payment failed', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/payments-card-checkout-failed.png' });
  await checkout.getByRole('button', { name: `Pay ${amount}` }).click();
  // One success message, not two (issue 18): the visit's, not also the checkout's own.
  await expect(page.getByText('Payment Done Successfully and visit saved')).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await expect(checkout).toBeHidden();

  const list = await (
    await request.get('/api/v1/visit/getparticularpetvisit', { headers: { authorization: token }, params: { petId } })
  ).json();
  const payment = list.List[0].details.payment;
  expect(payment).toMatchObject({ amount: price, method: 'card', status: 'completed', remainingAmount: 0 });
  expect(payment.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
});
