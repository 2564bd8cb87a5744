import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniquePhone, uniqueTag as tag } from './fixtures';

/**
 * New Visit (/staff/nvisit2, spec 001 §2): one visit of each purpose through its sub-form and the payment modal,
 * the already-boarded message, a partial payment, a card payment through the offline checkout, Buy Subscription
 * then a Day School visit with it, and an admin's price change used by the next visit. Every test uses a new pet
 * (a fresh owner), so boarding from one test never blocks another.
 */

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface VisitType {
  _id: string;
  code: string;
  purpose: string;
  price: number;
  consultationPriceNgoEmergency: number;
}

function api(request: APIRequestContext, token: string) {
  const headers = { authorization: token };
  return {
    /** A dog of a new owner, with the core vaccines on record (the admission rule lets it board). */
    async newPet(): Promise<{ petId: string; name: string }> {
      const t = tag();
      const name = `Nv${t}`;
      const body = await addOwnerWithDog(request, {
        ownerName: `Owner ${t}`,
        phone: uniquePhone('7'),
        pet: { name, sex: 'Female', color: 'Tan' },
      });
      return { petId: body.petIds[0]!, name };
    },
    async type(code: string): Promise<VisitType> {
      const res = await request.get('/api/v1/visit/getallvisittypes', { headers });
      return (await res.json()).visitTypes.find((v: VisitType) => v.code === code);
    },
    async visits(petId: string) {
      const res = await request.get('/api/v1/visit/getparticularpetvisit', { headers, params: { petId } });
      expect(res.ok()).toBeTruthy();
      return (await res.json()).List as { _id: string; visitType: { purpose: string }; price: number; details: any }[];
    },
    async visitDetails(id: string) {
      const res = await request.get(`/api/v1/visit/getvisitdetails/${id}`, { headers });
      return (await res.json()).data;
    },
    async boarding(petId: string) {
      const res = await request.post('/api/v1/boarding/checkboarding', { headers, data: { _id: petId } });
      return (await res.json()).boardingDetails;
    },
    async plans() {
      const res = await request.get('/api/v1/subscription/getallsubscription', { headers });
      return (await res.json()).subscriptionPlans as {
        _id: string;
        name: string;
        price: number;
        duration: number;
        active: boolean;
        subscriptionType: { code: string; purpose: string };
      }[];
    },
  };
}

