import type { PetSubscription, SubscriptionPlan } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { server } from '../test/server';
import { BuySubscriptionForm } from './BuySubscriptionForm';
import { addsText, saleEffect } from './subscription-sale';

const PET = '650000000000000000000001';
const OWNER = '650000000000000000000005';
const BUY_TYPE = '6500000000000000000000b1';
const SCHOOL = { _id: '6500000000000000000000a6', purpose: 'Day School', code: 'day_school' };
const GROOMING = { _id: '6500000000000000000000a8', purpose: 'Grooming', code: 'grooming' };

const plan = (id: string, fields: Partial<SubscriptionPlan> = {}): SubscriptionPlan => ({
  _id: id,
  name: 'Monthly',
  price: 12000,
  duration: 30,
  validityInDays: null,
  numberOfGroomings: 0,
  active: true,
  subscriptionType: SCHOOL,
  ...fields,
});
const MONTHLY = plan('650000000000000000000021');
const QUARTER = plan('650000000000000000000022', { name: 'Quarter', duration: 90, price: 30000, validityInDays: 120 });
const GROOM4 = plan('650000000000000000000023', {
  name: 'Four grooms',
  duration: 60,
  numberOfGroomings: 4,
  price: 2400,
  subscriptionType: GROOMING,
});

const held = (fields: Partial<PetSubscription> = {}): PetSubscription => ({
  _id: '650000000000000000000031',
  planId: { ...MONTHLY, validityInDays: null },
  active: true,
  status: 'active',
  daysLeft: 12,
  numberOfGroomings: 0,
  firstPaymentDate: '2026-11-01',
  lastPaymentDate: '2026-11-01',
  validUntil: null,
  amountDue: 0,
  payLater: false,
  history: [],
  ...fields,
});

describe('what a sale does', () => {
  it('renews the live subscription of the plan purpose, whichever plan it holds', () => {
    const effect = saleEffect(QUARTER, [held()]);
    expect(effect).toMatchObject({ kind: 'renew', note: 'Renews Day School — Monthly: adds 90 days' });
  });
  it('starts a new one for another purpose, or when the held one is inactive', () => {
    expect(saleEffect(GROOM4, [held()]).kind).toBe('new');
    expect(saleEffect(QUARTER, [held({ active: false, status: 'inactive', daysLeft: 0 })]).kind).toBe('new');
    expect(saleEffect(null, [held()]).kind).toBe('new');
  });
  it('is blocked while the live one waits for its own payment', () => {
    expect(saleEffect(QUARTER, [held({ active: false, status: 'awaiting_payment' })])).toMatchObject({
      kind: 'blocked',
      reason: 'The Day School subscription is waiting for its payment',
    });
  });
  it('names days and sessions', () => {
    expect([addsText(MONTHLY), addsText(GROOM4), addsText({ duration: 1, numberOfGroomings: 1 })]).toEqual([
      'adds 30 days',
      'adds 60 days and 4 grooming sessions',
      'adds 1 day and 1 grooming session',
    ]);
  });
});

function mockApi(subscriptions: PetSubscription[], balance = 0) {
  const posted: unknown[] = [];
  server.use(
    http.get('/api/v1/subscription/getallsubscription', () =>
      HttpResponse.json({ success: true, subscriptionPlans: [MONTHLY, QUARTER, GROOM4] }),
    ),
    http.get(`/api/v1/subscription/petssubscription/${PET}`, () =>
      HttpResponse.json({ success: true, message: 'ok', data: subscriptions }),
    ),
    http.get(`/api/v1/pet/getpetdetails/${PET}`, () =>
      HttpResponse.json({
        success: true,
        pet: { _id: PET, name: 'Bruno', owner: { _id: OWNER, name: 'Asha', phone: '9812345678' } },
      }),
    ),
    http.get(`/api/v1/wallet/owner/${OWNER}`, () =>
      HttpResponse.json({
        success: true,
        wallet: { balance, maxTopUp: 100000, lowBalance: null, movements: [], nextCursor: null },
      }),
    ),
    http.post('/api/v1/subscription/buysubscription', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({
        success: true,
        message: 'Payment successful and subscription renewed!',
        renewed: true,
        subscription: {},
        visit: { _id: '650000000000000000000041' },
        payment: null,
      });
    }),
  );
  return posted;
}

function renderForm(initialPlanId: string | null = null) {
  return renderWithProviders(
    <BuySubscriptionForm petId={PET} visitTypeId={BUY_TYPE} initialPlanId={initialPlanId} onDone={() => {}} />,
  );
}

describe('BuySubscriptionForm', () => {
  it('Renew opens with the plan chosen and says what the renewal adds', async () => {
    mockApi([held()]);
    renderForm(QUARTER._id);
    expect(await screen.findByTestId('renewal-note')).toHaveTextContent('Renews Day School — Monthly: adds 90 days');
    expect(screen.getByTestId('renewal-note')).toHaveTextContent('12 days left now');
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('₹30,000.00');
  });

  it('is blocked while the live subscription waits for its payment', async () => {
    mockApi([held({ active: false, status: 'awaiting_payment' })]);
    renderForm(MONTHLY._id);
    expect(await screen.findByRole('alert')).toHaveTextContent('The Day School subscription is waiting for its payment');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  it('Proceed is disabled at ₹0 (no plan chosen)', async () => {
    mockApi([]);
    renderForm();
    expect(await screen.findByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  it('sends pay later for a payment link, and the plan price as details.price and total', async () => {
    const posted = mockApi([held()]);
    const { user } = renderForm(MONTHLY._id);
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Payment Link' }));
    await user.click(screen.getByRole('checkbox', { name: /Pay later/ }));
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      petId: PET,
      visitType: BUY_TYPE,
      planId: MONTHLY._id,
      details: { selectedPayment: 'payment_link', price: 12000, payLater: true },
      totalPrice: 12000,
    });
  });

  it('pays from the wallet when it holds the price', async () => {
    const posted = mockApi([], 15000);
    const { user } = renderForm(MONTHLY._id);
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await user.click(await screen.findByRole('button', { name: /Wallet.*Balance ₹15,000\.00/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ details: { selectedPayment: 'wallet', price: 12000 } });
    expect(await screen.findByText('Payment successful and subscription renewed!')).toBeInTheDocument();
  });
});
