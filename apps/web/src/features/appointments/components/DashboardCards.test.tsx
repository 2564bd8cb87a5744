import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { appointment, CUSTOMER, GROOMING, mockBookingReads, signInCustomer } from '../test/kit';
import { BookServicesCard, UpcomingAppointmentsCard } from '..';

beforeEach(signInCustomer);

function Landed() {
  const { pathname, state } = useLocation();
  return <p>{`Landed on ${pathname} ${JSON.stringify(state)}`}</p>;
}

const list = (data: unknown[]) =>
  server.use(
    http.get(`/api/v1/customerappointment/getcustomerappoint/${CUSTOMER}`, () => HttpResponse.json({ success: true, data })),
  );

describe('the customer dashboard’s appointment cards', () => {
  it('Book Services: a service goes to the booking page with it in navigation state', async () => {
    mockBookingReads();
    const { user } = renderWithProviders(<BookServicesCard />, { routes: { '/customer/bookservice': <Landed /> } });
    await user.click(await screen.findByRole('button', { name: 'Grooming' }));
    expect(
      await screen.findByText(
        `Landed on /customer/bookservice ${JSON.stringify({ service: { _id: GROOMING, name: 'Grooming', price: 700 } })}`,
      ),
    ).toBeInTheDocument();
  });

  it('Upcoming Appointments: the next ones that are not final, a link to My Appointments', async () => {
    list([
      appointment({ _id: 'a', status: 'completed' }),
      appointment({ _id: 'b', status: 'confirmed', appointmentDate: '2026-12-02', appointmentTime: '09:00' }),
    ]);
    renderWithProviders(<UpcomingAppointmentsCard />);
    const rows = await screen.findAllByTestId('upcoming-appointment');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Grooming · Bruno')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2 Dec 2026 at 09:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Appointments' })).toHaveAttribute('href', '/customer/seeappointment');
  });

  it('Upcoming Appointments with none: says so and offers to book', async () => {
    list([appointment({ status: 'cancelled' })]);
    renderWithProviders(<UpcomingAppointmentsCard />);
    expect(await screen.findByText('No upcoming appointments.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', '/customerservice');
  });
});
