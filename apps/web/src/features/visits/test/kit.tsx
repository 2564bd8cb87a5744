/**
 * What the New Visit sub-form tests share: a pet, visit types and a subscription as the server answers them, the
 * MSW handlers of the calls the forms make (subscription details, admission check, the save, whose JSON body is
 * kept), and helpers that click through the payment modal.
 */
import type { AppointmentCredit } from '../components/appointment-credit';
import { DEFAULT_STAY_SETTINGS, type SaveVisitResponse, type SubscriptionDetails, type VisitTypeApi } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { expect } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { PurposeForm } from '../components/PurposeForm';

export const PET_ID = '650000000000000000000001';
export const PLAN_ID = '650000000000000000000002';
const SUBSCRIPTION_ID = '650000000000000000000003';
const VISIT_ID = '650000000000000000000004';
const OWNER_ID = '650000000000000000000005';

/** Stable ids per purpose, so a body names the type it was saved for. */
export const TYPE_ID = {
  inquiry: '6500000000000000000000a1',
  dog_park: '6500000000000000000000a2',
  veterinary: '6500000000000000000000a3',
  hostel: '6500000000000000000000a4',
  day_care: '6500000000000000000000a5',
  day_school: '6500000000000000000000a6',
  play_school: '6500000000000000000000a7',
  grooming: '6500000000000000000000a8',
  shop: '6500000000000000000000a9',
} as const;
export type FormCode = keyof typeof TYPE_ID;

const PURPOSE: Record<FormCode, string> = {
  inquiry: 'Inquiry',
  dog_park: 'Dog Park',
  veterinary: 'Veterinary',
  hostel: 'Hostel',
  day_care: 'Day Care',
  day_school: 'Day School',
  play_school: 'Play School',
  grooming: 'Grooming',
  shop: 'Shop',
};

/** A visit type as getallvisittypes answers it; every consultation price differs, so a wrong pick shows. */
export function visitType(code: FormCode, prices: Partial<VisitTypeApi> = {}): VisitTypeApi {
  return {
    _id: TYPE_ID[code],
    code,
    purpose: PURPOSE[code],
    price: 0,
    halfdayPrice: 0,
    consultationPricePvt: 500,
    consultationPricePvtEmergency: 800,
    consultationPriceNgo: 300,
    consultationPriceNgoEmergency: 450,
    isBoarding: code === 'hostel' || code === 'day_care' || code === 'day_school' || code === 'play_school',
    hasSubscription: code === 'hostel' || code === 'day_care' || code === 'grooming' || code.endsWith('school'),
    capacity: null,
    sacCode: null,
    gstRate: 0,
    gstExempt: false,
    priceIncludesTax: true,
    ...prices,
  };
}

/** The pet's active subscription for the purpose, as getsubscriptiondetails answers it. */
export function subscription(code: FormCode, fields: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  const type = { _id: TYPE_ID[code], purpose: PURPOSE[code] };
  return {
    _id: SUBSCRIPTION_ID,
    petId: { _id: PET_ID, name: 'Bruno', owner: { _id: '650000000000000000000005', name: 'Asha' } },
    planId: {
      _id: PLAN_ID,
      name: 'Monthly',
      price: 9000,
      duration: 30,
      numberOfGroomings: 4,
      subscriptionType: type,
      validityInDays: null,
    },
    subscriptionType: type,
    numberOfGroomings: 3,
    daysLeft: 12,
    discount: 0,
    active: true,
    firstPaymentDate: '2026-11-01',
    lastPaymentDate: '2026-11-01',
    status: 'active',
    validUntil: null,
    amountDue: 0,
    payLater: false,
    ...fields,
  };
}

/** A POST the forms made: the path after /api/v1 and its JSON body. */
export interface Posted {
  path: string;
  body: unknown;
}

export interface MockOptions {
  /** The pet's subscription for the purpose (null: none). */
  subscription?: SubscriptionDetails | null;
  /** What the admission rule finds missing ([] = nothing). */
  missing?: string[];
  /** The save's answer: the status and body (default 200, a saved visit without payment). */
  saveAnswer?: { status: number; body: Record<string, unknown> };
}

const savedVisit = (message: string): SaveVisitResponse => ({
  success: true,
  message,
  visit: {
    _id: VISIT_ID,
    petId: PET_ID,
    purpose: 'Visit',
    price: 0,
    createdAt: '2026-11-22T10:00:00.000Z',
    boardingId: null,
    paid: 0,
    paymentLeft: 0,
  },
  payment: null,
});

