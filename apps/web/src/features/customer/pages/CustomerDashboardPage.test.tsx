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

const pet = (name: string, id: string) => ({
  _id: id,
  name,
  species: 'dog',
  breed: 'Beagle',
  customBreed: null,
  sex: 'Male',
  color: 'Brown',
  dob: null,
  neutered: false,
  registrationDate: '2026-01-01',
  segment: 'Day Care',
  vaccinations: [],
});

interface Figures {
  subscriptions?: unknown[];
  balance?: number;
  lowBalance?: boolean;
  fail?: boolean;
  summary?: { visits: number; spent: number };
  packages?: { name: string; status: string }[];
  pets?: unknown[];
}

function mockFigures(o: Figures) {
  const emails: (string | null)[] = [];
  const fail = () => HttpResponse.json({ success: false, message: 'Boom' }, { status: 500 });
  server.use(
    http.get('/api/v1/customer/summary', () =>
      o.fail
        ? fail()
        : HttpResponse.json({
            success: true,
            summary: { month: '2026-11', from: '2026-11-01', to: '2026-11-30', pets: 1, visits: 0, spent: 0, ...o.summary },
          }),
    ),
    http.get('/api/v1/customer/packages/mine', () =>
      o.fail ? fail() : HttpResponse.json({ success: true, packages: o.packages ?? [], wallet: { balance: o.balance ?? 0 } }),
    ),
    http.post('/api/v1/customer/pet/getallpets', () =>
      o.fail ? fail() : HttpResponse.json({ success: true, pets: o.pets ?? [] }),
    ),
    http.get('/api/v1/site/business', () =>
      HttpResponse.json({
        success: true,
        business: {
          name: 'Happy Tails Resort',
          address: '12 Golf Course Road\nGurugram',
          phone: '+91 98100 12345',
          email: 'help@happytails.test',
          gstin: '',
          openingHours: 'Mon-Sun 8 AM to 8 PM',
        },
      }),
    ),
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
    expect(await screen.findByText('Could not load this month')).toBeInTheDocument();
    expect(await screen.findByText('Could not load your packages')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load your registered pets')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try Again' })).toHaveLength(5);
  });
});

describe('This Month, My Pets and help', () => {
  it("This Month shows the server's visits and amount spent; the packages running show under the wallet", async () => {
    mockFigures({
      summary: { visits: 3, spent: 2450.5 },
      packages: [
        { name: 'Hostel 15 days', status: 'active' },
        { name: 'Old package', status: 'ended' },
      ],
    });
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByTestId('card-month-visits')).toHaveTextContent('3');
    expect(screen.getByTestId('card-month-spent')).toHaveTextContent('₹2,450.50');
    expect(await screen.findByTestId('card-packages')).toHaveTextContent('1 active package: Hostel 15 days');
  });

  it('My Pets lists the real pets, each linking to its visits, with Register New Pet', async () => {
    mockFigures({ pets: [pet('Bruno', '650000000000000000000b01'), pet('Coco', '650000000000000000000b02')] });
    renderWithProviders(<CustomerDashboardPage />);
    const list = await screen.findByRole('list', { name: 'My Pets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Coco: visits' })).toHaveAttribute(
      'href',
      '/customer/viewpetvisit/650000000000000000000b02',
    );
    expect(screen.getByRole('link', { name: 'Register New Pet' })).toHaveAttribute('href', '/customer/petform');
  });

  it('no pets yet: says so; the help card shows the configured contact details', async () => {
    mockFigures({ pets: [] });
    renderWithProviders(<CustomerDashboardPage />);
    expect(await screen.findByText('No registered pets found.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '+91 98100 12345' })).toHaveAttribute('href', 'tel:+919810012345');
    expect(screen.getByRole('link', { name: 'help@happytails.test' })).toHaveAttribute('href', 'mailto:help@happytails.test');
    expect(screen.getByText('Mon-Sun 8 AM to 8 PM')).toBeInTheDocument();
    expect(screen.getByText(/Happy Tails Resort is here for you/)).toBeInTheDocument();
  });

  it('keeps the links to visits, documents and profile', async () => {
    mockFigures({});
    renderWithProviders(<CustomerDashboardPage />);
    const nav = screen.getByRole('navigation', { name: 'More for you' });
    expect(within(nav).getByRole('link', { name: /My Documents/ })).toHaveAttribute('href', '/customer/documents');
    expect(within(nav).getByRole('link', { name: /My Profile/ })).toHaveAttribute('href', '/customer/profile');
    expect(within(nav).getByRole('link', { name: /Visits/ })).toHaveAttribute('href', '/customer/viewvisit');
  });
});
