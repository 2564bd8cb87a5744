import type { OpenSale, PetDetails, StatementEntry, StatementResponse } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import {
  amountProblem,
  balanceText,
  canApply,
  defaultAmount,
  effectText,
  heldSources,
  shownEntries,
  signedINR,
} from '../statement/statement-rules';
import { StatementPanel } from './StatementPanel';

const OWNER_ID = '650000000000000000000011';
const PET_ID = '650000000000000000000012';
const EARLY = '650000000000000000000021';
const LATER = '650000000000000000000022';

const pet = {
  _id: PET_ID,
  name: 'Bruno',
  owner: { _id: OWNER_ID, name: 'Asha', phone: '9812345678', email: null, address: null },
} as unknown as PetDetails;

const entry = (fields: Partial<StatementEntry>): StatementEntry => ({
  _id: `6500000000000000000001${String(Math.floor(Math.random() * 99)).padStart(2, '0')}`,
  date: '2026-11-01T09:35:00.000Z',
  kind: 'charge',
  account: 'sale',
  direction: null,
  method: null,
  status: 'completed',
  amount: 0,
  effect: 0,
  balance: 0,
  description: 'Dog Park',
  petName: 'Bruno',
  visitId: EARLY,
  boardingId: null,
  prescriptionId: null,
  subscriptionId: null,
  receiptNo: null,
  ...fields,
});

const sale = (visitId: string, due: number, purpose = 'Dog Park', date = '2026-11-01T09:35:00.000Z'): OpenSale => ({
  visitId,
  boardingId: null,
  prescriptionId: null,
  subscriptionId: null,
  purpose,
  petName: 'Bruno',
  date,
  charged: due,
  due,
});

/** ₹1,000 charged on 1 Nov (₹600.25 still due), ₹300 held from a capture that paid nothing, ₹250 due on 5 Nov. */
function statement(
  fields: Partial<StatementResponse> = {},
  totals: Partial<StatementResponse['totals']> = {},
): StatementResponse {
  return {
    success: true,
    owner: { _id: OWNER_ID, name: 'Asha', phone: '9812345678', email: 'asha@example.com' },
    entries: [
      entry({ _id: '650000000000000000000101', kind: 'charge', amount: 1000.25, effect: 1000.25, balance: 1000.25 }),
      entry({
        _id: '650000000000000000000102',
        kind: 'payment',
        method: 'cash',
        amount: 400,
        effect: -400,
        balance: 600.25,
        description: 'Payment for Dog Park',
        receiptNo: '2026-27/000007',
      }),
      entry({
        _id: '650000000000000000000103',
        kind: 'payment',
        method: 'card',
        status: 'void',
        amount: 300,
        effect: 0,
        balance: 600.25,
        description: 'Payment for Dog Park',
      }),
      entry({
        _id: '650000000000000000000104',
        kind: 'payment',
        account: 'unapplied',
        method: 'card',
        amount: 300,
        effect: -300,
        balance: 300.25,
        description: 'Payment held on the unapplied balance',
        visitId: null,
        receiptNo: '2026-27/000008',
      }),
      entry({
        _id: '650000000000000000000105',
        date: '2026-11-05T10:00:00.000Z',
        amount: 250,
        effect: 250,
        balance: 550.25,
        visitId: LATER,
        description: 'Grooming',
      }),
    ],
    totals: {
      charged: 1250.25,
      credited: 0,
      paid: 700,
      refunded: 0,
      due: 850.25,
      unapplied: 300,
      wallet: 0,
      deposit: 0,
      overpaid: 0,
      balance: 550.25,
      ...totals,
    },
    openSales: [sale(EARLY, 600.25), sale(LATER, 250, 'Grooming', '2026-11-05T10:00:00.000Z')],
    ...fields,
  };
}

