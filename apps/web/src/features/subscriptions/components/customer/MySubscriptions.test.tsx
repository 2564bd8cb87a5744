import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import CustomerSubscriptionsPage from '../../pages/CustomerSubscriptionsPage';
import { EMAIL, mockCustomerReads, movement, pets, signInCustomer, sub, wallet } from '../../test/customer-kit';
import { groupByPet } from './my-subscriptions';
import { returnNotice } from './ReturnNotice';
import { MOVEMENT_LABEL, signedINR, TOPUP_MESSAGES, validateTopUp } from './wallet';

const [bruno, coco] = pets as [(typeof pets)[0], (typeof pets)[0]];

beforeEach(signInCustomer);

describe('pets with their subscriptions', () => {
  it('groups every pet with its subscriptions, active first and fewest days left first', () => {
    const subs = [
      sub(bruno, 40, { purpose: 'Hostel' }),
      sub(bruno, 0, { active: false, status: 'inactive', purpose: 'Play School' }),
      sub(bruno, 5),
    ];
    const groups = groupByPet(pets, subs);
    expect(groups.map((g) => [g.name, g.subscriptions.length, g.active, g.expiringSoon])).toEqual([
      ['Bruno', 3, 2, 1],
      ['Coco', 0, 0, 0],
    ]);
    expect(groups[0]!.subscriptions.map((s) => s.daysLeft)).toEqual([5, 40, 0]);
  });
});

