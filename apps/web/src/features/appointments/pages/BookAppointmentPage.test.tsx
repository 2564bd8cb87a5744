import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { appointment, BRUNO, GROOMING, mockBookingReads, signInCustomer, slots } from '../test/kit';
import BookAppointmentPage from './BookAppointmentPage';

beforeEach(signInCustomer);

/** The createappoint call: answers the booking (or `refuse` with its status and message); keeps the bodies. */
function mockCreate(refuse?: { status: number; message: string }) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/v1/customerappointment/createappoint', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      if (refuse) return HttpResponse.json({ success: false, message: refuse.message }, { status: refuse.status });
      return HttpResponse.json(
        { success: true, message: 'Appointment booked successfully!', data: appointment() },
        { status: 201 },
      );
    }),
  );
  return bodies;
}

const routes = { '/customer/seeappointment': <p>My Appointments page</p>, '/customerservice': <p>Services page</p> };

describe('the booking page: which service', () => {
  it('without a service: Service not found, with the way back to Our Services', async () => {
    mockBookingReads();
    const { user } = renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice', routes });
    expect(await screen.findByText('Service not found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Our Services' }));
    expect(await screen.findByText('Services page')).toBeInTheDocument();
  });

  it('takes the service from navigation state, or from ?service= (an id or a code) after the login redirect', async () => {
    mockBookingReads();
    const { unmount } = renderWithProviders(<BookAppointmentPage />, {
      route: '/customer/bookservice',
      state: { service: { _id: 'catalogue-id', visitTypeId: GROOMING, name: 'Grooming', price: 700 } },
    });
    expect(await screen.findByTestId('booking-service')).toHaveTextContent('Grooming');
    unmount();
    renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=hostel' });
    expect(await screen.findByTestId('booking-service')).toHaveTextContent('Hostel');
    // A stay asks for its days, not a time.
    expect(screen.getByRole('textbox', { name: /^From/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^To/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Time' })).not.toBeInTheDocument();
    // Stays are paid at the desk.
    expect(screen.getByTestId('stay-payment')).toHaveTextContent('Stays are paid at the desk');
    expect(screen.queryByText('Pay online now')).not.toBeInTheDocument();
  });

  it('without pets: Register a Pet First, leading to the pet form', async () => {
    mockBookingReads({ pets: [] });
    renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=grooming' });
    expect(await screen.findByText('Register a Pet First')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register New Pet' })).toHaveAttribute('href', '/customer/petform');
  });
});

describe('the booking form', () => {
  it('shows the customer read-only, a taken time disabled, the pickup fare and the total before booking', async () => {
    mockBookingReads({ slotList: slots({ '09:30': { available: false }, '10:00': { pickupAvailable: false } }) });
    const { user } = renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=grooming' });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Rohan Mehta');
    expect(screen.getByText('Choose a date to see the free times.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '29/11/2026');
    const times = await screen.findByRole('radiogroup', { name: 'Time' });
    expect(within(times).getByRole('radio', { name: '09:00' })).toBeEnabled();
    expect(within(times).getByRole('radio', { name: '09:30 (taken)' })).toBeDisabled();
    expect(within(times).getByRole('radio', { name: '10:00' })).toBeEnabled();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('₹700.00');

    await user.click(screen.getByRole('switch', { name: /Pickup & drop/ }));
    // The vehicle is booked at 10:00: with pickup that time cannot be chosen.
    expect(within(times).getByRole('radio', { name: '10:00 (no pickup)' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Distance/ }), '7.5');
    expect(screen.getByTestId('pickup-fare')).toHaveTextContent('Pickup & drop fare: ₹700.00');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('₹1,400.00');
  });

  it('Book Appointment without the fields: Please fill in all required fields, in a red box, and nothing is sent', async () => {
    mockBookingReads({
      pets: [
        { _id: BRUNO, name: 'Bruno', breed: 'Beagle' },
        { _id: 'x', name: 'Coco', breed: '' },
      ],
    });
    const bodies = mockCreate();
    const { user } = renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=grooming' });
    await user.click(await screen.findByRole('button', { name: 'Book Appointment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(bodies).toHaveLength(0);
  });

  it('books at the desk: the body the server needs, the toast, then My Appointments', async () => {
    mockBookingReads();
    const bodies = mockCreate();
    const { user } = renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=grooming', routes });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Pet/ }), BRUNO);
    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '29/11/2026');
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), '  shy with dryers  ');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('My Appointments page')).toBeInTheDocument();
    expect(screen.getByText('Appointment booked successfully!')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      serviceId: GROOMING,
      petId: BRUNO,
      appointmentDate: '2026-11-29',
      appointmentTime: '09:00',
      notes: 'shy with dryers',
      payOnline: false,
    });
  });

  it('a refusal shows the server’s text in a red box and keeps the form; no text: Failed to create appointment', async () => {
    mockBookingReads();
    mockCreate({ status: 409, message: 'This time is fully booked: please choose another time' });
    const { user } = renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=grooming' });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Pet/ }), BRUNO);
    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '29/11/2026');
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByTestId('booking-error')).toHaveTextContent('This time is fully booked: please choose another time');

    mockCreate({ status: 400, message: '' });
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Failed to create appointment')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Pet/ })).toHaveValue(BRUNO);
  });

  it('Pay online now: one createappoint with payOnline, then the checkout opens for the server’s amount', async () => {
    mockBookingReads();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/customerappointment/createappoint', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            success: true,
            message: 'Appointment booked successfully!',
            data: appointment(),
            checkout: {
              id: 'order_APPT000000001',
              amount: 140000,
              amountRupees: 1400,
              currency: 'INR',
              keyId: 'rzp_test_offline',
              provider: 'offline',
              success_url: '/api/v1/customer/payment/success?order_id=order_APPT000000001',
              cancel_url: '/customer/seeappointment',
              description: 'Grooming for Bruno on 29 Nov 2026',
              checkoutOrderId: '650000000000000000000f01',
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<BookAppointmentPage />, { route: '/customer/bookservice?service=grooming', routes });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Pet/ }), BRUNO);
    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '29/11/2026');
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByText('Pay online now'));
    await user.click(screen.getByRole('button', { name: 'Pay ₹700.00 and book' }));
    const checkout = await screen.findByRole('dialog', { name: 'Card checkout' });
    expect(within(checkout).getByTestId('checkout-amount')).toHaveTextContent('₹1,400.00');
    expect(within(checkout).getByText('Grooming for Bruno on 29 Nov 2026')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ payOnline: true, appointmentTime: '09:00' });
  });
});
