import type { VisitListRow } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { itemText, VisitHistoryList } from './VisitHistoryList';

const PET = '650000000000000000000001';
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

function visit(purpose: string, o: Partial<VisitListRow> = {}, lines: Partial<VisitListRow['details']> = {}): VisitListRow {
  return {
    _id: `65000000000000000000${purpose === 'Shop' ? '0201' : '0202'}`,
    createdAt: '2026-11-20T09:35:00.000Z',
    pet: {
      _id: PET,
      name: 'Bruno',
      species: 'dog',
      breed: 'Beagle',
      color: 'Brown',
      dob: null,
      owner: { name: 'Asha', phone: '9812345678' },
    },
    visitType: { _id: '6500000000000000000000a1', purpose, price: 0, halfdayPrice: 0 },
    details: {
      price: 500,
      customerType: null,
      discount: 0,
      numberOfDays: null,
      isSubscriptionAvailed: false,
      purpose,
      nextFollowUp: null,
      followUpPurpose: null,
      vaccines: [],
      medicines: [],
      items: [],
      ...lines,
    },
    purpose,
    price: 500,
    due: 0,
    paid: 500,
    paymentState: 'paid',
    petId: PET,
    ownerId: '650000000000000000000005',
    ...o,
  };
}

function answer(List: VisitListRow[]) {
  const asked: string[] = [];
  server.use(
    http.post('/api/v1/visit/getvisitlist', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ success: true, List, nextCursor: null });
    }),
    http.get('/api/v1/visit/getvisitdetails/:id', () => HttpResponse.json({ success: false, message: 'gone' }, { status: 404 })),
  );
  return asked;
}

describe("Pets by Date's Visit History", () => {
  it("writes each line as the spec does: 'Item: {name} (x{quantity})' and ' - {n}mL' with a volume", () => {
    expect(itemText({ name: 'Rabies', quantity: 1, volume: 2 })).toBe('Item: Rabies (x1) - 2mL');
    expect(itemText({ name: 'Collar', quantity: 3, volume: null })).toBe('Item: Collar (x3)');
  });

  it("lists the pet's visits with their items, price and payment from the ledger, and opens one", async () => {
    const asked = answer([
      visit(
        'Veterinary',
        { due: 200, paid: 300, paymentState: 'due' },
        { vaccines: [line('Rabies', 1, 2)], medicines: [line('Drontal', 2)] },
      ),
      visit('Shop', {}, { items: [line('Collar', 1)] }),
    ]);
    const { user } = renderWithProviders(<VisitHistoryList petId={PET} />);
    const list = await screen.findByRole('list', { name: 'Visit History' });
    expect(asked[0]).toContain(`petId=${PET}`);
    const vet = within(list).getByRole('button', { name: /^Veterinary visit of 20 Nov 2026/ });
    expect(vet).toHaveTextContent('Item: Rabies (x1) - 2mL');
    expect(vet).toHaveTextContent('Item: Drontal (x2)');
    expect(vet).toHaveTextContent('₹500.00');
    expect(vet).toHaveTextContent('Due');
    expect(vet).toHaveTextContent('₹200.00 due');
    expect(within(list).getByRole('button', { name: /^Shop visit of/ })).toHaveTextContent('Paid');
    await user.click(vet);
    expect(await screen.findByRole('dialog', { name: 'Veterinary details' })).toBeInTheDocument();
  });

  it("says 'No visit history available' for a pet with no visits", async () => {
    answer([]);
    renderWithProviders(<VisitHistoryList petId={PET} />);
    expect(await screen.findByText('No visit history available')).toBeInTheDocument();
  });
});
