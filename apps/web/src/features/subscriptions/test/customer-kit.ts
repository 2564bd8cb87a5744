/** Fixtures and mock routes of the customer's subscription screens' tests. */
import { DEFAULT_BUSINESS, OPENING_HOURS } from '@pawdesk/shared/catalog';
import { HttpResponse, http } from 'msw';
import { auth } from '../../../lib/auth';
import type { CustomerSubscription } from '../../../lib/endpoints/customer';
import type { Wallet, WalletMovement } from '@pawdesk/shared';
import { server } from '../../../test/server';
import type { BuyablePlan } from '../components/customer/buy-plan';

export const EMAIL = 'rohan@owner.test';
export const BRUNO = '650000000000000000000b01';
export const COCO = '650000000000000000000b02';
export const DAY_SCHOOL = '650000000000000000000c01';
export const HOSTEL_15 = '650000000000000000000c02';
export const FREE_PLAN = '650000000000000000000c03';

/** Signs in a customer as the app stores the login. */
export function signInCustomer() {
  auth.signIn({
    success: true,
    message: 'ok',
    token: 'token-customer',
    user: { id: 'u1', role: 'customer', fullName: 'Rohan Mehta', email: EMAIL, isAdmin: false, phone: null, address: null },
  });
}

export const pets = [
  { _id: BRUNO, name: 'Bruno', breed: 'Beagle' },
  { _id: COCO, name: 'Coco', breed: 'Indie' },
];

const type = (_id: string, purpose: string) => ({ _id, purpose, code: purpose.toLowerCase().replace(' ', '_') });
export const plans: (BuyablePlan & { subscriptionType: { code: string } })[] = [
  {
    _id: DAY_SCHOOL,
    name: 'Day School Monthly',
    price: 12000,
    duration: 30,
    validityInDays: 45,
    numberOfGroomings: 1,
    active: true,
    subscriptionType: type('650000000000000000000a01', 'Day School'),
  },
  {
    _id: HOSTEL_15,
    name: 'Hostel 15 Days',
    price: 13500,
    duration: 15,
    validityInDays: null,
    numberOfGroomings: 1,
    active: true,
    subscriptionType: type('650000000000000000000a02', 'Hostel'),
  },
  {
    _id: FREE_PLAN,
    name: 'Trial',
    price: 0,
    duration: 1,
    validityInDays: null,
    numberOfGroomings: 0,
    active: true,
    subscriptionType: type('650000000000000000000a03', 'Play School'),
  },
];

let n = 0;
/** A customer subscription of `pet` with the given days left and state. */
export function sub(
  pet: { _id: string; name: string; breed: string },
  daysLeft: number,
  o: Partial<CustomerSubscription> & { purpose?: string } = {},
): CustomerSubscription {
  const { purpose = 'Day School', ...rest } = o;
  n++;
  return {
    _id: `650000000000000000000d${String(n).padStart(2, '0')}`,
    active: true,
    status: 'active',
    daysLeft,
    numberOfGroomings: 1,
    firstPaymentDate: '2026-10-01',
    lastPaymentDate: '2026-11-01',
    validUntil: null,
    amountDue: 0,
    payLater: false,
    petId: { ...pet, email: EMAIL },
    planId: {
      _id: DAY_SCHOOL,
      name: `${purpose} Monthly`,
      duration: 30,
      price: 12000,
      numberOfGroomings: 1,
      validityInDays: null,
      subscriptionType: { _id: '650000000000000000000a01', purpose },
    },
    ...rest,
  };
}

export function movement(i: number, amount: number, balanceAfter: number, o: Partial<WalletMovement> = {}): WalletMovement {
  return {
    _id: `650000000000000000000e${String(i).padStart(2, '0')}`,
    at: `2026-11-${String(10 + i).padStart(2, '0')}T05:30:00.000Z`,
    kind: amount >= 0 ? 'top_up' : 'package_day',
    description: amount >= 0 ? 'Wallet top-up' : 'Daily Boarding Charge (1 pet)',
    amount,
    balanceAfter,
    receiptNo: null,
    method: amount >= 0 ? 'card' : null,
    ...o,
  };
}

export const wallet = (o: Partial<Wallet> = {}): Wallet => ({
  balance: 5000,
  maxTopUp: 100000,
  lowBalance: null,
  movements: [],
  nextCursor: null,
  ...o,
});

/** The reads every customer page makes: pets, plans, subscriptions, wallet pages, packages. */
export function mockCustomerReads(
  o: {
    subscriptions?: CustomerSubscription[] | 'error';
    walletPages?: Wallet[];
    packages?: unknown[];
    offers?: unknown[];
    balance?: number;
  } = {},
) {
  const seen = { subscriptionEmails: [] as (string | null)[], walletCursors: [] as (string | null)[] };
  server.use(
    http.get('/api/v1/site/business', () =>
      HttpResponse.json({ success: true, business: { ...DEFAULT_BUSINESS, openingHours: OPENING_HOURS } }),
    ),
    http.post('/api/v1/customer/pet/getallpets', () => HttpResponse.json({ success: true, pets })),
    http.get('/api/v1/subscription/getallsubscription', () =>
      HttpResponse.json({ success: true, subscriptionPlans: plans, data: plans }),
    ),
    http.get('/api/v1/subscription/customer-subscriptions', ({ request }) => {
      seen.subscriptionEmails.push(new URL(request.url).searchParams.get('email'));
      if (o.subscriptions === 'error') return HttpResponse.json({ success: false, message: 'Boom' }, { status: 500 });
      return HttpResponse.json({ success: true, message: 'ok', subscriptions: o.subscriptions ?? [] });
    }),
    http.get('/api/v1/customer/wallet', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      seen.walletCursors.push(cursor);
      const pages = o.walletPages ?? [wallet()];
      const page = cursor ? pages[Number(cursor)]! : pages[0]!;
      return HttpResponse.json({ success: true, wallet: page });
    }),
    http.get('/api/v1/customer/packages/mine', () =>
      HttpResponse.json({ success: true, packages: o.packages ?? [], wallet: { balance: o.balance ?? 5000 } }),
    ),
    http.get('/api/v1/customer/packages', () => HttpResponse.json({ success: true, packages: o.offers ?? [] })),
  );
  return seen;
}
