import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import CustomerBuySubscriptionPage from '../../pages/CustomerBuySubscriptionPage';
import {
  BRUNO,
  DAY_SCHOOL,
  EMAIL,
  FREE_PLAN,
  mockCustomerReads,
  pets,
  plans,
  signInCustomer,
  sub,
} from '../../test/customer-kit';
import { planLabel, planTerms, totalOf, validateBuy } from './buy-plan';

function Landed() {
  const { pathname, search } = useLocation();
  return <p>{`Landed on ${pathname}${search}`}</p>;
}

/** The create-order call: answers an offline order (or `refuse` with a 400); keeps the bodies. */
function mockOrder(refuse?: string) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/v1/customer/payment/create-order', async ({ request }) => {
      bodies.push(await request.json());
      if (refuse) return HttpResponse.json({ success: false, message: refuse }, { status: 400 });
      return HttpResponse.json({
        success: true,
        id: 'order_ABCDEFGHIJKLMN',
        amount: 1200000,
        amountRupees: 12000,
        currency: 'INR',
        keyId: 'rzp_test_offline',
        provider: 'offline',
        success_url: '/api/v1/customer/payment/success?order_id=order_ABCDEFGHIJKLMN',
        cancel_url: '/customer/buysubscription?cancelled=1',
        description: 'Day School Monthly for Bruno',
      });
    }),
  );
  return bodies;
}

beforeEach(signInCustomer);

describe('the buy form’s checks (spec 001 §5)', () => {
  it.each([
    [
      { petId: null, planId: null },
      { petId: 'Please select a pet', planId: 'Please select a plan' },
    ],
    [{ petId: BRUNO, planId: null }, { planId: 'Please select a plan' }],
    [{ petId: BRUNO, planId: FREE_PLAN }, { planId: 'Invalid plan selected' }],
    [{ petId: BRUNO, planId: '650000000000000000000fff' }, { planId: 'Invalid plan selected' }],
    [{ petId: BRUNO, planId: DAY_SCHOOL }, {}],
  ])('%o → %o', (values, errors) => {
    expect(validateBuy(values, plans)).toEqual(errors);
  });

  it('names a plan by its terms and price in rupees; the total is the plan’s price', () => {
    expect(planLabel(plans[0]!)).toBe('Day School Monthly · 30 days · 1 grooming · valid 45 days · ₹12,000.00');
    expect(planTerms(plans[1]!)).toBe('15 days · 1 grooming · no expiry');
    expect(totalOf(plans[0])).toBe(12000);
    expect(totalOf(plans[2])).toBe(0);
    expect(totalOf(undefined)).toBe(0);
  });
});

describe('/customer/buysubscription', () => {
  it('Pay with nothing chosen shows the spec’s messages and creates no order', async () => {
    mockCustomerReads();
    const bodies = mockOrder();
    const { user } = renderWithProviders(<CustomerBuySubscriptionPage />);
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Please select a pet')).toBeInTheDocument();
    expect(screen.getByText('Please select a plan')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Pet/)).toHaveFocus();
    await user.selectOptions(screen.getByLabelText(/^Pet/), BRUNO);
    await user.selectOptions(screen.getByLabelText(/^Subscription plan/), FREE_PLAN);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Invalid plan selected')).toBeInTheDocument();
    expect(screen.queryByText('Please select a pet')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows the plan’s terms and the total in ₹, then pays: the order names the pet, plan and own email', async () => {
    mockCustomerReads();
    const bodies = mockOrder();
    const { user } = renderWithProviders(<CustomerBuySubscriptionPage />, {
      routes: { '/customer/buysubscription': <Landed /> },
      route: '/customer/buy',
    });
    await user.selectOptions(await screen.findByLabelText(/^Pet/), BRUNO);
    expect(screen.getByTestId('buy-total')).toHaveTextContent('₹0.00');
    await user.selectOptions(screen.getByLabelText(/^Subscription plan/), DAY_SCHOOL);
    expect(screen.getByTestId('buy-total')).toHaveTextContent('₹12,000.00');
    const summary = screen.getByRole('group', { name: 'Plan summary' });
    expect(summary).toHaveTextContent('Day School');
    expect(summary).toHaveTextContent('30 days');
    expect(summary).toHaveTextContent('45 days from payment');
    expect(document.body.textContent).not.toContain('$');
    await user.click(screen.getByRole('button', { name: 'Pay ₹12,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Card checkout' });
    expect(within(dialog).getByTestId('checkout-amount')).toHaveTextContent('₹12,000.00');
    expect(bodies).toEqual([{ petId: BRUNO, planId: DAY_SCHOOL, email: EMAIL }]);
    // Closing the checkout goes to the cancel address.
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Landed on /customer/buysubscription?cancelled=1')).toBeInTheDocument();
  });

  it('a refused order keeps the form and shows the server’s message', async () => {
    mockCustomerReads();
    mockOrder('Invalid plan selected');
    const { user } = renderWithProviders(<CustomerBuySubscriptionPage />);
    await user.selectOptions(await screen.findByLabelText(/^Pet/), BRUNO);
    await user.selectOptions(screen.getByLabelText(/^Subscription plan/), DAY_SCHOOL);
    await user.click(screen.getByRole('button', { name: 'Pay ₹12,000.00' }));
    expect(await screen.findByText('Invalid plan selected')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subscription plan/)).toHaveValue(DAY_SCHOOL);
  });

  it('a plan of a purpose the pet holds says it renews that subscription', async () => {
    mockCustomerReads({ subscriptions: [sub(pets[0]!, 12)] });
    mockOrder();
    const { user } = renderWithProviders(<CustomerBuySubscriptionPage />, { state: { petId: BRUNO } });
    await user.selectOptions(await screen.findByLabelText(/^Subscription plan/), DAY_SCHOOL);
    expect(screen.getByLabelText(/^Pet/)).toHaveValue(BRUNO);
    expect(await screen.findByText('This renews a subscription')).toBeInTheDocument();
    expect(screen.getByText(/already holds a Day School subscription \(12 days left\)/)).toBeInTheDocument();
  });

  it('after a dismissed checkout, says calmly that nothing was charged', async () => {
    mockCustomerReads();
    renderWithProviders(<CustomerBuySubscriptionPage />, { route: '/customer/buysubscription?cancelled=1' });
    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    expect(screen.getByText(/nothing was charged/)).toBeInTheDocument();
  });
});
