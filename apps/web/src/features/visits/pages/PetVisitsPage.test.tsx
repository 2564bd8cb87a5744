import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '../../../lib/auth';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import PetVisitsPage from './PetVisitsPage';

const PET = '650000000000000000000b01';
const VISIT = '650000000000000000000c01';

beforeEach(() =>
  auth.signIn({
    success: true,
    message: 'ok',
    token: 't',
    user: { id: 'u1', role: 'customer', fullName: 'Rohan Mehta', email: 'r@o.test', isAdmin: false, phone: null, address: null },
  }),
);

const visit = (o: { payment?: { amount?: number } } = {}) => ({
  _id: VISIT,
  createdAt: '2026-11-22T06:30:00.000Z',
  purpose: 'Veterinary',
  price: 500,
  pet: { _id: PET, name: 'Bruno' },
  visitType: { _id: 'vt', purpose: 'Veterinary' },
  details: o.payment ? { payment: o.payment } : {},
  item: null,
  quantity: null,
  volumeML: null,
  voided: null,
});

function mockVisits(list: unknown[], documents: unknown[] = []) {
  const docCalls: string[] = [];
  server.use(
    http.get('/api/v1/visit/getparticularpetvisit', () =>
      HttpResponse.json({ success: true, List: list, message: 'ok', nextCursor: null }),
    ),
    http.get('/api/v1/customer/visits/:id/documents', ({ params }) => {
      docCalls.push(String(params.id));
      return HttpResponse.json({ success: true, documents });
    }),
  );
  return docCalls;
}

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="customer/viewpetvisit/:petId" element={<PetVisitsPage />} />
    </Routes>,
    { route: `/customer/viewpetvisit/${PET}` },
  );

describe('Pet Visits (customer)', () => {
  it('a card per visit: pet name, date with a short month, purpose, amount paid as ₹ with two decimals (0 if absent)', async () => {
    mockVisits([visit({ payment: { amount: 1250.5 } }), { ...visit(), _id: '650000000000000000000c02' }]);
    render();
    expect(screen.getByText('Loading visits...')).toBeInTheDocument();
    const cards = await screen.findAllByRole('article', { name: 'Bruno visit' });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('22 Nov 2026');
    expect(cards[0]).toHaveTextContent('Veterinary');
    expect(cards[0]).toHaveTextContent('₹1,250.50');
    expect(cards[1]).toHaveTextContent('₹0.00');
  });

  it('no visits: No visits found', async () => {
    mockVisits([]);
    render();
    expect(await screen.findByText('No visits found')).toBeInTheDocument();
  });

  it("each visit opens its documents, loaded only when asked, each linking to the customer's document page", async () => {
    const docCalls = mockVisits(
      [visit({ payment: { amount: 500 } })],
      [
        {
          _id: '650000000000000000000d01',
          kind: 'receipt',
          title: 'Receipt',
          number: '2026-27/000012',
          date: '2026-11-22',
          total: 500,
          original: null,
        },
      ],
    );
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Bruno visit' });
    expect(docCalls).toEqual([]);
    await user.click(within(card).getByRole('button', { name: "Documents of Bruno's visit" }));
    const link = await within(card).findByRole('link', { name: 'Receipt 2026-27/000012' });
    expect(link).toHaveAttribute('href', '/customer/documents/650000000000000000000d01');
    expect(docCalls).toEqual([VISIT]);
  });

  it('a visit without documents says so', async () => {
    mockVisits([visit()], []);
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Bruno visit' });
    await user.click(within(card).getByRole('button', { name: "Documents of Bruno's visit" }));
    expect(await within(card).findByText('No documents for this visit.')).toBeInTheDocument();
  });
});
