import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { appointment, BRUNO, signInStaff } from '../test/kit';
import OnlineAppointmentsPage from './OnlineAppointmentsPage';

beforeEach(signInStaff);

function NewVisit() {
  return <p>{`New Visit ${JSON.stringify(useLocation().state)}`}</p>;
}

const PENDING = appointment({ _id: '650000000000000000000e01', status: 'pending' });
const CONFIRMED = appointment({
  _id: '650000000000000000000e02',
  status: 'confirmed',
  pickup: { address: 'DLF 3', km: 4, fare: 500 },
  notes: 'nervous',
});
const DONE = appointment({ _id: '650000000000000000000e03', status: 'completed' });
const CANCELLED = appointment({ _id: '650000000000000000000e04', status: 'cancelled' });

function mockDay(list: unknown[]) {
  const patches: { id: string; body: Record<string, unknown> }[] = [];
  const dates: string[] = [];
  server.use(
    http.get('/api/v1/reminders/presets', () => HttpResponse.json({ success: true, today: '2026-12-01', presets: [] })),
    http.get('/api/v1/appointment/onlineappointments', ({ request }) => {
      dates.push(new URL(request.url).searchParams.get('date') ?? '');
      return HttpResponse.json({ success: true, date: '2026-12-01', appointments: list });
    }),
    http.patch('/api/v1/appointment/onlineappointments/:id/status', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ id: String(params.id), body });
      return HttpResponse.json({ success: true, data: { ...CONFIRMED, status: body.status } });
    }),
  );
  return { patches, dates };
}

describe('staff online appointments', () => {
  it('an imported booking without a pet or visit type (issue 21): its stored names, why it cannot be confirmed, no Confirm or Complete', async () => {
    const NO_PET = appointment({
      _id: '650000000000000000000e05',
      status: 'pending',
      petId: null,
      petName: 'Sheru',
      petBreed: '',
      serviceId: { _id: null, name: 'Vaccination (ARV)' },
      serviceName: 'Vaccination (ARV)',
    });
    const NO_TYPE = appointment({
      _id: '650000000000000000000e06',
      status: 'confirmed',
      serviceId: { _id: null, name: 'Spa Bath' },
      serviceName: 'Spa Bath',
    });
    mockDay([NO_PET, NO_TYPE]);
    renderWithProviders(<OnlineAppointmentsPage />, { route: '/staff/onlinecustomerappointment' });
    const [noPet, noType] = await screen.findAllByTestId('online-appointment');
    expect(noPet).toHaveTextContent('Sheru');
    expect(noPet).toHaveTextContent('Vaccination (ARV)');
    expect(within(noPet!).getByTestId('imported-booking')).toHaveTextContent(
      "This booking came from the original system without a pet on record: record the visit from the pet's page.",
    );
    expect(within(noPet!).queryAllByRole('button')).toEqual([]);
    expect(within(noType!).getByTestId('imported-booking')).toHaveTextContent(
      "This booking came from the original system for 'Spa Bath', which matches no visit type",
    );
    expect(
      within(noType!)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark as Not Visited']);
    expect(noPet).not.toHaveTextContent('null');
  });

  it('shows the day’s cards; each status offers only its actions, final states none', async () => {
    mockDay([PENDING, CONFIRMED, DONE, CANCELLED]);
    renderWithProviders(<OnlineAppointmentsPage />, { route: '/staff/onlinecustomerappointment' });
    const cards = await screen.findAllByTestId('online-appointment');
    const buttons = cards.map((c) =>
      within(c)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    );
    expect(buttons).toEqual([['Confirm Appointment'], ['Mark as Visited/Completed', 'Mark as Not Visited'], [], []]);
    expect(cards[1]).toHaveTextContent('Rohan Mehta');
    expect(cards[1]).toHaveTextContent('rohan@owner.test');
    expect(cards[1]).toHaveTextContent('DLF 3 (4 km, ₹500.00)');
    expect(cards[1]).toHaveTextContent('Notes: nervous');
  });

  it('Confirm Appointment: PATCH confirmed and the toast', async () => {
    const { patches } = mockDay([PENDING]);
    const { user } = renderWithProviders(<OnlineAppointmentsPage />, { route: '/staff/onlinecustomerappointment' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Appointment' }));
    expect(await screen.findByText('Appointment confirmed successfully!')).toBeInTheDocument();
    expect(patches).toEqual([{ id: PENDING._id, body: { status: 'confirmed' } }]);
  });

  it('Mark as Not Visited needs a reason: without one nothing changes', async () => {
    const { patches } = mockDay([CONFIRMED]);
    const { user } = renderWithProviders(<OnlineAppointmentsPage />, { route: '/staff/onlinecustomerappointment' });
    await user.click(await screen.findByRole('button', { name: 'Mark as Not Visited' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark not visited' }));
    expect(within(dialog).getByText('Please give the reason the pet was not visited')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Owner did not come');
    await user.click(within(dialog).getByRole('button', { name: 'Mark not visited' }));
    expect(await screen.findByText('Appointment cancelled successfully!')).toBeInTheDocument();
    expect(patches).toEqual([{ id: CONFIRMED._id, body: { status: 'cancelled', reason: 'Owner did not come' } }]);
  });

  it('Mark as Visited/Completed (notes optional) offers New Visit with the pet and the purpose', async () => {
    const { patches } = mockDay([CONFIRMED]);
    const { user } = renderWithProviders(<OnlineAppointmentsPage />, {
      route: '/staff/onlinecustomerappointment',
      routes: { '/staff/nvisit': <NewVisit /> },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as Visited/Completed' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Appointment completed successfully!')).toBeInTheDocument();
    expect(patches).toEqual([{ id: CONFIRMED._id, body: { status: 'completed' } }]);
    await user.click(await screen.findByRole('button', { name: 'Open New Visit' }));
    expect(
      await screen.findByText(
        `New Visit ${JSON.stringify({ petId: BRUNO, purpose: 'Grooming', appointmentId: CONFIRMED._id, paidOnline: 0 })}`,
      ),
    ).toBeInTheDocument();
  });

  it('a refused change: Error updating appointment', async () => {
    mockDay([PENDING]);
    server.use(
      http.patch('/api/v1/appointment/onlineappointments/:id/status', () =>
        HttpResponse.json({ success: false, message: '' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<OnlineAppointmentsPage />, { route: '/staff/onlinecustomerappointment' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Appointment' }));
    expect(await screen.findByText('Error updating appointment')).toBeInTheDocument();
  });

  it('lists today’s appointments first (the server’s business day), another day when picked', async () => {
    const { dates } = mockDay([]);
    const { user } = renderWithProviders(<OnlineAppointmentsPage />, { route: '/staff/onlinecustomerappointment' });
    expect(await screen.findByText('No appointments on this day')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(field);
    await user.type(field, '03/12/2026');
    await screen.findByText(/3 Dec 2026/);
    expect(dates).toContain('2026-12-01');
    expect(dates.at(-1)).toBe('2026-12-03');
  });
});
