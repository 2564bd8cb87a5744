import { groomingVisitBody, schoolVisitBody, VISIT_MESSAGES } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import {
  type FormCode,
  mockVisitApi,
  nothingPosted,
  PET_ID,
  PLAN_ID,
  paymentModal,
  priceLine,
  renderVisitForm,
  savedBody,
  subscription,
  TYPE_ID,
  typeNumber,
  visitType,
} from '../test/kit';

const ACTIVATE = 'Activate subscription for this visit';
const ACTIVATED = 'Subscription activated (cancel to pay instead)';

/**
 * The purposes a subscription can cover (spec 001 §4): the switch uses the pet's subscription for this visit, the
 * price shows as covered (₹0, no discount field) and the visit saves without the payment modal; switched off, the
 * price comes back.
 */
describe.each<{
  code: FormCode;
  price: number;
  covered: string;
  total: string;
  details: Record<string, unknown>;
}>([
  {
    code: 'grooming',
    price: 700,
    covered: 'Final price (one subscription session)',
    total: 'Final price',
    details: { discount: 0, price: 700, finalPrice: 0, selectedPayment: null },
  },
  {
    code: 'hostel',
    price: 1000,
    covered: 'Total (subscription)',
    total: 'Total',
    details: {
      numberOfDays: 1,
      discount: 0,
      price: 1000,
      finalPrice: 0,
      paymentLeft: 0,
      selectedPaymentType: null,
      selectedPayment: null,
    },
  },
  {
    code: 'day_care',
    price: 600,
    covered: 'Total (subscription)',
    total: 'Total',
    details: {
      numberOfDays: 1,
      discount: 0,
      price: 600,
      finalPrice: 0,
      paymentLeft: 0,
      selectedPaymentType: null,
      selectedPayment: null,
    },
  },
])('$code with a subscription', ({ code, price, covered, total, details }) => {
  const type = visitType(code, { price });
  const shown = `₹${price.toLocaleString('en-IN')}.00`;

  it('switched on: the price is covered (₹0), no discount, saved without payment with the plan', async () => {
    const posted = mockVisitApi({ subscription: subscription(code) });
    const { user } = renderVisitForm(type);

    const sw = await screen.findByRole('switch', { name: ACTIVATE });
    expect(screen.getByText(`${type.purpose} subscription: Monthly`)).toBeInTheDocument();
    expect(priceLine(total)).toHaveTextContent(shown);
    await typeNumber(user, /^Discount/, '50');

    await user.click(sw);
    expect(screen.getByRole('switch', { name: ACTIVATED })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /^Discount/ })).not.toBeInTheDocument();
    expect(priceLine(covered)).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));

    const saved = await savedBody(posted);
    expect(saved.body).toStrictEqual({
      petId: PET_ID,
      visitType: TYPE_ID[code],
      details: { planId: PLAN_ID, isSubscriptionAvailed: true, ...details },
    });
  });

  it('switched off again: the price and the discount come back and the payment is asked for', async () => {
    mockVisitApi({ subscription: subscription(code) });
    const { user } = renderVisitForm(type);

    await user.click(await screen.findByRole('switch', { name: ACTIVATE }));
    await user.click(screen.getByRole('switch', { name: ACTIVATED }));
    expect(screen.getByRole('textbox', { name: /^Discount/ })).toBeInTheDocument();
    expect(priceLine(total)).toHaveTextContent(shown);
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await paymentModal(code === 'grooming' ? 'Payment Options' : 'Payment Type')).toBeInTheDocument();
  });

  it('without a subscription: says so, and there is no switch', async () => {
    mockVisitApi({ subscription: null });
    renderVisitForm(type);
    expect(await screen.findByText(`No active ${type.purpose} subscription for this pet.`)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(priceLine(total)).toHaveTextContent(shown);
  });
});

describe('the subscription check', () => {
  it('failed: says so with Try Again, which asks again', async () => {
    mockVisitApi({ subscription: subscription('grooming') });
    let calls = 0;
    server.use(
      http.get('/api/v1/subscription/getsubscriptiondetails/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ success: false, message: 'Down' }, { status: 500 }) : undefined;
      }),
    );
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    expect(await screen.findByText("Could not check the pet's subscription")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('switch', { name: ACTIVATE })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('grooming with a subscription: what is left', () => {
  it('shows the days and the grooming sessions left', async () => {
    mockVisitApi({ subscription: subscription('grooming', { daysLeft: 9, numberOfGroomings: 2 }) });
    renderVisitForm(visitType('grooming', { price: 700 }));
    expect(await screen.findByText('9 days left · 2 grooming sessions left')).toBeInTheDocument();
  });

  it('posts a body the server schema accepts', async () => {
    const posted = mockVisitApi({ subscription: subscription('grooming') });
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    await user.click(await screen.findByRole('switch', { name: ACTIVATE }));
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));
    expect(groomingVisitBody.safeParse((await savedBody(posted)).body).success).toBe(true);
  });
});

/** Day School and Play School: saved only with the subscription switched on ('avail subscription then save visit'). */
describe.each<{ code: 'day_school' | 'play_school'; path: string }>([
  { code: 'day_school', path: '/visit/adddayschoolvisit' },
  { code: 'play_school', path: '/visit/addplayschoolvisit' },
])('$code', ({ code, path }) => {
  const type = visitType(code, { price: 400 });

  it.each([
    { when: 'the pet has no subscription', sub: null },
    { when: 'the subscription is not switched on', sub: subscription(code) },
  ])('refuses to save when $when', async ({ sub }) => {
    const posted = mockVisitApi({ subscription: sub });
    const { user } = renderVisitForm(type);
    await screen.findByText(
      sub ? `${type.purpose} subscription: Monthly` : `No active ${type.purpose} subscription for this pet.`,
    );

    await user.click(screen.getByRole('button', { name: 'Save Visit' }));
    // A message on the form, not a 'Something went wrong' toast (issue 18).
    const message = await screen.findByTestId('subscription-required');
    expect(message).toHaveTextContent(VISIT_MESSAGES.subscriptionRequired);
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    await nothingPosted(posted);
    if (sub) {
      // Held but not switched on: the way is the switch, not another purchase.
      expect(within(message).queryByRole('button', { name: 'Buy Subscription' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('switch', { name: ACTIVATE }));
      expect(screen.queryByTestId('subscription-required')).not.toBeInTheDocument();
    } else {
      await user.click(within(message).getByRole('button', { name: 'Buy Subscription' }));
      expect(await screen.findByText(`Buy page for ${PET_ID}`)).toBeInTheDocument();
    }
  });

  it('switched on: saves with the plan, nothing to pay', async () => {
    const posted = mockVisitApi({ subscription: subscription(code) });
    const { user } = renderVisitForm(type);

    await user.click(await screen.findByRole('switch', { name: ACTIVATE }));
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));

    const saved = await savedBody(posted);
    expect(saved).toStrictEqual({
      path,
      body: { petId: PET_ID, visitType: TYPE_ID[code], isSubscriptionAvailed: true, planId: PLAN_ID },
    });
    expect(schoolVisitBody.safeParse(saved.body).success).toBe(true);
  });
});
