import { type RunCard, runCardGrid } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import RunCardPage from './RunCardPage';

const ID = '0000000000000000000000b1';
const days = ['2026-11-27', '2026-11-28', '2026-11-29'];
const card = (over: Partial<RunCard> = {}): RunCard => ({
  boardingId: ID,
  today: '2026-11-28',
  closed: false,
  pet: { _id: 'p1', name: 'Bruno', species: 'dog', breed: 'Beagle', sex: 'Male', age: '3 years', photo: null },
  owner: { name: 'Meera Rao', phone: '9876500011' },
  emergencyContact: { name: 'Asha', phone: '9812345678' },
  warnings: [{ kind: 'allergy', text: 'Chicken' }],
  vaccinations: [
    { name: 'Rabies', givenOn: null, nextDue: '2026-11-20', status: 'overdue' },
    { name: 'DHPP', givenOn: null, nextDue: '2027-06-01', status: 'ok' },
  ],
  stay: { type: 'Hostel', entryTime: '2026-11-27T04:30:00Z', entryDay: days[0]!, expectedExitDay: days[2]!, exitTime: null },
  incidents: [],
  days,
  daysTruncated: false,
  rows: runCardGrid(
    [
      {
        id: 'meal',
        kind: 'meal',
        slotIds: ['m'],
        atTime: null,
        startDate: null,
        endDate: null,
        label: 'Royal Canin 200 g',
        instructions: null,
      },
      {
        id: 'dose',
        kind: 'dose',
        slotIds: ['m'],
        atTime: null,
        startDate: '2026-11-28',
        endDate: null,
        label: 'Meloxicam 0.5 ml (oral)',
        instructions: null,
      },
    ],
    [{ id: 'm', name: 'Morning', startMinute: 420, endMinute: 660 }],
    days,
    [
      {
        itemId: 'meal',
        slotKey: 'm',
        slotName: 'Morning',
        day: '2026-11-27',
        kind: 'meal',
        label: 'Royal Canin 200 g',
        feedback: 'refused',
        note: null,
        doneByName: 'Ravi Kumar',
        doneAt: '2026-11-27T03:00:00Z',
      },
    ],
  ),
  ...over,
});

const serve = (c: RunCard | null) =>
  server.use(
    http.get(`/api/v1/care/stays/${ID}/runcard`, () =>
      c
        ? HttpResponse.json({ success: true, card: c })
        : HttpResponse.json({ success: false, message: 'Stay not found' }, { status: 404 }),
    ),
  );

const renderPage = (route = `/staff/care/runcard/${ID}`) =>
  renderWithProviders(
    <Routes>
      <Route path="/staff/care/runcard/:boardingId" element={<RunCardPage />} />
    </Routes>,
    { route },
  );

describe('RunCardPage (/staff/care/runcard/:boardingId)', () => {
  it('A4: the pet, warnings, overdue vaccination and the grid with what was recorded, boxes and unplanned days', async () => {
    serve(card());
    renderPage();
    const sheet = await screen.findByRole('article', { name: 'Run card of Bruno' });
    expect(within(sheet).getByRole('region', { name: 'Warnings' })).toHaveTextContent('Allergy: Chicken');
    expect(within(sheet).getByText(/Rabies: due 20 Nov 2026 \(Overdue\)/)).toBeInTheDocument();
    const grid = within(sheet).getByRole('table', { name: /^Care grid/ });
    const meal = within(grid).getByRole('row', { name: /Royal Canin 200 g/ });
    const mealCells = within(meal).getAllByRole('cell');
    expect(mealCells[0]).toHaveTextContent('RefusedRK');
    expect(within(meal).getAllByRole('cell', { name: 'To tick' })).toHaveLength(2);
    // The dose starts on the 28th: the 27th is not planned.
    const dose = within(grid).getByRole('row', { name: /Meloxicam/ });
    expect(within(dose).getAllByRole('cell')[0]).toHaveAccessibleName('Not planned');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('the kennel card (the format switch) shows today and tomorrow only', async () => {
    serve(card());
    renderPage();
    await screen.findByRole('article', { name: 'Run card of Bruno' });
    await userEvent.click(screen.getByText('Kennel card'));
    const kennel = await screen.findByRole('article', { name: 'Kennel card of Bruno' });
    const table = within(kennel).getByRole('table', { name: 'Tasks today and tomorrow' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tasks', 'Today', '29 Nov']);
  });

  it('an unknown stay: Stay not found', async () => {
    serve(null);
    renderPage();
    expect(await screen.findByText('Stay not found')).toBeInTheDocument();
  });
});