/** Opens New Visit for a pet the way Pet Records does: the pet id in navigation state. */
async function openNewVisit(page: Page, petId: string | null, path = '/staff/nvisit2') {
  await page.evaluate(
    ([id, to]) => {
      window.history.pushState({ usr: id ? { petId: id } : null, key: `nv${Date.now()}`, idx: 1 }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    [petId, path] as const,
  );
}

async function choosePurpose(page: Page, purpose: string) {
  await page.getByRole('combobox', { name: 'Purpose of visit' }).click();
  await page.getByRole('option', { name: purpose, exact: true }).click();
}

/** Payment Options: choose the method, tick the confirmation (not for Card), Submit. */
async function pay(page: Page, method: 'Cash Payment' | 'Payment Link' | 'Card', amount?: number) {
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('button', { name: method }).click();
  if (method !== 'Card') {
    await expect(submit).toBeDisabled();
    const box = dialog.getByRole('checkbox');
    if (amount !== undefined) await expect(box).toHaveAccessibleName(new RegExp(`payment of ₹ ${inr(amount).slice(1)}`));
    await box.check();
  }
  await expect(submit).toBeEnabled();
  await submit.click();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/new-visit-${name}.png`, fullPage: true });

test.beforeEach(async ({ page, request }) => {
  await loginAs(page, request, 'staff', '/staff/dashboard');
});

test('without a pet it asks for one and links to Pet Records', async ({ page }) => {
  await openNewVisit(page, null);
  await expect(page.getByText('A pet must be selected. Please select a pet before proceeding.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Pet Records' })).toHaveAttribute('href', '/staff/history');
});

test('Inquiry (the default sub-form): description required, follow-up all or none, saved at no cost', async ({
  page,
  request,
}) => {
  const a = api(request, await apiToken(request, 'staff'));
  const { petId, name } = await a.newPet();
  await openNewVisit(page, petId);
  await expect(page.getByTestId('visit-pet')).toContainText(name);
  await expect(page.getByTestId('visit-pet')).toContainText('Beagle');
  await expect(page.getByRole('combobox', { name: 'Purpose of visit' })).toHaveValue('Inquiry');
  await page.getByRole('button', { name: 'Save Inquiry' }).click();
  await expect(page.getByText('Inquiry description is required')).toBeVisible();
  await page.getByLabel('Inquiry description').fill('Asked about hostel rates for December');
  await page.getByLabel('Follow-up purpose').fill('Call back with rates');
  await page.getByRole('button', { name: 'Save Inquiry' }).click();
  await expect(page.getByText('Follow-up date is required when scheduling follow-up')).toBeVisible();
  await page.getByLabel('Follow-up purpose').fill('');
  await shot(page, 'inquiry');
  await page.getByRole('button', { name: 'Save Inquiry' }).click();
  await expect(page.getByText('Visit saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Inquiry' }, price: 0 });
});

test('Dog Park with cash: discount above the price refused, final price paid, pet boarded', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const park = await a.type('dog_park');
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Dog Park');
  await expect(page.getByTestId('price-price')).toHaveText(inr(park.price));
  const discount = page.getByRole('textbox', { name: 'Discount' });
  await discount.fill('50');
  await expect(page.getByTestId('price-final-price')).toHaveText(inr(park.price - 50));
  await shot(page, 'dogpark');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await shot(page, 'payment-modal');
  await pay(page, 'Cash Payment', park.price - 50);
  await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Dog Park' }, price: park.price - 50 });
  expect(visit!.details.payment.amount).toBe(park.price - 50);
  expect((await a.boarding(petId)).boardingType.purpose).toBe('Dog Park');
});

test('an already boarded pet gets the message instead of a boarding purpose’s form; other purposes stay open', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const park = await a.type('dog_park');
  const { petId } = await a.newPet();
  const res = await request.post('/api/v1/visit/adddogparkvisit', {
    headers: { authorization: token },
    data: {
      petId,
      visitType: park._id,
      details: { initialPrice: park.price, discount: 0, price: park.price, selectedPayment: 'cash' },
    },
  });
  expect(res.status()).toBe(201);
  await openNewVisit(page, petId);
  // Issue 18: the message replaces only the boarding purposes' forms (Hostel, Day Care, Day School, Play School, Dog Park).
  await expect(page.getByTestId('stay-banner')).toContainText('staying in Dog Park');
  for (const purpose of ['Dog Park', 'Hostel', 'Day Care']) {
    await choosePurpose(page, purpose);
    await expect(page.getByText('The pet is already boarded in Dog Park')).toBeVisible();
  }
  await choosePurpose(page, 'Grooming');
  await expect(page.getByText('The pet is already boarded in Dog Park')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
});

test('Veterinary: the customer type picks the consultation price; paid by payment link with a Copy button', async ({
  page,
  request,
}) => {
  const a = api(request, await apiToken(request, 'staff'));
  const vet = await a.type('veterinary');
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Veterinary');
  await page
    .getByRole('button', { name: 'Proceed to Payment' })
    .or(page.getByRole('button', { name: 'Save Visit' }))
    .click();
  await expect(page.getByText('Customer Type Not Choosen')).toBeVisible();
  await page.getByRole('combobox', { name: 'Customer Type' }).click();
  await page.getByRole('option', { name: 'NGO (Emergency)' }).click();
  await expect(page.getByTestId('price-consultation-price')).toHaveText(inr(vet.consultationPriceNgoEmergency));
  await shot(page, 'veterinary');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await pay(page, 'Payment Link');
  await expect(page.getByText('Visit saved successfully')).toBeVisible();
  const link = page.getByRole('dialog', { name: 'Payment Link' });
  await expect(link.getByRole('textbox', { name: 'Link' })).toHaveValue(/\/payments\/offline\/link\//);
  await expect(link.getByRole('button', { name: 'Copy' })).toBeVisible();
  await shot(page, 'payment-link');
  await link.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Veterinary' }, price: vet.consultationPriceNgoEmergency });
  expect(visit!.details.payment.amount).toBe(0);
});

test('Hostel with a partial payment: payment type first, the rest stays due', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const hostel = await a.type('hostel');
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Hostel');
  const days = page.getByRole('textbox', { name: 'Number of days' });
  await days.fill('0');
  await expect(page.getByText('Please enter a valid number of days (minimum 1).')).toBeVisible();
  await days.fill('3');
  const total = hostel.price * 3;
  await expect(page.getByTestId('price-total')).toHaveText(inr(total));
  await shot(page, 'hostel');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Payment Type' });
  await typeDialog.getByRole('radio', { name: 'Partial Payment' }).check();
  await typeDialog.getByRole('textbox', { name: 'Amount collected now' }).fill('500');
  await shot(page, 'payment-type');
  await typeDialog.getByRole('button', { name: 'Next' }).click();
  await pay(page, 'Cash Payment', 500);
  await expect(page.getByText('Dog boarded successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Hostel' }, price: total });
  expect(visit!.details.payment.amount).toBe(500);
  expect(visit!.details.paymentLeft).toBe(total - 500);
});

test('Day Care paid in advance by cash: nothing left due', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const dayCare = await a.type('day_care');
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Day Care');
  await page.getByRole('textbox', { name: 'Number of days' }).fill('2');
  const total = dayCare.price * 2;
  await expect(page.getByTestId('price-total')).toHaveText(inr(total));
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Payment Type' });
  await typeDialog.getByRole('radio', { name: 'Advance Payment' }).check();
  await typeDialog.getByRole('button', { name: 'Next' }).click();
  await pay(page, 'Cash Payment', total);
  await expect(page.getByText('Dog boarded successfully')).toBeVisible();
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Day Care' }, price: total });
  expect(visit!.details.payment.amount).toBe(total);
  expect(visit!.details.paymentLeft).toBe(0);
  expect((await a.boarding(petId)).boardingType.purpose).toBe('Day Care');
});

test('Play School with the pet’s subscription: saved at no cost and boarded', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const plan = (await a.plans()).find((p) => p.active && p.subscriptionType.code === 'play_school');
  expect(plan, 'a Play School plan is on offer in the demo data').toBeTruthy();
  const buy = await a.type('buy_subscription');
  const { petId } = await a.newPet();
  const bought = await request.post('/api/v1/subscription/buysubscription', {
    headers: { authorization: token },
    data: {
      petId,
      visitType: buy._id,
      planId: plan!._id,
      details: { selectedPayment: 'cash', price: plan!.price },
      totalPrice: plan!.price,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Play School');
  await page.getByRole('switch', { name: /Activate subscription/ }).check();
  await page.getByRole('button', { name: 'Save Visit' }).click();
  await expect(page.getByText('Dog boarded successfully')).toBeVisible();
  const visits = await a.visits(petId);
  const playSchool = visits.find((v) => v.visitType.purpose === 'Play School');
  expect(playSchool).toMatchObject({ price: 0 });
  expect((await a.boarding(petId)).boardingType.purpose).toBe('Play School');
});

test('Shop: free items (not in stock) added and removed, total is the sum', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Shop');
  // Issue 18: the form starts with one blank item from stock and no free item.
  await expect(page.getByRole('textbox', { name: /^Item \d name/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Add at least one item')).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('textbox', { name: 'Item 1 name' }).fill('Chew toy');
  await page.getByRole('textbox', { name: 'Item 1 price' }).fill('250');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('textbox', { name: 'Item 2 name' }).fill('Shampoo');
  await page.getByRole('textbox', { name: 'Item 2 price' }).fill('399.50');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('button', { name: 'Remove item 3' }).click();
  await expect(page.getByTestId('price-total')).toHaveText(inr(649.5));
  await shot(page, 'shop');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await pay(page, 'Cash Payment', 649.5);
  await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Shop' }, price: 649.5 });
  expect(visit!.details.payment.amount).toBe(649.5);
});

test('Grooming with a discount, paid in cash', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const grooming = await a.type('grooming');
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Grooming');
  await expect(page.getByText('No active Grooming subscription for this pet.')).toBeVisible();
  const discount = page.getByRole('textbox', { name: 'Discount' });
  await discount.fill(String(grooming.price + 1));
  await expect(page.getByText(`Discount cannot exceed service price of ${inr(grooming.price)}`)).toBeVisible();
  await discount.fill('100');
  await shot(page, 'grooming');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await pay(page, 'Cash Payment', grooming.price - 100);
  await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
  const [visit] = await a.visits(petId);
  expect(visit).toMatchObject({ visitType: { purpose: 'Grooming' }, price: grooming.price - 100 });
});

test('Buy Subscription (Day School plan), then a Day School visit with it', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const plan = (await a.plans()).find((p) => p.active && p.subscriptionType.code === 'day_school');
  expect(plan, 'a Day School plan is on offer in the demo data').toBeTruthy();
  const { petId } = await a.newPet();

  // Day School refuses without a subscription.
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Day School');
  await expect(page.getByText('No active Day School subscription for this pet.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Visit' }).click();
  await expect(page.getByText('avail subscription then save visit')).toBeVisible();

  await choosePurpose(page, 'Buy Subscription');
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Subscription plan' }).click();
  await page.getByRole('option', { name: new RegExp(`^${plan!.name} ·`) }).click();
  await expect(page.getByTestId('subscription-total')).toHaveText(`Total: ${inr(plan!.price)}`);
  await shot(page, 'buy-subscription');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await pay(page, 'Cash Payment', plan!.price);
  await expect(page.getByText('Payment successful and subscription purchased!')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);

  await openNewVisit(page, petId);
  await choosePurpose(page, 'Day School');
  await page.getByRole('switch', { name: /Activate subscription/ }).check();
  await shot(page, 'dayschool');
  await page.getByRole('button', { name: 'Save Visit' }).click();
  await expect(page.getByText('Dog boarded successfully')).toBeVisible();
  const visits = await a.visits(petId);
  expect(visits.map((v) => v.visitType.purpose).sort()).toEqual(['Buy Subscription', 'Day School']);
  expect((await a.boarding(petId)).boardingType.purpose).toBe('Day School');
});

test('Grooming with the pet’s subscription uses one session and costs nothing', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const plan = (await a.plans()).find((p) => p.active && p.subscriptionType.code === 'grooming');
  const buyType = await a.type('buy_subscription');
  const grooming = await a.type('grooming');
  const { petId } = await a.newPet();
  const bought = await request.post('/api/v1/subscription/buysubscription', {
    headers: { authorization: token },
    data: {
      petId,
      visitType: buyType._id,
      planId: plan!._id,
      details: { selectedPayment: 'cash', price: plan!.price },
      totalPrice: plan!.price,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const sessions = (await bought.json()).subscription.numberOfGroomings as number;
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Grooming');
  await expect(page.getByText(`${sessions} grooming sessions left`)).toBeVisible();
  await page.getByRole('switch', { name: /Activate subscription/ }).check();
  await expect(page.getByTestId('price-final-price-one-subscription-session-')).toHaveText(inr(0));
  await page.getByRole('button', { name: 'Save Visit' }).click();
  await expect(page.getByText('Visit saved successfully')).toBeVisible();
  const res = await request.get('/api/v1/subscription/getsubscriptiondetails/', {
    headers: { authorization: token },
    params: { petId, visitType: grooming._id },
  });
  expect((await res.json()).subscription.numberOfGroomings).toBe(sessions - 1);
});

test('the staff purchase page buys a subscription for the pet in navigation state', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const plan = (await a.plans()).find((p) => p.active && p.subscriptionType.code === 'grooming');
  expect(plan).toBeTruthy();
  const { petId, name } = await a.newPet();
  await openNewVisit(page, petId, '/staff/buysubscription');
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Subscription plan' }).click();
  await page.getByRole('option', { name: new RegExp(`^${plan!.name} ·`) }).click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await pay(page, 'Cash Payment', plan!.price);
  await expect(page.getByText('Payment successful and subscription purchased!')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
});

test('Dog Park by card through the offline checkout', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const park = await a.type('dog_park');
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Dog Park');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await pay(page, 'Card');
  const checkout = page.getByRole('dialog', { name: 'Card checkout' });
  await expect(checkout.getByTestId('checkout-amount')).toHaveText(inr(park.price));
  await shot(page, 'card-checkout');
  await checkout.getByRole('button', { name: `Pay ${inr(park.price)}` }).click();
  await expect(page.getByText('Payment Done Successfully and visit saved')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  const [visit] = await a.visits(petId);
  expect(visit!.details.payment.amount).toBe(park.price);
});

test('an admin price change is used by the next New Visit', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const park = await a.type('dog_park');
  const newPrice = park.price + 37;
  const res = await request.patch(`/api/v1/admin/visit-types/${park._id}`, {
    headers: { authorization: token },
    data: { price: newPrice },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  try {
    const { petId } = await a.newPet();
    await openNewVisit(page, petId);
    await choosePurpose(page, 'Dog Park');
    await expect(page.getByTestId('price-final-price')).toHaveText(inr(newPrice));
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await pay(page, 'Cash Payment', newPrice);
    await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
    const [visit] = await a.visits(petId);
    expect(visit).toMatchObject({ price: newPrice });
  } finally {
    await request.patch(`/api/v1/admin/visit-types/${park._id}`, {
      headers: { authorization: token },
      data: { price: park.price },
    });
  }
});

test('a price changed while the form is open: the server refuses the old amount, the form keeps its input and shows the new price', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const park = await a.type('dog_park');
  const newPrice = park.price + 11;
  const { petId } = await a.newPet();
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Dog Park');
  await page.getByRole('textbox', { name: 'Discount' }).fill('10');
  await expect(page.getByTestId('price-final-price')).toHaveText(inr(park.price - 10));
  const res = await request.patch(`/api/v1/admin/visit-types/${park._id}`, {
    headers: { authorization: token },
    data: { price: newPrice },
  });
  expect(res.ok()).toBeTruthy();
  try {
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await pay(page, 'Cash Payment');
    await expect(page.getByText(/Prices may have changed/)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/nvisit2$/);
    await expect(page.getByRole('textbox', { name: 'Discount' })).toHaveValue('10');
    await expect(page.getByTestId('price-final-price')).toHaveText(inr(newPrice - 10));
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await pay(page, 'Cash Payment', newPrice - 10);
    await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
    expect((await a.visits(petId))[0]).toMatchObject({ price: newPrice - 10 });
  } finally {
    await request.patch(`/api/v1/admin/visit-types/${park._id}`, {
      headers: { authorization: token },
      data: { price: park.price },
    });
  }
});

test('phone width: the sub-form and the payment modal fit 390px', async ({ page, request }) => {
  const a = api(request, await apiToken(request, 'staff'));
  const { petId } = await a.newPet();
  await page.setViewportSize({ width: 390, height: 800 });
  await openNewVisit(page, petId);
  await choosePurpose(page, 'Shop');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('textbox', { name: 'Item 1 name' }).fill('Collar');
  await page.getByRole('textbox', { name: 'Item 1 price' }).fill('300');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'shop-phone');
  await choosePurpose(page, 'Hostel');
  await shot(page, 'hostel-phone');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('dialog', { name: 'Payment Type' }).getByRole('radio', { name: 'Advance Payment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Payment Options' }).getByRole('button', { name: 'Cash Payment' }).click();
  await shot(page, 'payment-phone');
});
