import type { PetDetails, PetVisit } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '../../../../lib/endpoints/payments';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { mockRefundApi, OWNER_ID, PET_ID, signInStaff, VISIT_ID } from '../../../../test/refund-kit';
import type { ListedVisit } from './VisitItem';
import { VisitsPanel } from './VisitsPanel';

const VOIDED_ID = '650000000000000000000013';

const pet = {
  _id: PET_ID,
  name: 'Bruno',
  owner: { _id: OWNER_ID, name: 'Asha', phone: '9812345678', email: null, address: null },
} as unknown as PetDetails;

const payment = (amount: number, fields: Partial<PetVisit['details']['payment']> = {}) => ({
  amount,
  paymentType: null,
  remainingAmount: 0,
  isRemainingPaid: true,
  isPaid: amount > 0,
  pendingAmount: 0,
  method: 'cash',
  methodLabel: 'Cash',
  status: 'completed',
  receiptNo: '2026-27/000007',
  paidAt: '2026-11-01T09:35:00.000Z',
  linkUrl: null,
  ...fields,
});

function visit(id: string, fields: Partial<ListedVisit> = {}): ListedVisit {
  return {
    _id: id,
    createdAt: '2026-11-01T09:35:00.000Z',
    purpose: 'Grooming',
    price: 25000,
    pet: { _id: PET_ID, name: 'Bruno' },
    visitType: {
      _id: '6500000000000000000000a8',
      purpose: fields.purpose ?? 'Grooming',
      price: 700,
      halfdayPrice: 0,
      consultationPricePvt: 0,
      consultationPricePvtEmergency: 0,
      consultationPriceNgo: 0,
      consultationPriceNgoEmergency: 0,
    },
    details: { payment: payment(7500), paymentLeft: 0 },
    item: null,
    quantity: null,
    volumeML: null,
    voided: null,
    ...fields,
  };
}

const entry = (fields: Partial<StatementEntry>): StatementEntry => ({
  _id: '650000000000000000000050',
  date: '2026-11-03T06:00:00.000Z',
  kind: 'refund',
  account: 'sale',
  direction: null,
  method: 'cash',
  status: 'completed',
  amount: 2500,
  effect: 2500,
  balance: 0,
  description: 'Refund',
  petName: 'Bruno',
  visitId: VISIT_ID,
  boardingId: null,
  prescriptionId: null,
  subscriptionId: null,
  receiptNo: 'R/2026-27/000001',
  ...fields,
});

/** The cancelled sale of VISIT_ID (₹25,000 charged, ₹17,500 credited, refunds by card pending and cash done). */
const CANCELLED_SALE = [
  entry({ _id: '650000000000000000000054', kind: 'charge', amount: 25000, receiptNo: null, method: null }),
  entry({ _id: '650000000000000000000051', kind: 'credit', amount: 17500, receiptNo: null, method: null }),
  entry({ _id: '650000000000000000000052', amount: 15000, method: 'card', status: 'pending', receiptNo: null }),
  entry({ _id: '650000000000000000000053' }),
];
/** The voided visit: its ₹1,200 charge credited and the ₹1,200 paid moved to the unapplied balance. */
const VOIDED_SALE = [
  entry({ _id: '650000000000000000000055', visitId: VOIDED_ID, kind: 'charge', amount: 1200, method: null, receiptNo: null }),
  entry({ _id: '650000000000000000000056', visitId: VOIDED_ID, kind: 'credit', amount: 1200, method: null, receiptNo: null }),
  entry({
    _id: '650000000000000000000057',
    visitId: VOIDED_ID,
    kind: 'allocation',
    direction: 'out',
    amount: 1200,
    method: null,
    receiptNo: null,
  }),
];

function mockLists(statement: 'cancelled' | 'none' | 'missing' = 'cancelled', first: ListedVisit = visit(VISIT_ID)) {
  server.use(
    http.get('/api/v1/visit/getparticularpetvisit', () =>
      HttpResponse.json({
        success: true,
        message: 'ok',
        nextCursor: null,
        List: [
          first,
          visit(VOIDED_ID, {
            purpose: 'Hostel',
            price: 1200,
            voided: { at: '2026-11-02T05:00:00.000Z', reason: 'Entered twice' },
            details: { payment: payment(0, { method: null, methodLabel: null, receiptNo: null }), paymentLeft: 0 },
          }),
        ],
      }),
    ),
    // What each visit sold comes from the Visit History search for the pet.
    http.post('/api/v1/visit/getvisitlist', ({ request }) => {
      expect(new URL(request.url).searchParams.get('petId')).toBe(PET_ID);
      const none = { vaccines: [], medicines: [], items: [] };
      const shampoo = {
        name: 'Shampoo',
        quantity: 2,
        volume: 250,
        price: 300,
        unit: 'ml',
        category: null,
        doseNumber: null,
        type: null,
      };
      return HttpResponse.json({
        success: true,
        nextCursor: null,
        List: [
          { _id: VISIT_ID, details: { ...none, items: [shampoo] } },
          { _id: VOIDED_ID, details: none },
        ],
      });
    }),
    http.get('/api/v1/payments/statement', ({ request }) => {
      expect(new URL(request.url).searchParams.get('ownerId')).toBe(OWNER_ID);
      if (statement === 'missing') return HttpResponse.json({ success: false, message: 'Route not found' }, { status: 404 });
      return HttpResponse.json({
        success: true,
        owner: { _id: OWNER_ID, name: 'Asha', phone: '9812345678', email: null },
        entries: [...(statement === 'cancelled' ? CANCELLED_SALE : []), ...VOIDED_SALE],
        totals: {},
        openSales: [],
      });
    }),
  );
}

