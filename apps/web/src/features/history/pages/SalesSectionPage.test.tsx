import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import SalesSectionPage from './SalesSectionPage';

const BRUNO = '650000000000000000000001';
const owner = { _id: '650000000000000000000005', name: 'Asha Verma', phone: '9812345678', email: null, address: 'Gurugram' };
const pet = {
  _id: BRUNO,
  name: 'Bruno',
  species: 'dog',
  breed: 'Beagle',
  customBreed: null,
  sex: 'Male',
  color: 'Brown',
  dob: null,
  neutered: false,
  registrationDate: '2026-01-10',
  segment: null,
  createdAt: '2026-01-10T05:00:00.000Z',
  owner,
};

function Page() {
  const { search } = useLocation();
  return (
    <>
      <output aria-label="address">{search}</output>
      <SalesSectionPage />
    </>
  );
}

describe('/staff/salesSection', () => {
  it('opens with the pet the address names', async () => {
    const searched: URLSearchParams[] = [];
    server.use(
      http.get('/api/v1/pet/getallpets', () => HttpResponse.json({ success: true, list: [pet], nextCursor: null })),
      http.get('/api/v1/pet/getpetdetails/:id', () => HttpResponse.json({ success: true, pet: { ...pet, vaccinations: [] } })),
      http.get('/api/v1/reminders/presets', () => HttpResponse.json({ success: true, today: '2026-11-25' })),
      http.get('/api/v1/visit/getallvisittypes', () => HttpResponse.json({ success: true, visitTypes: [] })),
      http.post('/api/v1/visit/getvisitlist', ({ request }) => {
        searched.push(new URL(request.url).searchParams);
        return HttpResponse.json({ success: true, List: [], nextCursor: null });
      }),
    );
    renderWithProviders(<Page />, { route: `/staff/salesSection?pet=${BRUNO}&state=due` });
    expect(await screen.findByText('No visit was recorded on this date')).toBeInTheDocument();
    expect(Object.fromEntries(searched[0]!)).toEqual({ petId: BRUNO, state: 'due', limit: '25' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Chosen pet' })).toHaveTextContent('Asha Verma'));
    expect(screen.getByLabelText('address')).toHaveTextContent(`?pet=${BRUNO}&state=due`);
  });

  it('asks for a pet until one is chosen, and searches nothing', async () => {
    let searched = 0;
    server.use(
      http.get('/api/v1/pet/getallpets', () => HttpResponse.json({ success: true, list: [pet], nextCursor: null })),
      http.post('/api/v1/visit/getvisitlist', () => {
        searched += 1;
        return HttpResponse.json({ success: true, List: [], nextCursor: null });
      }),
    );
    renderWithProviders(<Page />, { route: '/staff/salesSection?pet=not-an-id' });
    expect(screen.getByText('Select a pet to view its visits')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Pets' })).toBeInTheDocument();
    expect(searched).toBe(0);
  });
});
