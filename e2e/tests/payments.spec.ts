import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect, test } from './fixtures';

/**
 * Payments on the offline provider (the e2e server has no Razorpay keys): the payment-link page a link opens,
 * and a card payment through the offline checkout dialog.
 */

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A pet of a new owner (never boarded). */
async function newPet(request: APIRequestContext, token: string, email: string | null): Promise<string> {
  const t = tag();
  const res = await request.post('/api/v1/pet/addpet', {
    headers: { authorization: token },
    data: {
      ownerName: `Owner ${t}`,
      phone: `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`,
      ...(email ? { email } : {}),
      address: 'Sector 45, Gurugram',
      pets: [
        {
          name: `Pay${t}`,
          species: 'dog',
          breed: 'Beagle',
          sex: 'Male',
          color: 'Brown',
          dob: '2021-05-04',
          neutered: false,
          registrationDate: '2026-01-10',
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).petIds[0];
}

/** A Dog Park visit saved through the API with the given payment method; answers the save. */
async function dogParkVisit(request: APIRequestContext, token: string, method: 'card' | 'payment_link', email: string | null) {
  const petId = await newPet(request, token, email);
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
