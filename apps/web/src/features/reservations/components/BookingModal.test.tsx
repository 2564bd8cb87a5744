import {
  DEFAULT_STAY_SETTINGS,
  type Reservation,
  type ReservationQuote,
  type ReservationQuoteBody,
  type VisitTypeApi,
} from '@pawdesk/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { BookingModal } from './BookingModal';

const OWNER = { _id: '650000000000000000000005', name: 'Asha Rao', phone: '9812345678', email: null, address: 'Gurugram' };
const PETS = [
  { _id: '650000000000000000000001', name: 'Bruno' },
  { _id: '650000000000000000000002', name: 'Coco' },
].map((p) => ({
  ...p,
  species: 'dog',
  breed: 'Beagle',
  customBreed: null,
  sex: 'Male',
  color: 'Brown',
  dob: '2021-05-04',
  neutered: false,
  registrationDate: '2026-01-10',
  segment: null,
  createdAt: '2026-01-10T00:00:00.000Z',
  owner: OWNER,
}));
const type = (code: string, purpose: string, id: string, halfdayPrice = 0): VisitTypeApi => ({
  _id: id,
  code,
  purpose,
  price: 1000,
  halfdayPrice,
  consultationPricePvt: 0,
  consultationPricePvtEmergency: 0,
  consultationPriceNgo: 0,
  consultationPriceNgoEmergency: 0,
  isBoarding: true,
  hasSubscription: false,
  capacity: 20,
  sacCode: null,
  gstRate: 0,
  gstExempt: false,
  priceIncludesTax: true,
});
const HOSTEL = type('hostel', 'Hostel', '6500000000000000000000a4', 600);
const DOG_PARK = type('dog_park', 'Dog Park', '6500000000000000000000a2');

function quoteFor(body: ReservationQuoteBody, fits: boolean): ReservationQuote {
  const days = ['2027-11-08', '2027-11-09', '2027-11-10', '2027-11-11', '2027-11-12', '2027-11-13', '2027-11-14'];
  return {
    checkIn: '2027-11-08T04:30:00.000Z',
    checkOut: '2027-11-14T06:30:00.000Z',
    firstDay: body.checkInDate,
    lastDay: body.checkOutDate,
    units: 7,
    unit: 'day',
    halfDays: 0,
    halfDay: false,
    lateCheckOut: false,
    label: '7 days: 8 Nov to 14 Nov',
    countingRule: 'calendar_days',
    visitType: { _id: HOSTEL._id, purpose: 'Hostel', code: 'hostel', capacity: 20, hasHalfDay: true },
    pets: body.petIds.length,
    dayPrice: 1000,
    halfDayPrice: 600,
    pricePerPet: 7000,
    price: 7000 * body.petIds.length,
    days: days.map((date) => ({
      date,
      booked: fits || date !== '2027-11-12' ? 5 : 20,
      capacity: 20,
      free: fits || date !== '2027-11-12' ? 15 : 0,
      fits: fits || date !== '2027-11-12',
    })),
    fits,
    fullDays: fits ? [] : ['2027-11-12'],
  };
}

interface Mock {
  fits?: boolean;
  save?: { status: number; body: Record<string, unknown> };
}

/** The calls the form makes: types, stay settings, the pet search, the quote and the save (whose bodies are kept). */
function mockApi({ fits = true, save }: Mock = {}) {
  const posted: Record<string, unknown>[] = [];
  const quoted: ReservationQuoteBody[] = [];
  server.use(
    http.get('/api/v1/visit/getallvisittypes', () => HttpResponse.json({ success: true, visitTypes: [DOG_PARK, HOSTEL] })),
    http.get('/api/v1/settings/stays', () => HttpResponse.json({ success: true, settings: DEFAULT_STAY_SETTINGS })),
    http.get('/api/v1/pet/getfilteredpetsbynameandphone', () =>
      HttpResponse.json({ success: true, list: PETS, nextCursor: null }),
    ),
    http.get('/api/v1/wallet/owner/:id', () =>
      HttpResponse.json({
        success: true,
        wallet: { balance: 0, maxTopUp: 100000, lowBalance: null, movements: [], nextCursor: null },
      }),
    ),
    http.post('/api/v1/reservations/quote', async ({ request }) => {
      const body = (await request.json()) as ReservationQuoteBody;
      quoted.push(body);
      return HttpResponse.json({ success: true, quote: quoteFor(body, fits) });
    }),
    http.post('/api/v1/reservations', async ({ request }) => {
      expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (save) return HttpResponse.json(save.body, { status: save.status });
      return HttpResponse.json(
        {
          success: true,
          message: body.waitlist
            ? 'The reservation is on the waitlist: staff are told when a place frees'
            : 'Reservation confirmed',
          reservation: { _id: '650000000000000000000099', status: body.waitlist ? 'waitlisted' : 'confirmed' },
          payment: body.deposit ? { status: 'completed' } : null,
          order: null,
        },
        { status: 201 },
      );
    }),
  );
  return { posted, quoted };
}

function setup() {
  const onSaved = vi.fn<(r: Reservation) => void>();
  const r = renderWithProviders(<BookingModal opened onClose={() => {}} today="2027-11-01" onSaved={onSaved} />);
  return { ...r, onSaved };
}

const form = () => screen.getByRole('dialog', { name: 'New reservation' });

