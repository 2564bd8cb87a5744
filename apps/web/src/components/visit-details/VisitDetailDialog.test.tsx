import type { BoughtSubscriptionResponse, VisitDetails } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { VISIT_DIALOG_TEXT, VisitDetailDialog } from './VisitDetailDialog';
import { ID, line, visit } from './visit-kit';

const serveDetails = (v: VisitDetails) =>
  server.use(
    http.get(`/api/v1/visit/getvisitdetails/${v._id}`, () => HttpResponse.json({ success: true, data: v })),
    // No GSTIN configured in these tests: the visit has no documents (the dialog's document links: .documents.test.tsx).
    http.get('/api/v1/documents', () => HttpResponse.json({ success: true, documents: [] })),
  );

const bought: BoughtSubscriptionResponse['data'] = {
  _id: '650000000000000000000301',
  petId: { _id: '650000000000000000000001', name: 'Bruno', owner: { _id: '650000000000000000000005', name: 'Asha Verma' } },
  planId: {
    _id: '650000000000000000000401',
    name: 'Grooming Pack of 4',
    price: 2400,
    duration: 120,
    numberOfGroomings: 4,
    subscriptionType: { _id: '6500000000000000000000a7', purpose: 'Grooming' },
    validityInDays: 180,
  },
  subscriptionType: { _id: '6500000000000000000000a7', purpose: 'Grooming', validityInDays: 180, price: 2400 },
  numberOfGroomings: 3,
  daysLeft: 120,
  discount: 0,
  active: true,
  firstPaymentDate: '2026-11-01',
  lastPaymentDate: '2026-11-01',
  status: 'active',
  validUntil: '2027-04-30',
  amountDue: 0,
  payLater: false,
  validityInDays: 180,
  price: 2400,
  duration: 120,
};

const open = (purpose: string, id = ID) =>
  renderWithProviders(<VisitDetailDialog visitId={id} purpose={purpose} onClose={() => {}} />);

const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('VisitDetailDialog layouts (spec 000 §2)', () => {
  it('Veterinary: pet info, age in years, price, customer type, vaccines, medicines, follow-up, and the ledger', async () => {
    serveDetails(
      visit(
        'Veterinary',
        {},
        {
          customerType: 'pvtltd Emergency',
          nextFollowUp: '2026-11-15',
          followUpTime: '11:00',
          followUpPurpose: 'Second dose',
          vaccines: [line({ name: 'Rabies', doseNumber: 2, volume: 1.5, type: 'Core' })],
          medicines: [line({ name: 'Meloxicam', quantity: 2, unit: 'ml', category: 'NSAID' })],
        },
      ),
    );
    open('Veterinary');
    expect(await screen.findByText('Vaccines')).toBeInTheDocument();
    expect(fact('Pet')).toBe('Bruno');
    expect(fact('Species / breed')).toBe('dog · Beagle');
    expect(fact('Age')).toMatch(/^\d+ years$/);
    expect(fact('Price')).toBe('₹850.00');
    expect(fact('Customer type')).toBe('Pvt Ltd (Emergency)');
    const vaccines = screen.getByRole('region', { name: 'Vaccines' });
    expect(within(vaccines).getByText('Rabies')).toBeInTheDocument();
    expect(within(vaccines).getByText('Core')).toBeInTheDocument();
    expect(within(vaccines).getByText('1.5')).toBeInTheDocument();
    const medicines = screen.getByRole('region', { name: 'Medicines' });
    expect(within(medicines).getByText('Meloxicam')).toBeInTheDocument();
    expect(within(medicines).getByText('NSAID')).toBeInTheDocument();
    expect(screen.getByText('15 Nov 2026 at 11:00 — Second dose')).toBeInTheDocument();
    const ledger = screen.getByRole('region', { name: 'Ledger' });
    const entries = within(ledger).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Charge');
    expect(entries[0]).toHaveTextContent('₹850.00');
    expect(entries[0]).not.toHaveTextContent('Receipt');
    expect(entries[1]).toHaveTextContent('Payment · Cash');
    expect(entries[1]).toHaveTextContent('Receipt 2026-27/000007');
    expect(entries[1]).toHaveTextContent('Completed');
  });

  it('Hostel: stay days, price, daily rate, half-day rate, discount, subscription used, medicines', async () => {
    serveDetails(
      visit('Hostel', {}, { numberOfDays: 3, price: 2700, discount: 300, isSubscriptionAvailed: true, medicines: [] }),
    );
    open('Hostel');
    expect(await screen.findByText('Stay (days)')).toBeInTheDocument();
    expect(fact('Stay (days)')).toBe('3');
    expect(fact('Price')).toBe('₹2,700.00');
    expect(fact('Daily rate')).toBe('₹1,000.00');
    expect(fact('Half-day rate')).toBe('₹600.00');
    expect(fact('Discount')).toBe('₹300.00');
    expect(fact('Subscription used')).toBe('Yes');
    expect(within(screen.getByRole('region', { name: 'Medicines' })).getByText('No medicines')).toBeInTheDocument();
  });

  it('Buy Subscription: transaction type, subscription type, duration, sessions, plan price, purchase date, note (from buyy)', async () => {
    serveDetails(visit('Buy Subscription', { price: 2400 }));
    server.use(http.get(`/api/v1/visit/buyy/${ID}`, () => HttpResponse.json({ success: true, message: 'x', data: bought })));
    open('Buy Subscription');
    expect(await screen.findByText('Transaction type')).toBeInTheDocument();
    expect(fact('Transaction type')).toBe('Purchase');
    expect(fact('Subscription type')).toBe('Grooming · Grooming Pack of 4');
    expect(fact('Duration (days)')).toBe('120');
    expect(fact('Grooming sessions')).toBe('4');
    expect(fact('Plan price')).toBe('₹2,400.00');
    expect(fact('Purchase date')).toBe('1 Nov 2026');
    expect(screen.getByText(/A new subscription/)).toBeInTheDocument();
  });

  it('Renew Subscription says it is a renewal', async () => {
    serveDetails(visit('Renew Subscription'));
    server.use(http.get(`/api/v1/visit/buyy/${ID}`, () => HttpResponse.json({ success: true, message: 'x', data: bought })));
    open('Renew Subscription');
    expect(await screen.findByText('Transaction type')).toBeInTheDocument();
    expect(fact('Transaction type')).toBe('Renewal');
    expect(screen.getByText(/A renewal/)).toBeInTheDocument();
  });

  it('Shop: products with name, quantity, unit, price, category, and the total amount', async () => {
    serveDetails(
      visit(
        'Shop',
        {},
        {
          totalCalculatedPrice: 610.75,
          items: [
            line({ name: 'Collar', price: 250, category: 'Accessories' }),
            line({ name: 'Treats', price: 120.25, quantity: 3, unit: 'item' }),
          ],
        },
      ),
    );
    open('Shop');
    const products = await screen.findByRole('region', { name: 'Products' });
    const rows = within(products).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Collar1—₹250.00Accessories');
    expect(rows[2]).toHaveTextContent('Treats3item₹120.25—');
    expect(screen.getByText('Total amount').nextElementSibling).toHaveTextContent('₹610.75');
  });

  it('any other purpose: generic pet and price information', async () => {
    serveDetails(visit('Grooming', { price: 700 }, { price: 700, discount: 0 }));
    open('Grooming');
    expect(await screen.findByText('Purpose')).toBeInTheDocument();
    expect(fact('Purpose')).toBe('Grooming');
    expect(fact('Pet')).toBe('Bruno');
    expect(fact('Contact')).toBe('9812345678');
    expect(fact('Price')).toBe('₹700.00');
    expect(screen.queryByText('Vaccines')).not.toBeInTheDocument();
  });

  it("an unreadable date shows 'Unknown Date'", async () => {
    serveDetails(visit('Grooming', { createdAt: 'not a date' }));
    open('Grooming');
    expect(await screen.findByText(VISIT_DIALOG_TEXT.unknownDate)).toBeInTheDocument();
  });
});