/** GET /payments/statement answering `answers` in turn (the last one again), and POST /payments/allocate. */
function mockApi(answers: StatementResponse[], allocate: { status: number; body: object } = { status: 200, body: {} }) {
  const posted: unknown[] = [];
  const keys: (string | null)[] = [];
  let calls = 0;
  server.use(
    http.get('/api/v1/payments/statement', ({ request }) => {
      expect(new URL(request.url).searchParams.get('ownerId')).toBe(OWNER_ID);
      return HttpResponse.json(answers[Math.min(calls++, answers.length - 1)]);
    }),
    http.post('/api/v1/payments/allocate', async ({ request }) => {
      posted.push(await request.json());
      keys.push(request.headers.get('idempotency-key'));
      const body =
        allocate.status === 200
          ? { success: true, message: 'Applied to the sale', out: {}, in: {}, ...allocate.body }
          : { success: false, ...allocate.body };
      return HttpResponse.json(body, { status: allocate.status });
    }),
    http.get('/api/v1/site/business', () =>
      HttpResponse.json({
        success: true,
        business: {
          name: 'Paws & Co',
          address: 'Sector 45, Gurugram',
          phone: '+91 98100 00000',
          email: 'hello@paws.test',
          gstin: '06ABCDE1234F1Z5',
          openingHours: '',
        },
      }),
    ),
  );
  return { posted, keys, calls: () => calls };
}

const applyButton = () => screen.getByRole('button', { name: 'Apply to a sale' });

afterEach(() => vi.restoreAllMocks());

describe('statement rules', () => {
  it.each([
    [300, 600.25, 300],
    [700, 250, 250],
    [0.1, 0.2, 0.1],
    [100.05, 100.05, 100.05],
  ])('the amount starts at the lesser of held ₹%s and due ₹%s: ₹%s', (held, due, expected) => {
    expect(defaultAmount(held, due)).toBe(expected);
  });

  it.each([
    [undefined, 'Enter the amount to apply'],
    ['', 'Enter the amount to apply'],
    [0, 'Amount must be more than ₹0.00'],
    [300.01, 'At most ₹300.00 is held'],
    [251, 'At most ₹250.00 is due on this sale'],
    [250, null],
    [0.01, null],
  ])('amount %s with ₹300 held and ₹250 due: %s', (amount, problem) => {
    expect(amountProblem(amount as number | string | undefined, 300, 250)).toBe(problem);
  });

  it.each([
    ['money held and a sale open', true, statement()],
    ['nothing held', false, statement({}, { unapplied: 0 })],
    ['no sale open', false, statement({ openSales: [] })],
    ['only a wallet holds money', true, statement({}, { unapplied: 0, wallet: 50 })],
  ])('Apply is offered with %s: %s', (_, expected, s) => {
    expect(canApply(s)).toBe(expected);
  });

  it('names the balance and the effects', () => {
    expect([balanceText(550.25), balanceText(-120), balanceText(0)]).toEqual(['Owes ₹550.25', 'In credit ₹120.00', 'Settled']);
    expect([effectText(1000), effectText(-400.5), effectText(0)]).toEqual(['+₹1,000.00', '−₹400.50', '—']);
    expect(heldSources(statement({}, { wallet: 20 })).map((x) => x.source)).toEqual(['unapplied', 'wallet']);
    expect([signedINR(-1200), signedINR(300.5), signedINR(0)]).toEqual(['−₹1,200.00', '₹300.50', '₹0.00']);
  });

  it('shows an allocation once (its out row): the two rows of one move have the same words and no effect', () => {
    const out = entry({ _id: 'a1', kind: 'allocation', account: 'unapplied', direction: 'out', amount: 250 });
    const into = entry({ _id: 'a2', kind: 'allocation', account: 'sale', direction: 'in', amount: 250 });
    const charge = entry({ _id: 'c1' });
    expect(shownEntries([charge, out, into]).map((e) => e._id)).toEqual(['c1', 'a1']);
  });
});