describe('/customer/subscription', () => {
  it('asks for the own email’s subscriptions; days left red at 7 or fewer, yellow at 30 or fewer; Expiring soon counts active ones', async () => {
    const seen = mockCustomerReads({
      subscriptions: [
        sub(bruno, 3, { purpose: 'Day School' }),
        sub(bruno, 7, { purpose: 'Grooming' }),
        sub(bruno, 8, { purpose: 'Hostel' }),
        sub(bruno, 30, { purpose: 'Day Care' }),
        sub(bruno, 31, { purpose: 'Play School' }),
        sub(coco, 2, { active: false, status: 'inactive' }),
        sub(coco, 5, {
          active: false,
          status: 'awaiting_payment',
          purpose: 'Hostel',
          firstPaymentDate: null,
          lastPaymentDate: null,
        }),
      ],
    });
    renderWithProviders(<CustomerSubscriptionsPage />);
    expect(await screen.findByTestId('active-count')).toHaveTextContent('5');
    expect(screen.getByTestId('expiring-count')).toHaveTextContent('2');
    expect(seen.subscriptionEmails[0]).toBe(EMAIL);

    const groups = screen.getAllByTestId('pet-group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByTestId('pet-count')).toHaveTextContent('5');
    const levels = within(groups[0]!)
      .getAllByTestId('days-left')
      .map((d) => [d.textContent?.replace('Days left', ''), d.querySelector('[data-level]')?.getAttribute('data-level')]);
    expect(levels).toEqual([
      ['3 days', 'red'],
      ['7 days', 'red'],
      ['8 days', 'yellow'],
      ['30 days', 'yellow'],
      ['31 days', 'normal'],
    ]);
    expect(within(groups[0]!).getAllByText('Expiring soon')).toHaveLength(2);
  });

  it('a pet’s detail: status, groomings, payment dates and validity', async () => {
    mockCustomerReads({
      subscriptions: [
        sub(coco, 5, {
          active: false,
          status: 'awaiting_payment',
          purpose: 'Hostel',
          firstPaymentDate: null,
          lastPaymentDate: null,
          numberOfGroomings: 2,
        }),
        sub(coco, 0, { active: false, status: 'inactive', validUntil: '2026-12-31' }),
      ],
    });
    const { user } = renderWithProviders(<CustomerSubscriptionsPage />);
    // Coco is the first pet with a subscription: its detail is open.
    const cards = await screen.findAllByTestId('subscription-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('subscription-status')).toHaveTextContent('Awaiting payment');
    expect(cards[0]).toHaveTextContent('Not paid yet');
    expect(cards[0]).toHaveTextContent('Groomings left2');
    expect(cards[0]).toHaveTextContent('No expiry');
    expect(within(cards[1]!).getByTestId('subscription-status')).toHaveTextContent('Inactive');
    expect(cards[1]).toHaveTextContent('1 Oct 2026');
    expect(cards[1]).toHaveTextContent('1 Nov 2026');
    expect(cards[1]).toHaveTextContent('31 Dec 2026');
    expect(screen.getByTestId('expiring-count')).toHaveTextContent('0');
    // Bruno has none.
    await user.click(screen.getByRole('button', { name: /^Bruno: No subscriptions/ }));
    expect(await screen.findByRole('link', { name: 'Buy a subscription for Bruno' })).toBeInTheDocument();
  });

  it('a failed load says so with Try Again', async () => {
    mockCustomerReads({ subscriptions: 'error' });
    renderWithProviders(<CustomerSubscriptionsPage />);
    expect(await screen.findByText('Error Loading Subscriptions')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch subscriptions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('after paying: the spec’s message (the wallet’s own after a top-up)', () => {
    expect(returnNotice(new URLSearchParams('paid=1'))?.body).toBe('Payment successful and subscription purchased!');
    expect(returnNotice(new URLSearchParams('paid=1&topup=1'))?.title).toBe('Wallet topped up');
    expect(returnNotice(new URLSearchParams('failed=1'))?.title).toBe('Failed to purchase subscription');
    expect(returnNotice(new URLSearchParams('cancelled=1'))?.body).toMatch(/nothing was charged/);
    expect(returnNotice(new URLSearchParams(''))).toBeNull();
  });
});

describe('the wallet', () => {
  it('shows the balance and every movement newest first, signed, with the balance after; Load more asks for the next page', async () => {
    const seen = mockCustomerReads({
      walletPages: [
        wallet({
          balance: 3466.67,
          movements: [movement(3, -766.67, 3466.67), movement(2, -766.66, 4233.34), movement(1, 5000, 5000)],
          nextCursor: '1',
        }),
        wallet({ balance: 3466.67, movements: [movement(0, -0.01, 0, { kind: 'refund', description: '' })] }),
      ],
    });
    const { user } = renderWithProviders(<CustomerSubscriptionsPage />);
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹3,466.67');
    let rows = screen.getAllByTestId('wallet-movement');
    expect(rows.map((r) => within(r).getByTestId('movement-amount').textContent)).toEqual(['−₹766.67', '−₹766.66', '+₹5,000.00']);
    expect(rows.map((r) => within(r).getByTestId('movement-balance').textContent)).toEqual([
      'Balance ₹3,466.67',
      'Balance ₹4,233.34',
      'Balance ₹5,000.00',
    ]);
    expect(rows[0]).toHaveTextContent('Daily Boarding Charge (1 pet)');
    expect(rows[2]).toHaveTextContent('Wallet top-up');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-movement')).toHaveLength(4));
    rows = screen.getAllByTestId('wallet-movement');
    // No description: the kind names it.
    expect(rows[3]).toHaveTextContent(MOVEMENT_LABEL.refund);
    expect(seen.walletCursors).toEqual([null, '1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('signs amounts with a real minus sign', () => {
    expect([signedINR(500), signedINR(-766.67), signedINR(0)]).toEqual(['+₹500.00', '−₹766.67', '₹0.00']);
  });

  it.each([
    ['', 100000, TOPUP_MESSAGES.required],
    [0, 100000, TOPUP_MESSAGES.positive],
    [-5, 100000, TOPUP_MESSAGES.positive],
    [10.005, 100000, TOPUP_MESSAGES.decimals],
    [100000.01, 100000, 'A top-up can be at most ₹1,00,000.00'],
    [2501, 2500, 'A top-up can be at most ₹2,500.00'],
    [100000, 100000, null],
    [0.01, 100000, null],
  ])('top-up of %s with a limit of %s → %s', (amount, max, message) => {
    expect(validateTopUp(amount, max)).toBe(message);
  });

  it('Top up above the limit says so on the field and creates no order; within it opens the checkout', async () => {
    mockCustomerReads({ walletPages: [wallet({ maxTopUp: 20000 })] });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/customer/wallet/create-order', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          id: 'order_ABCDEFGHIJKLMN',
          amount: 250000,
          amountRupees: 2500,
          currency: 'INR',
          keyId: 'k',
          provider: 'offline',
          success_url: '/api/v1/customer/payment/success?order_id=order_ABCDEFGHIJKLMN',
          cancel_url: '/customer/subscription?cancelled=1',
          description: 'Wallet top-up',
        });
      }),
    );
    const { user } = renderWithProviders(<CustomerSubscriptionsPage />);
    const amount = await screen.findByLabelText(/Top-up amount/);
    expect(screen.getByText('Up to ₹20,000.00 at a time')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText(TOPUP_MESSAGES.required)).toBeInTheDocument();
    await user.type(amount, '25000');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('A top-up can be at most ₹20,000.00')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '2500');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Card checkout' });
    expect(within(dialog).getByTestId('checkout-amount')).toHaveTextContent('₹2,500.00');
    expect(bodies).toEqual([{ amount: 2500 }]);
  });
});
