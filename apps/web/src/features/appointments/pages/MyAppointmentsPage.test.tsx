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

  it('no appointments: an empty state leading to the services', async () => {
    mockBookingReads();
    mockList([]);
    renderWithProviders(<MyAppointmentsPage />, { route: '/customer/seeappointment' });
    expect(await screen.findByText('No appointments yet')).toBeInTheDocument();
  });
});