describe('StatementPanel', () => {
  it('shows the totals, what is still owing and every entry with its running balance', async () => {
    mockApi([statement()]);
    renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    expect(await screen.findByTestId('statement-due')).toHaveTextContent('₹850.25');
    expect(screen.getByTestId('statement-held')).toHaveTextContent('₹300.00');
    expect(screen.getByTestId('statement-held')).toHaveTextContent('Unapplied ₹300.00');
    expect(screen.getByTestId('statement-balance')).toHaveTextContent('Owes ₹550.25');
    const rows = within(screen.getByRole('table', { name: 'Statement entries' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent(
      /1 Nov 2026.*Payment for Dog Park.*2026-27\/000007.*Payment.*Cash.*₹400\.00.*−₹400\.00.*₹600\.25/,
    );
    expect(within(rows[2]!).getByText('void')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('—');
    expect(screen.getByText(/Grooming · Bruno · 5 Nov 2026/)).toBeInTheDocument();
    expect(applyButton()).toBeEnabled();
  });

  it.each([
    ['nothing is held', statement({}, { unapplied: 0 })],
    ['no sale is open', statement({ openSales: [] }, { due: 0 })],
  ])('Apply is disabled when %s', async (_, s: StatementResponse) => {
    mockApi([s]);
    renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    expect(await screen.findByTestId('statement-due')).toBeInTheDocument();
    expect(applyButton()).toBeDisabled();
    expect(screen.getByText('Needs money held for the owner and a sale still owing')).toBeInTheDocument();
  });

  it('applies held money to a sale: the amount starts at the lesser of held and due, follows the sale, is confirmed, then the statement refreshes', async () => {
    const after = statement({ openSales: [sale(EARLY, 600.25)] }, { unapplied: 50, due: 600.25 });
    const api = mockApi([statement(), after]);
    const { user } = renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Apply to a sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to a sale' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('300');
    await user.click(within(dialog).getByRole('combobox', { name: /^Sale/ }));
    await user.click(await screen.findByRole('option', { name: /Grooming/ }));
    expect(amount).toHaveValue('250');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(dialog).toHaveTextContent("Apply ₹250.00 from the owner's unapplied balance to Grooming");
    expect(api.posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.posted).toEqual([{ ownerId: OWNER_ID, from: 'unapplied', visitId: LATER, amount: 250 }]));
    // One Idempotency-Key per confirmation: a retry after a dropped connection applies the money once.
    expect(api.keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(await screen.findByText('Applied to the sale')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('statement-held')).toHaveTextContent('₹50.00'));
    expect(screen.queryByRole('dialog', { name: 'Apply to a sale' })).not.toBeInTheDocument();
  });

  it('refuses an amount beyond what is held before asking the server', async () => {
    const api = mockApi([statement()]);
    const { user } = renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Apply to a sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to a sale' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '300.01');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('At most ₹300.00 is held')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(api.posted).toEqual([]);
  });

  it('a refusal from the server keeps the form and its amount, with the server’s message', async () => {
    const message = 'The amount is more than what is due on this sale (₹100.00)';
    mockApi([statement()], { status: 400, body: { message, errors: { amount: message } } });
    const { user } = renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Apply to a sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to a sale' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('300');
  });

  it('Print statement opens the printable copy with the business letterhead and prints it', async () => {
    mockApi([statement()]);
    const print = vi.fn();
    window.print = print;
    const { user } = renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Print statement' }));
    const sheet = await screen.findByRole('dialog', { name: 'Printable statement' });
    expect(await within(sheet).findByText('Paws & Co')).toBeInTheDocument();
    expect(sheet).toHaveTextContent('GSTIN 06ABCDE1234F1Z5');
    expect(sheet).toHaveTextContent('Statement of account');
    expect(sheet).toHaveTextContent('Payment for Dog Park (₹300.00, void)');
    expect(within(sheet).getByRole('table', { name: 'Totals' })).toHaveTextContent(/Due on sales₹850\.25.*BalanceOwes ₹550\.25/);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Printable statement' })).not.toBeInTheDocument();
  });

  it('loading, empty and error states', async () => {
    mockApi([statement({ entries: [], openSales: [] })]);
    const first = renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    expect(screen.getByText('Loading statement...')).toBeInTheDocument();
    expect(await screen.findByText('No money recorded for this owner yet')).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/v1/payments/statement', () =>
        HttpResponse.json({ success: false, message: 'Owner not found' }, { status: 404 }),
      ),
    );
    renderWithProviders(<StatementPanel pet={pet} onBack={() => {}} />);
    expect(await screen.findByText('Could not load the statement')).toBeInTheDocument();
    expect(screen.getByText('Owner not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
