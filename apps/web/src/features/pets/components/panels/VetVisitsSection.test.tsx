import type { VisitListRow } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { VetVisitsSection } from './VetVisitsSection';

const PET = '650000000000000000000001';
const VET = '650000000000000000000111';

const line = (name: string, quantity: number, volume: number | null = null) => ({
  name,
  quantity,
  volume,
  price: 10,
  unit: null,
  category: null,
  doseNumber: null,
  type: null,
});

const vetVisit = (o: Partial<VisitListRow> = {}): VisitListRow => ({
  _id: VET,
  createdAt: '2026-11-01T09:35:00.000Z',
  pet: {
    _id: PET,
    name: 'Bruno',
    species: 'dog',
    breed: 'Beagle',
    color: 'Brown',
    dob: null,
    owner: { name: 'Asha', phone: '9812345678' },
  },
  visitType: { _id: '6500000000000000000000a1', purpose: 'Veterinary', price: 0, halfdayPrice: 0 },
  details: {
    price: 250,
    customerType: 'NGO',
    discount: 0,
    numberOfDays: null,
    isSubscriptionAvailed: false,
    purpose: 'Veterinary',
    nextFollowUp: null,
    followUpPurpose: null,
    vaccines: [line('Rabies', 1, 1.5)],
    medicines: [line('Drontal', 2)],
    items: [],
  },
  purpose: 'Veterinary',
  price: 250,
  due: 100,
  paid: 150,
  paymentState: 'due',
  petId: PET,
  ownerId: '650000000000000000000005',
  ...o,
});

describe('the veterinary visits of View Vet History', () => {
  it("asks the search for the pet's veterinary visits; shows what was given and the payment; a click opens the visit", async () => {
    let searched: URLSearchParams | null = null;
    let asked: string | null = null;
    server.use(
      http.post('/api/v1/visit/getvisitlist', ({ request }) => {
        searched = new URL(request.url).searchParams;
        return HttpResponse.json({ success: true, nextCursor: null, List: [vetVisit()] });
      }),
      http.get('/api/v1/visit/getvisitdetails/:id', ({ params }) => {
        asked = params.id as string;
        return HttpResponse.json({ success: false, message: 'Visit not found' }, { status: 404 });
      }),
    );
    const { user } = renderWithProviders(<VetVisitsSection petId={PET} />);
    const section = await screen.findByRole('region', { name: 'Veterinary visits' });
    const row = await within(section).findByRole('row', { name: /^Veterinary visit of / });
    expect(searched!.get('petId')).toBe(PET);
    expect(searched!.get('purpose')).toBe('veterinary');
    expect(row).toHaveTextContent('Item: Rabies (x1) - 1.5mL');
    expect(row).toHaveTextContent('Item: Drontal (x2)');
    expect(row).toHaveTextContent('₹250.00');
    expect(row).toHaveTextContent('Due');
    expect(row).toHaveTextContent('₹100.00 due');
    await user.click(row);
    const d = await screen.findByRole('dialog', { name: 'Veterinary details' });
    expect(await within(d).findByText('Failed to load veterinary visit details')).toBeInTheDocument();
    expect(asked).toBe(VET);
  });

  it('says so when the pet has no veterinary visit', async () => {
    server.use(http.post('/api/v1/visit/getvisitlist', () => HttpResponse.json({ success: true, nextCursor: null, List: [] })));
    renderWithProviders(<VetVisitsSection petId={PET} />);
    expect(await screen.findByText('No veterinary visits found')).toBeInTheDocument();
  });
});