/** Finds Asha by phone, ticks both dogs, chooses Hostel and 8–14 Nov 2027. */
async function fillStay(user: ReturnType<typeof setup>['user']) {
  const d = form();
  await user.type(within(d).getByRole('searchbox', { name: /Find the owner/ }), '98123');
  await user.click(await within(d).findByRole('button', { name: 'Choose Asha Rao, 9812345678' }, { timeout: 4000 }));
  await user.click(await within(d).findByRole('checkbox', { name: /Bruno/ }));
  await user.click(within(d).getByRole('checkbox', { name: /Coco/ }));
  await user.click(await within(d).findByRole('combobox', { name: /Boarding type/ }));
  await user.click(await screen.findByRole('option', { name: 'Hostel' }));
  const checkIn = within(d).getByRole('textbox', { name: /Check-in date/ });
  await user.clear(checkIn);
  await user.type(checkIn, '08/11/2027');
  fireEvent.blur(checkIn);
  const checkOut = within(d).getByRole('textbox', { name: /Check-out date/ });
  await user.type(checkOut, '14/11/2027');
  fireEvent.blur(checkOut);
}

describe('New reservation', { timeout: 90_000 }, () => {
  it('refuses to save an empty form, naming what is missing, and sends nothing', async () => {
    const { posted, quoted } = mockApi();
    const { user } = setup();
    await user.click(within(form()).getByRole('button', { name: 'Save reservation' }));
    expect(await within(form()).findByText('Choose the owner')).toBeInTheDocument();
    expect(within(form()).getByText('Choose the boarding type')).toBeInTheDocument();
    expect(within(form()).getByText('Choose the check-out date')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    expect(quoted).toHaveLength(0);
  });

  it('shows the label, the price and each day’s room from the quote, then saves the reservation', async () => {
    const { posted, quoted } = mockApi();
    const { user, onSaved } = setup();
    await fillStay(user);
    // Half or full day for the Hostel.
    expect(within(form()).getByRole('radio', { name: /Half day/ })).toBeInTheDocument();
    expect(await within(form()).findByTestId('quote-price')).toHaveTextContent('₹14,000.00');
    await waitFor(() => expect(quoted.at(-1)?.checkInDate).toBe('2027-11-08'));
    expect(within(form()).getByTestId('stay-label')).toHaveTextContent('7 days: 8 Nov to 14 Nov');
    expect(within(form()).getAllByTestId('quote-day')).toHaveLength(7);
    expect(quoted.at(-1)).toMatchObject({
      ownerId: OWNER._id,
      petIds: [PETS[0]!._id, PETS[1]!._id],
      visitTypeId: HOSTEL._id,
      checkInDate: '2027-11-08',
      checkOutDate: '2027-11-14',
      halfDay: false,
    });
    await user.type(within(form()).getByRole('textbox', { name: 'Notes' }), 'Diwali week');
    await user.click(within(form()).getByRole('button', { name: 'Save reservation' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted).toEqual([{ ...quoted.at(-1), notes: 'Diwali week' }]);
    expect(await screen.findByText('Reservation confirmed')).toBeInTheDocument();
  });

  it('takes a deposit through the shared payment modal with the save', async () => {
    const { posted } = mockApi();
    const { user, onSaved } = setup();
    await fillStay(user);
    await within(form()).findByTestId('quote-price');
    await user.click(within(form()).getByRole('button', { name: 'Save and take deposit' }));
    const type = await screen.findByRole('dialog', { name: 'Payment Type' });
    expect(type).toHaveTextContent('Total due: ₹ 14,000.00');
    await user.click(within(type).getByRole('radio', { name: /Partial Payment/ }));
    await user.type(within(type).getByRole('textbox', { name: 'Amount collected now' }), '2000');
    await user.click(within(type).getByRole('button', { name: 'Next' }));
    const options = await screen.findByRole('dialog', { name: 'Payment Options' });
    expect(within(options).getByRole('button', { name: 'Card' })).toBeInTheDocument();
    await user.click(within(options).getByRole('button', { name: 'Cash Payment' }));
    const submit = within(options).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(
      within(options).getByRole('checkbox', { name: 'I confirm that the payment of ₹ 2,000.00 has been completed' }),
    );
    await user.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({ deposit: { amount: 2000, selectedPayment: 'cash' } });
  });

  it('a full day offers the waitlist instead of Save', async () => {
    const { posted } = mockApi({ fits: false });
    const { user } = setup();
    await fillStay(user);
    expect(await within(form()).findByText(/Hostel has no room for these pets on Fri 12 Nov/)).toBeInTheDocument();
    expect(within(form()).queryByRole('button', { name: 'Save reservation' })).toBeNull();
    expect(within(form()).queryByRole('button', { name: 'Save and take deposit' })).toBeNull();
    await user.click(within(form()).getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ waitlist: true });
    expect(posted[0]).not.toHaveProperty('deposit');
  });

  it('a refused save shows the server’s message and keeps everything typed', async () => {
    const message =
      'Hostel is full on 12 Nov 2027: 20 of 20 places are taken, 2 are asked for. Join the waitlist or choose other days';
    const { posted } = mockApi({ save: { status: 409, body: { success: false, message } } });
    const { user, onSaved } = setup();
    await fillStay(user);
    await within(form()).findByTestId('quote-price');
    await user.type(within(form()).getByRole('textbox', { name: 'Notes' }), 'Keep me');
    await user.click(within(form()).getByRole('button', { name: 'Save reservation' }));
    expect(await within(form()).findByText(message)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(within(form()).getByTestId('reservation-owner')).toHaveTextContent('Asha Rao');
    expect(within(form()).getByRole('textbox', { name: 'Notes' })).toHaveValue('Keep me');
    expect(within(form()).getByRole('checkbox', { name: /Bruno/ })).toBeChecked();
  });

  it('a day type without a half-day price offers no half day', async () => {
    mockApi();
    const { user } = setup();
    await user.click(await within(form()).findByRole('combobox', { name: /Boarding type/ }));
    await user.click(await screen.findByRole('option', { name: 'Dog Park' }));
    expect(within(form()).queryByRole('radio', { name: /Half day/ })).toBeNull();
  });
});
