import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirm } from '../../../components/confirm';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { appointment, CUSTOMER, mockBookingReads, signInCustomer } from '../test/kit';
import MyAppointmentsPage from './MyAppointmentsPage';

vi.mock('../../../components/confirm', () => ({ confirm: vi.fn(async () => true) }));

beforeEach(() => {
  signInCustomer();
  vi.mocked(confirm).mockClear();
});

const PAID = appointment({
  _id: '650000000000000000c0ffee',
  status: 'confirmed',
  totalAmount: 1300,
  notes: 'shy with dryers',
  pickup: { address: 'Sector 45', km: 6, fare: 600 },
  payment: { mode: 'online', state: 'paid', paid: 1300, refunded: 0 },
});
const DONE = appointment({ _id: '650000000000000000d0d0d0', status: 'completed' });

function mockList(list: unknown[]) {
  server.use(
    http.get(`/api/v1/customerappointment/getcustomerappoint/${CUSTOMER}`, () =>
      HttpResponse.json({ success: true, data: list }),
    ),
  );
  return list;
}

describe('My Appointments', () => {
  it('a card shows service, status, date and time, pet, total, notes, pickup, payment and the short id; Cancel only when not final', async () => {
    mockBookingReads();
    mockList([PAID, DONE]);
    renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    const cards = await screen.findAllByTestId('appointment-card');
    const card = cards[0]!;
    expect(within(card).getByText('Grooming')).toBeInTheDocument();
    expect(within(card).getByTestId('appointment-status')).toHaveTextContent('Confirmed');
    expect(within(card).getByTestId('appointment-when')).toHaveTextContent('1 Dec 2026 at 10:00');
    expect(within(card).getByText('Bruno')).toBeInTheDocument();
    expect(within(card).getByTestId('appointment-total')).toHaveTextContent('₹1,300.00');
    expect(within(card).getByText('Notes: shy with dryers')).toBeInTheDocument();
    expect(within(card).getByTestId('appointment-pickup')).toHaveTextContent('Sector 45 (6 km, ₹600.00)');
    expect(within(card).getByTestId('appointment-payment')).toHaveTextContent('Paid online ₹1,300.00');
    expect(within(card).getByTestId('appointment-id')).toHaveTextContent('#00C0FFEE');
    expect(within(card).getByRole('button', { name: 'Cancel appointment 00C0FFEE' })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('Cancel states the refund from the quote; confirmed, the cancelled record replaces the old one', async () => {
    mockBookingReads();
    const list = mockList([PAID]);
    let deleted = 0;
    server.use(
      http.get(`/api/v1/customerappointment/cancelquote/${PAID._id}`, () =>
        HttpResponse.json({ success: true, rule: 'full', paid: 1300, refund: 1300, kept: 0, message: '' }),
      ),
      http.delete(`/api/v1/customerappointment/cancelappoint/${PAID._id}`, () => {
        deleted += 1;
        const data = { ...PAID, status: 'cancelled', payment: { ...PAID.payment, state: 'refunded', refunded: 1300 } };
        list[0] = data;
        return HttpResponse.json({ success: true, data, refund: 1300 });
      }),
    );
    const { user } = renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    vi.mocked(confirm).mockImplementationOnce(async (o) => {
      // The prompt states the refund before anything is sent.
      expect(deleted).toBe(0);
      return Boolean(o);
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment 00C0FFEE' }));
    expect(vi.mocked(confirm).mock.calls[0]![0].message).toBe(
      'Cancel Grooming for Bruno on 1 Dec 2026 at 10:00? It is at least 24 hours before the slot: the ₹1,300.00 you paid online is refunded in full.',
    );
    expect(await screen.findByText('Appointment cancelled successfully!')).toBeInTheDocument();
    const card = screen.getByTestId('appointment-card');
    expect(within(card).getByTestId('appointment-status')).toHaveTextContent('Cancelled');
    expect(within(card).getByTestId('appointment-payment')).toHaveTextContent('Refunded ₹1,300.00');
    expect(within(card).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it('the owner who says no to the prompt cancels nothing', async () => {
    mockBookingReads();
    mockList([PAID]);
    server.use(
      http.get(`/api/v1/customerappointment/cancelquote/${PAID._id}`, () =>
        HttpResponse.json({ success: true, rule: 'policy', paid: 1300, refund: 0, kept: 1300, message: '' }),
      ),
    );
    vi.mocked(confirm).mockResolvedValueOnce(false);
    const { user } = renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment 00C0FFEE' }));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(vi.mocked(confirm).mock.calls[0]![0].message).toMatch(/refunds nothing below ₹5,000/);
    expect(screen.getByTestId('appointment-status')).toHaveTextContent('Confirmed');
  });

  it('a refused cancel: the server text, else Failed to cancel appointment', async () => {
    mockBookingReads();
    mockList([PAID]);
    server.use(
      http.get(`/api/v1/customerappointment/cancelquote/${PAID._id}`, () =>
        HttpResponse.json({ success: true, rule: 'nothing_paid', paid: 0, refund: 0, kept: 0, message: '' }),
      ),
      http.delete(`/api/v1/customerappointment/cancelappoint/${PAID._id}`, () => HttpResponse.error()),
    );
    const { user } = renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment 00C0FFEE' }));
    expect(await screen.findByText('Failed to cancel appointment')).toBeInTheDocument();
    expect(screen.getByTestId('appointment-status')).toHaveTextContent('Confirmed');
  });

  it('a failed load: the server’s text or Failed to fetch appointments; no answer: the console message', async () => {
    mockBookingReads();
    server.use(http.get(`/api/v1/customerappointment/getcustomerappoint/${CUSTOMER}`, () => HttpResponse.error()));
    renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    expect(await screen.findByText('Error loading appointments. Please check console for details.')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch appointments')).toBeInTheDocument();
  });

  it('Pay now: only on an open online booking not paid; it asks the server for a new checkout and opens it for the server’s amount', async () => {
    mockBookingReads();
    const UNPAID = appointment({
      _id: '650000000000000000beef01',
      totalAmount: 1300,
      payment: { mode: 'online', state: 'awaiting', paid: 0, refunded: 0 },
    });
    const CANCELLED = appointment({
      _id: '650000000000000000beef02',
      status: 'cancelled',
      payment: { mode: 'online', state: 'awaiting', paid: 0, refunded: 0 },
    });
    const DESK = appointment({ _id: '650000000000000000beef03' });
    mockList([UNPAID, PAID, CANCELLED, DESK]);
    const keys: (string | null)[] = [];
    server.use(
      http.post(`/api/v1/customerappointment/payonline/${UNPAID._id}`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({
          success: true,
          id: 'order_PAYNOW0000001',
          amount: 130000,
          amountRupees: 1300,
          currency: 'INR',
          keyId: 'rzp_test_offline',
          provider: 'offline',
          success_url: '/api/v1/customer/payment/success?order_id=order_PAYNOW0000001',
          cancel_url: '/customer/seeappointment',
          description: 'Grooming for Bruno on 1 Dec 2026',
          checkoutOrderId: '650000000000000000000f02',
        });
      }),
    );
    const { user } = renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    const cards = await screen.findAllByTestId('appointment-card');
    expect(within(cards[0]!).getByTestId('appointment-payment')).toHaveTextContent('Online payment not completed');
    expect(screen.getAllByRole('button', { name: /^Pay now/ })).toHaveLength(1);
    await user.click(within(cards[0]!).getByRole('button', { name: 'Pay now for appointment 00BEEF01' }));
    const checkout = await screen.findByRole('dialog', { name: 'Card checkout' });
    expect(within(checkout).getByTestId('checkout-amount')).toHaveTextContent('₹1,300.00');
    expect(within(checkout).getByText('Grooming for Bruno on 1 Dec 2026')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
  });

  it('Pay now refused: the server’s reason is shown', async () => {
    mockBookingReads();
    const UNPAID = appointment({ payment: { mode: 'online', state: 'awaiting', paid: 0, refunded: 0 } });
    mockList([UNPAID]);
    server.use(
      http.post(`/api/v1/customerappointment/payonline/${UNPAID._id}`, () =>
        HttpResponse.json({ success: false, message: 'This appointment is already paid' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    await user.click(await screen.findByRole('button', { name: /^Pay now/ }));
    expect(await screen.findByText('This appointment is already paid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Card checkout' })).not.toBeInTheDocument();
  });

  it('no appointments: an empty state leading to the services', async () => {
    mockBookingReads();
    mockList([]);
    renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    expect(await screen.findByText('No appointments yet')).toBeInTheDocument();
  });
});