const item = (name: RegExp) => screen.findByRole('listitem', { name });

describe('the visits of Pet Records', { timeout: 20_000 }, () => {
  it("shows each visit's payment and the refunds of its sale, with status and R/ receipt", async () => {
    signInStaff(true);
    mockLists();
    renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const sold = await item(/^Grooming of /);
    expect(await within(sold).findByText('Credited ₹17,500.00 on cancellation')).toBeInTheDocument();
    expect(within(sold).getByText('Cancelled')).toBeInTheDocument();
    expect(sold).toHaveTextContent('Charged ₹7,500.00 · Paid ₹7,500.00 · Cash · Receipt 2026-27/000007');
    expect(await within(sold).findByLabelText('Items')).toHaveTextContent('Item: Shampoo (x2) - 250mL');
    const refunds = within(sold).getByLabelText('Refunds');
    expect(refunds).toHaveTextContent('Refund ₹15,000.00 · CardPending');
    expect(refunds).toHaveTextContent('Refund ₹2,500.00 · Cash · Receipt R/2026-27/000001Completed');
    // A sale cancels once: only the void is left.
    expect(within(sold).queryByRole('button', { name: 'Cancel & refund' })).toBeNull();
    expect(within(sold).getByRole('button', { name: 'Void visit' })).toBeInTheDocument();
  });

  it('a voided visit says so with its reason and offers no action', async () => {
    signInStaff(true);
    mockLists();
    renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const voided = await item(/^Hostel of /);
    expect(within(voided).getByText('Voided')).toBeInTheDocument();
    expect(within(voided).getByText('Voided: Entered twice')).toBeInTheDocument();
    expect(await within(voided).findByText("₹1,200.00 paid moved to the owner's unapplied balance")).toBeInTheDocument();
    expect(voided).not.toHaveTextContent('Nothing paid');
    // Only the details: no cancel or void.
    expect(
      within(voided)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View details']);
  });

  it('a staff member who is not an admin sees no actions', async () => {
    signInStaff(false);
    mockLists('none');
    renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const sold = await item(/^Grooming of /);
    expect(
      within(sold)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View details']);
  });

  it('View details opens the visit detail dialog on that visit', async () => {
    signInStaff(false);
    mockLists('none');
    server.use(
      http.get(`/api/v1/visit/getvisitdetails/${VOIDED_ID}`, () =>
        HttpResponse.json({ success: false, message: 'Visit not found' }, { status: 404 }),
      ),
    );
    const { user } = renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const voided = await item(/^Hostel of /);
    await user.click(within(voided).getByRole('button', { name: /^View details of Hostel/ }));
    const d = await screen.findByRole('dialog', { name: 'Hostel details' });
    // The dialog asked for this visit (the mock answers 404 with the server's message).
    expect(await within(d).findByText('Visit not found')).toBeInTheDocument();
    expect(within(d).getByText('Error loading details')).toBeInTheDocument();
  });

  it("without a statement the visits still show, the cancellation from the list's ledger figures (no refunds)", async () => {
    signInStaff(true);
    const cancelled = visit(VISIT_ID, {
      details: { payment: { ...payment(7500), charged: 7500, credited: 17500 }, paymentLeft: 0 },
    });
    mockLists('missing', cancelled);
    renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const sold = await item(/^Grooming of /);
    expect(sold).toHaveTextContent('Charged ₹7,500.00 · Paid ₹7,500.00');
    expect(within(sold).getByText('Credited ₹17,500.00 on cancellation')).toBeInTheDocument();
    expect(within(sold).queryByRole('button', { name: 'Cancel & refund' })).toBeNull();
    expect(within(sold).queryByLabelText('Refunds')).toBeNull();
  });

  it('Cancel & refund opens its dialog on that visit', async () => {
    signInStaff(true);
    mockLists('none');
    mockRefundApi();
    const { user } = renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const sold = await item(/^Grooming of /);
    await user.click(within(sold).getByRole('button', { name: 'Cancel & refund' }));
    const d = await screen.findByRole('dialog', { name: 'Cancel & refund' });
    expect(await within(d).findByText('Amount cancelled')).toBeInTheDocument();
    expect(d).toHaveTextContent('Grooming of 1 Nov 2026');
  });

  it('Escape closes Cancel & refund and gives the focus back to the button that opened it (issue 22)', async () => {
    signInStaff(true);
    mockLists('none');
    mockRefundApi();
    const { user } = renderWithProviders(<VisitsPanel pet={pet} onBack={() => {}} />);
    const sold = await item(/^Grooming of /);
    const opener = within(sold).getByRole('button', { name: 'Cancel & refund' });
    opener.focus();
    await user.keyboard('{Enter}');
    const d = await screen.findByRole('dialog', { name: 'Cancel & refund' });
    await waitFor(() => expect(within(d).getByRole('textbox', { name: /Reason for cancelling/ })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    // It stays there (no later render moves it to the visit).
    await new Promise((r) => setTimeout(r, 300));
    expect(opener).toHaveFocus();
  });
});