/**
 * The API the sub-forms call, mocked: GET subscription details, POST admission check and POST /visit/add…visit.
 * Returns the list the saves' bodies are pushed to.
 */
export function mockVisitApi({ subscription = null, missing = [], saveAnswer }: MockOptions = {}): Posted[] {
  const posted: Posted[] = [];
  server.use(
    http.get('/api/v1/subscription/getsubscriptiondetails/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      expect({ petId: q.get('petId'), visitType: q.get('visitType') }).toEqual({
        petId: PET_ID,
        visitType: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      return HttpResponse.json({ success: true, message: 'ok', subscription });
    }),
    // How a stay is counted (the boarding forms show the dates a booking covers): the defaults.
    http.get('/api/v1/settings/stays', () => HttpResponse.json({ success: true, settings: DEFAULT_STAY_SETTINGS })),
    http.post('/api/v1/boarding/admissioncheck', () => HttpResponse.json({ success: true, ok: missing.length === 0, missing })),
    // The pet is not boarded (a boarded pet's payment options add 'Add to the stay's bill', issue 18).
    http.post('/api/v1/boarding/checkboarding', () => HttpResponse.json({ success: true, message: 'Not boarded' })),
    // The payment options offer the owner's wallet (issue 16): the pet names its owner, whose wallet is empty.
    http.get(`/api/v1/pet/getpetdetails/${PET_ID}`, () =>
      HttpResponse.json({ success: true, pet: { _id: PET_ID, name: 'Bruno', owner: { _id: OWNER_ID, name: 'Asha' } } }),
    ),
    http.get(`/api/v1/wallet/owner/${OWNER_ID}`, () =>
      HttpResponse.json({
        success: true,
        wallet: { balance: 0, maxTopUp: 100000, lowBalance: null, movements: [], nextCursor: null },
      }),
    ),
    http.post('/api/v1/visit/:endpoint', async ({ request, params }) => {
      posted.push({ path: `/visit/${String(params.endpoint)}`, body: await request.json() });
      const answer = saveAnswer ?? { status: 200, body: savedVisit('Visit saved successfully') };
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  );
  return posted;
}

/** The Buy Subscription page, naming the pet it was opened for (navigation state). */
function BuyPage() {
  const state = useLocation().state as { petId?: string } | null;
  return <p>Buy page for {state?.petId}</p>;
}

/** PurposeForm (the sub-form with the shared save flow) for a type, with the dashboard it goes to after a save. */
export function renderVisitForm(type: VisitTypeApi, appointment: AppointmentCredit | null = null) {
  return renderWithProviders(<PurposeForm petId={PET_ID} type={type} appointment={appointment} />, {
    route: '/staff/visit',
    routes: { '/staff/dashboard': <p>Dashboard page</p>, '/staff/buysubscription': <BuyPage /> },
  });
}

/** Waits for the save to finish (the form navigates to the dashboard) and gives the one body posted. */
export async function savedBody(posted: Posted[]): Promise<Posted> {
  await screen.findByText('Dashboard page');
  expect(posted).toHaveLength(1);
  return posted[0]!;
}

/** The amount a price line shows, by its label (PriceLines' test id). */
export const priceLine = (label: string) => screen.getByTestId(`price-${label.toLowerCase().replace(/\W+/g, '-')}`);

/** The open payment modal (a Mantine Modal is a dialog named by its title). */
export const paymentModal = (title: 'Payment Type' | 'Payment Options') => screen.findByRole('dialog', { name: title });

/** In Payment Options: choose the method and, for cash and link, tick the confirmation of `amountText`, then Submit. */
export async function payWith(user: UserEvent, method: 'Cash Payment' | 'Payment Link', amountText: string) {
  const modal = await paymentModal('Payment Options');
  await user.click(within(modal).getByRole('button', { name: method }));
  const confirmation =
    method === 'Payment Link'
      ? `I confirm that a payment link for ${amountText} is to be sent to the owner`
      : `I confirm that the payment of ${amountText} has been completed`;
  await user.click(within(modal).getByRole('checkbox', { name: confirmation }));
  await user.click(within(modal).getByRole('button', { name: 'Submit' }));
}

/** Types into a Mantine NumberInput (cleared first). */
export async function typeNumber(user: UserEvent, label: string | RegExp, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

/** Nothing was posted, a moment after the click (the form refused before saving). */
export async function nothingPosted(posted: Posted[]) {
  await new Promise((r) => setTimeout(r, 20));
  await waitFor(() => expect(posted).toHaveLength(0));
}

/** A toast (Mantine notification) with this message. */
export const findToast = (message: string) => screen.findByText(message, { selector: '.mantine-Notification-description' });
