import type { PetVisit } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { VetVisitsSection } from './VetVisitsSection';

const PET = '650000000000000000000001';
const VET = '650000000000000000000111';
const GROOM = '650000000000000000000112';

const listed = (id: string, purpose: string, price: number) =>
  ({
    _id: id,
    createdAt: '2026-11-01T09:35:00.000Z',
    purpose,
    price,
    pet: { _id: PET, name: 'Bruno' },
    visitType: {
      _id: '6500000000000000000000a1',
      purpose,
      price: 0,
      halfdayPrice: 0,
      consultationPricePvt: 0,
      consultationPricePvtEmergency: 0,
      consultationPriceNgo: 0,
      consultationPriceNgoEmergency: 0,
    },
    details: { payment: { amount: 0 }, paymentLeft: 0 },
    item: null,
    quantity: null,
    volumeML: null,
    voided: null,
  }) as unknown as PetVisit;

describe('the veterinary visits of View Vet History', () => {
  it('lists only the veterinary visits; a click opens the visit detail dialog on that visit', async () => {
    let asked: string | null = null;
    server.use(
      http.get('/api/v1/visit/getparticularpetvisit', () =>
        HttpResponse.json({
          success: true,
          message: 'ok',
          nextCursor: null,
          List: [listed(VET, 'Veterinary', 250), listed(GROOM, 'Grooming', 700)],
        }),
      ),
      http.get('/api/v1/visit/getvisitdetails/:id', ({ params }) => {
        asked = params.id as string;
        return HttpResponse.json({ success: false, message: 'Visit not found' }, { status: 404 });
      }),
    );
    const { user } = renderWithProviders(<VetVisitsSection petId={PET} />);
    const section = await screen.findByRole('region', { name: 'Veterinary visits' });
    const row = await within(section).findByRole('row', { name: /^Veterinary visit of / });
    expect(row).toHaveTextContent('₹250.00');
    expect(within(section).queryByText('₹700.00')).toBeNull();
    await user.click(row);
    const d = await screen.findByRole('dialog', { name: 'Veterinary details' });
    expect(await within(d).findByText('Failed to load veterinary visit details')).toBeInTheDocument();
    expect(asked).toBe(VET);
  });

  it('says so when the pet has no veterinary visit', async () => {
    server.use(
      http.get('/api/v1/visit/getparticularpetvisit', () =>
        HttpResponse.json({ success: true, message: 'ok', nextCursor: null, List: [listed(GROOM, 'Grooming', 700)] }),
      ),
    );
    renderWithProviders(<VetVisitsSection petId={PET} />);
    expect(await screen.findByText('No veterinary visits found')).toBeInTheDocument();
  });
});
