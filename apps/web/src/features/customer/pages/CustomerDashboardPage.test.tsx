import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '../../../lib/auth';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import CustomerDashboardPage from './CustomerDashboardPage';

const EMAIL = 'rohan@owner.test';
let n = 0;
const sub = (daysLeft: number, status: 'active' | 'inactive' | 'awaiting_payment' = 'active') => ({
  _id: `6500000000000000000000${String(++n).padStart(2, '0')}`,
  active: status === 'active',
  status,
  daysLeft,
  numberOfGroomings: 1,
  firstPaymentDate: '2026-11-01',
  lastPaymentDate: '2026-11-01',
  validUntil: null,
  amountDue: 0,
  petId: { _id: '650000000000000000000b01', name: 'Bruno', breed: 'Beagle', email: EMAIL },
  planId: { _id: 'p', name: 'Day School Monthly', duration: 30, price: 12000, subscriptionType: { purpose: 'Day School' } },
});

function mockFigures(o: { subscriptions?: unknown[]; balance?: number; lowBalance?: boolean; fail?: boolean }) {
  const emails: (string | null)[] = [];
  server.use(
    http.get('/api/v1/subscription/customer-subscriptions', ({ request }) => {
      emails.push(new URL(request.url).searchParams.get('email'));
      if (o.fail) return HttpResponse.json({ success: false, message: 'Boom' }, { status: 500 });
      return HttpResponse.json({ success: true, message: 'ok', subscriptions: o.subscriptions ?? [] });
    }),
    http.get('/api/v1/customer/wallet', () =>
      o.fail
        ? HttpResponse.json({ success: false, message: 'Boom' }, { status: 500 })
        : HttpResponse.json({
            success: true,
            wallet: {
              balance: o.balance ?? 0,
              maxTopUp: 100000,
              lowBalance: o.lowBalance ?? null,
              movements: [],
              nextCursor: null,
            },
          }),
    ),
  );
  return emails;
}

beforeEach(() =>
  auth.signIn({
    success: true,
    message: 'ok',
    token: 't',
    user: { id: 'u1', role: 'customer', fullName: 'Rohan Mehta', email: EMAIL, isAdmin: false, phone: null, address: null },
  }),
);

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;

describe('the customer dashboard’s cards', () => {
  it('Buy subscription: active subscriptions and those expiring soon; Wallet Balance: the wallet’s balance; both lead to the spec’s pages', async () => {
    const emails = mockFigures({
      subscriptions: [sub(3), sub(7), sub(8), sub(45), sub(2, 'inactive'), sub(1, 'awaiting_payment')],
      balance: 23000.5,
    });
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByTestId('card-active')).toHaveTextContent('4');
    expect(screen.getByTestId('card-expiring')).toHaveTextContent('2');
    expect(await screen.findByTestId('card-wallet')).toHaveTextContent('₹23,000.50');
    expect(emails[0]).toBe(EMAIL);
    expect(within(card('Buy subscription')).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/customer/buysubscription',
    );
    expect(within(card('Wallet Balance')).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/customer/subscription');
    expect(screen.queryByText('Low Wallet Balance')).not.toBeInTheDocument();
  });

  it('none yet: zeros, and the low-balance warning when the wallet says so', async () => {
    mockFigures({ subscriptions: [], balance: 0, lowBalance: true });
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByTestId('card-active')).toHaveTextContent('0');
    expect(screen.getByTestId('card-expiring')).toHaveTextContent('0');
    expect(await screen.findByTestId('card-wallet')).toHaveTextContent('₹0.00');
    expect(screen.getByText('Low Wallet Balance')).toBeInTheDocument();
  });

  it('a failed load says so in the card with Try Again', async () => {
    mockFigures({ fail: true });
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByText('Failed to fetch subscriptions')).toBeInTheDocument();
    expect(await screen.findByText('Could not load your wallet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try Again' })).toHaveLength(2);
  });
});
