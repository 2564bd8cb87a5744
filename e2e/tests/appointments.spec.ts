import type { APIRequestContext, Page } from '@playwright/test';
import { customerGet, newCustomerWithPets, PHONE, shoot } from './customer-kit';
import { apiToken, DEMO, expect, loginAs, loginWith, test } from './fixtures';

/**
 * Online appointments at phone width (issue 19): a customer books a grooming slot with pickup, pays online through
 * the offline provider, sees it and cancels it more than 24 hours ahead (full refund shown); a customer requests a
 * hostel stay and sees it confirmed once staff confirm it; staff complete an appointment into New Visit, prefilled;
 * a grooming paid online and completed into New Visit collects nothing more, and the owner's statement shows the
 * money applied to the visit.
 * The server's clock is set to 10:00 on 1 Mar 2027 in Gurugram, so "tomorrow" and "24 hours ahead" are fixed.
 */

const NOW = '2027-03-01T04:30:00.000Z';
const TOMORROW = '02/03/2027';

async function setClock(request: APIRequestContext, at: string | null) {
  const res = await request.post('/api/v1/test/clock', {
    headers: { authorization: await apiToken(request, 'staff') },
    data: { at },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The bookable service of a visit type code, as the customer's booking page reads it. */
async function service(request: APIRequestContext, token: string, code: string) {
  const body = await customerGet(request, token, '/customerappointment/services');
  return body.services.find((s: { code: string }) => s.code === code) as { _id: string; name: string; price: number };
}

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function pickDate(page: Page, label: RegExp, date: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(date);
  await field.blur();
}

/** Staff: the online appointments of a day, and the card of a customer (by email). */
async function staffDay(page: Page, request: APIRequestContext, date: string, email: string) {
  await loginWith(page, request, DEMO.staff, '/staff/onlinecustomerappointment');
  await expect(page.getByRole('heading', { name: 'Online Customer Appointments' })).toBeVisible();
  await pickDate(page, /^Date/, date);
  const card = page.getByTestId('online-appointment').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  return card;
}

test.describe('online appointments (390 px)', () => {
  test.use({ viewport: PHONE });
  test.beforeAll(async ({ request }) => setClock(request, NOW));
  test.afterAll(async ({ request }) => setClock(request, null));

  test('books grooming with pickup, pays online, sees it, and cancels it a day ahead with a full refund', async ({
    page,
    request,
  }) => {
    const { creds, token } = await newCustomerWithPets(request, ['Bruno']);
    const grooming = await service(request, token, 'grooming');
    const session = await loginWith(page, request, creds, '/customerservice');
    await page.getByRole('button', { name: 'Book Now: Grooming' }).click();
    await expect(page).toHaveURL(/\/customer\/bookservice\?service=/);
    await expect(page.getByTestId('booking-service')).toHaveText('Grooming');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(/^Anita /);

    // Nothing chosen: the spec's message, in the red box.
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByTestId('booking-error')).toHaveText('Please fill in all required fields');

    await pickDate(page, /^Date/, TOMORROW);
    await page.getByText('17:30', { exact: true }).click();
    await page.getByRole('switch', { name: 'Pickup & drop' }).check({ force: true });
    await page.getByRole('textbox', { name: /^Pickup address/ }).fill('Tower 4, DLF Phase 3, Gurugram');
    await page.getByRole('textbox', { name: /^Distance/ }).fill('8');
    // ₹500 up to 5 km and ₹100 for each started 2 km beyond: 8 km is ₹700.
    await expect(page.getByTestId('pickup-fare')).toHaveText('Pickup & drop fare: ₹700.00');
    const total = grooming.price + 700;
    await expect(page.getByTestId('booking-total')).toHaveText(inr(total));
    await page.getByText('Pay online now').click();
    await shoot(page, 'appointment-book');
    await page.getByRole('button', { name: `Pay ${inr(total)} and book` }).click();

    const checkout = page.getByRole('dialog', { name: 'Card checkout' });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText(inr(total));
    await checkout.getByRole('button', { name: `Pay ${inr(total)}` }).click();

    // The success address checks the order and lands on My Appointments.
    await expect(page).toHaveURL(/\/customer\/seeappointment\?paid=1$/);
    await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
    const card = page.getByTestId('appointment-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('appointment-status')).toHaveText('Pending');
    await expect(card.getByTestId('appointment-when')).toHaveText('2 Mar 2027 at 17:30');
    await expect(card.getByTestId('appointment-total')).toHaveText(inr(total));
    await expect(card.getByTestId('appointment-pickup')).toContainText('Tower 4, DLF Phase 3, Gurugram (8 km, ₹700.00)');
    await expect(card.getByTestId('appointment-payment')).toHaveText(`Paid online ${inr(total)}`);
    await expect(card.getByTestId('appointment-id')).toHaveText(/^#[0-9A-F]{8}$/);
    await shoot(page, 'appointment-mine');

    // 31.5 hours before the slot: the prompt says the whole payment comes back.
    await card.getByRole('button', { name: /^Cancel appointment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expect(dialog).toContainText(
      `It is at least 24 hours before the slot: the ${inr(total)} you paid online is refunded in full.`,
    );
    await shoot(page, 'appointment-cancel-prompt');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByText('Appointment cancelled successfully!')).toBeVisible();
    await expect(card.getByTestId('appointment-status')).toHaveText('Cancelled');
    await expect(card.getByTestId('appointment-payment')).toHaveText(`Refunded ${inr(total)}`);
    await expect(card.getByRole('button', { name: /^Cancel appointment/ })).toHaveCount(0);

    const { data } = await customerGet(
      request,
      token,
      `/customerappointment/getcustomerappoint/${(session.user as { customer_id?: string }).customer_id ?? session.user.id}`,
    );
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ status: 'cancelled', payment: { state: 'refunded', paid: total, refunded: total } });
  });

  test('a checkout closed before paying: My Appointments offers Pay now, which pays it', async ({ page, request }) => {
    const { creds, token } = await newCustomerWithPets(request, ['Milo']);
    const grooming = await service(request, token, 'grooming');
    await loginWith(page, request, creds, '/customer/bookservice?service=grooming');
    await expect(page.getByTestId('booking-service')).toHaveText('Grooming');
    await pickDate(page, /^Date/, TOMORROW);
    await page.getByText('16:30', { exact: true }).click();
    await page.getByText('Pay online now').click();
    await page.getByRole('button', { name: `Pay ${inr(grooming.price)} and book` }).click();
    await expect(page.getByRole('dialog', { name: 'Card checkout' })).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(page).toHaveURL(/\/customer\/seeappointment$/);
    const card = page.getByTestId('appointment-card');
    await expect(card.getByTestId('appointment-payment')).toHaveText('Online payment not completed');
    const payNow = card.getByRole('button', { name: /^Pay now for appointment/ });
    await expect(payNow).toBeVisible();
    await shoot(page, 'appointment-pay-now');
    await payNow.click();
    const checkout = page.getByRole('dialog', { name: 'Card checkout' });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText(inr(grooming.price));
    await checkout.getByRole('button', { name: `Pay ${inr(grooming.price)}` }).click();
    await expect(page).toHaveURL(/\/customer\/seeappointment\?paid=1$/);
    await expect(card.getByTestId('appointment-payment')).toHaveText(`Paid online ${inr(grooming.price)}`);
    await expect(card.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  });

  test('requests a hostel stay for dates and sees it confirmed once staff confirm it', async ({ page, request }) => {
    const { creds, token } = await newCustomerWithPets(request, ['Coco']);
    const hostel = await service(request, token, 'hostel');
    await loginWith(page, request, creds, '/customer/bookservice?service=hostel');
    await expect(page.getByTestId('booking-service')).toHaveText('Hostel');
    await pickDate(page, /^From/, '05/03/2027');
    await pickDate(page, /^To/, '07/03/2027');
    await expect(page.getByTestId('booking-total')).toHaveText(inr(hostel.price * 3));
    await shoot(page, 'appointment-stay');
    await page.getByRole('button', { name: 'Request Stay' }).click();
    await expect(page).toHaveURL(/\/customer\/seeappointment$/);
    await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
    const mine = page.getByTestId('appointment-card');
    await expect(mine.getByTestId('appointment-status')).toHaveText('Pending');
    await expect(mine.getByTestId('appointment-when')).toHaveText('5 Mar 2027 to 7 Mar 2027');

    const card = await staffDay(page, request, '05/03/2027', creds.email);
    await expect(card).toContainText('Hostel');
    await card.getByRole('button', { name: 'Confirm Appointment' }).click();
    await expect(page.getByText('Appointment confirmed successfully!')).toBeVisible();
    await expect(card.getByTestId('appointment-status')).toHaveText('Confirmed');
    // A stay is completed by checking in at Reservations.
    await expect(card.getByRole('button', { name: 'Mark as Visited/Completed' })).toHaveCount(0);
    await shoot(page, 'appointment-staff-day');

    await loginWith(page, request, creds, '/customer/seeappointment');
    await expect(page.getByTestId('appointment-card').getByTestId('appointment-status')).toHaveText('Confirmed');
  });

  test('staff confirm a grooming appointment, complete it, and open New Visit with Grooming chosen', async ({
    page,
    request,
  }) => {
    const { creds, token, petIds } = await newCustomerWithPets(request, ['Sheru']);
    const grooming = await service(request, token, 'grooming');
    const res = await request.post('/api/v1/customerappointment/createappoint', {
      headers: { authorization: token },
      data: { serviceId: grooming._id, petId: petIds[0], appointmentDate: '2027-03-02', appointmentTime: '11:00', notes: '' },
    });
    expect(res.status(), await res.text()).toBe(201);

    const card = await staffDay(page, request, TOMORROW, creds.email);
    await card.getByRole('button', { name: 'Confirm Appointment' }).click();
    await expect(page.getByText('Appointment confirmed successfully!')).toBeVisible();
    await card.getByRole('button', { name: 'Mark as Visited/Completed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Visited/Completed' });
    await dialog.getByRole('textbox', { name: /Visit notes/ }).fill('Bath and nail trim done');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await expect(page.getByText('Appointment completed successfully!')).toBeVisible();
    await expect(card.getByTestId('appointment-status')).toHaveText('Completed');
    await expect(card.getByRole('button')).toHaveCount(0);
    await shoot(page, 'appointment-completed');

    await page.getByRole('dialog', { name: 'Record the visit?' }).getByRole('button', { name: 'Open New Visit' }).click();
    await expect(page).toHaveURL(/\/staff\/nvisit$/);
    await expect(page.getByRole('combobox', { name: 'Purpose of visit' })).toHaveValue('Grooming');
    await expect(page.getByText('Sheru').first()).toBeVisible();
  });

  test('grooming paid online, completed into New Visit: the money held is applied, nothing more is collected', async ({
    page,
    request,
  }) => {
    const { creds, token, petIds } = await newCustomerWithPets(request, ['Tiger']);
    const grooming = await service(request, token, 'grooming');
    const booked = await request.post('/api/v1/customerappointment/createappoint', {
      headers: { authorization: token },
      data: {
        serviceId: grooming._id,
        petId: petIds[0],
        appointmentDate: '2027-03-02',
        appointmentTime: '12:00',
        payOnline: true,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { checkout } = await booked.json();
    // The offline provider's checkout, paid and verified as the browser would.
    const paid = await request.post(`/api/v1/payments/offline/checkout/${checkout.id}/pay`, {
      headers: { authorization: token },
      data: { outcome: 'success' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = await paid.json();
    const verified = await request.post('/api/v1/payments/verify-payment', {
      headers: { authorization: token },
      data: { razorpay_order_id, razorpay_payment_id, razorpay_signature },
    });
    expect(verified.status(), await verified.text()).toBe(200);

    const card = await staffDay(page, request, TOMORROW, creds.email);
    await card.getByRole('button', { name: 'Confirm Appointment' }).click();
    await expect(page.getByText('Appointment confirmed successfully!')).toBeVisible();
    await card.getByRole('button', { name: 'Mark as Visited/Completed' }).click();
    await page.getByRole('dialog', { name: 'Mark as Visited/Completed' }).getByRole('button', { name: 'Mark completed' }).click();
    const offer = page.getByRole('dialog', { name: 'Record the visit?' });
    await expect(offer).toContainText(`${inr(grooming.price)} was paid online for it`);
    await offer.getByRole('button', { name: 'Open New Visit' }).click();
    await expect(page).toHaveURL(/\/staff\/nvisit$/);
    await expect(page.getByRole('combobox', { name: 'Purpose of visit' })).toHaveValue('Grooming');
    await expect(page.getByTestId('appointment-credit')).toContainText(
      `Paid online for this appointment: ${inr(grooming.price)} — applied to this visit`,
    );
    await expect(page.getByTestId('price-to-collect-now')).toHaveText(inr(0));
    await shoot(page, 'appointment-new-visit-paid-online');
    await page.getByRole('button', { name: 'Save Visit' }).click();
    await expect(page.getByText('Payment successful and visit saved!')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);

    // The owner's statement: the grooming charged, paid by the deposit applied to it, nothing due or held.
    const res = await request.get('/api/v1/payments/statement', {
      headers: { authorization: await apiToken(request, 'staff') },
      params: { petId: petIds[0]! },
    });
    expect(res.status(), await res.text()).toBe(200);
    const statement = await res.json();
    expect(statement.totals).toMatchObject({ charged: grooming.price, paid: grooming.price, due: 0, deposit: 0, balance: 0 });
    const texts = statement.entries.map((e: { description: string }) => e.description);
    expect(texts).toContain('Applied to Grooming from the deposit');
    expect(
      statement.entries.filter((e: { kind: string; method: string | null }) => e.kind === 'payment' && e.method === 'cash'),
    ).toEqual([]);

    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.evaluate((id) => {
      window.history.pushState({ usr: { petId: id }, key: `ap${Date.now()}`, idx: 1 }, '', '/staff/history');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, petIds[0]!);
    await expect(page.getByRole('heading', { name: 'Tiger', exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^Account/ }).click();
    const panel = page.getByRole('region', { name: 'Account' });
    // At phone width the entries are a list.
    await expect(panel).toContainText('Applied to Grooming from the deposit');
    await expect(panel.getByTestId('statement-held')).toContainText('Nothing held');
    await expect(panel.getByTestId('statement-balance')).toContainText('Settled');
    await shoot(page, 'appointment-statement-applied');
  });
});