describe('VisitDetailDialog messages (spec 000 §8)', () => {
  const expectError = async (message: string) => {
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading details')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(alert).getByText('Please try closing and reopening this dialog.')).toBeInTheDocument();
  };

  it("a veterinary visit id that is not 24 characters: 'Invalid veterinary visit data', nothing fetched", async () => {
    let asked = false;
    server.use(
      http.get('/api/v1/visit/getvisitdetails/:id', () => {
        asked = true;
        return HttpResponse.json({});
      }),
    );
    open('Veterinary', 'abc123');
    await expectError('Invalid veterinary visit data');
    expect(asked).toBe(false);
  });

  it("a subscription visit id that is not 24 characters: 'Invalid subscription data'", async () => {
    open('Buy Subscription', '65000000000000000000010');
    await expectError('Invalid subscription data');
  });

  it("401: 'Authentication failed'", async () => {
    server.use(
      http.get(`/api/v1/visit/getvisitdetails/${ID}`, () =>
        HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    open('Veterinary');
    await expectError('Authentication failed');
  });

  it("a veterinary lookup that fails: 'Failed to load veterinary visit details'", async () => {
    server.use(
      http.get(`/api/v1/visit/getvisitdetails/${ID}`, () =>
        HttpResponse.json({ success: false, message: 'Visit not found' }, { status: 404 }),
      ),
    );
    open('Veterinary');
    await expectError('Failed to load veterinary visit details');
  });

  it("a subscription lookup that fails: 'Failed to load subscription details'", async () => {
    serveDetails(visit('Buy Subscription'));
    server.use(
      http.get(`/api/v1/visit/buyy/${ID}`, () =>
        HttpResponse.json({ success: false, message: 'Subscription not found' }, { status: 404 }),
      ),
    );
    open('Buy Subscription');
    await expectError('Failed to load subscription details');
  });

  it('another purpose that fails shows the server message', async () => {
    server.use(
      http.get(`/api/v1/visit/getvisitdetails/${ID}`, () =>
        HttpResponse.json({ success: false, message: 'Visit not found' }, { status: 404 }),
      ),
    );
    open('Shop');
    await expectError('Visit not found');
  });

  it('shows a loading state while the visit loads', async () => {
    server.use(http.get(`/api/v1/visit/getvisitdetails/${ID}`, () => new Promise(() => {})));
    open('Veterinary');
    expect(await screen.findByText('Loading details...')).toBeInTheDocument();
  });
});
