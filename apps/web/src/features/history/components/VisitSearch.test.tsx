import type { VisitListRow } from '@pawdesk/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { VisitSearch } from './VisitSearch';

const TODAY = '2026-11-25';

function row(n: number, o: Partial<VisitListRow> = {}): VisitListRow {
  const purpose = o.purpose ?? 'Shop';
  return {
    _id: `6500000000000000000001${String(n).padStart(2, '0')}`,
    createdAt: '2026-11-20T09:35:00.000Z',
    pet: {
      _id: '650000000000000000000001',
      name: `Bella${n}`,
      species: 'dog',
      breed: 'Beagle',
      color: 'Brown',
      dob: '2021-05-04',
      owner: { name: 'Asha Verma', phone: '9812345678' },
    },
    visitType: { _id: '6500000000000000000000a2', purpose, price: 500, halfdayPrice: 300 },
    details: {
      price: 850,
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
    },
    purpose,
    price: 850,
    due: 0,
    paid: 850,
    paymentState: 'paid',
    petId: '650000000000000000000001',
    ownerId: '650000000000000000000005',
    ...o,
  };
}

/** Every search the page sent, as its query string parameters. */
let searches: URLSearchParams[] = [];

function api(pages: (q: URLSearchParams) => { List: VisitListRow[]; nextCursor: string | null } | Response) {
  searches = [];
  server.use(
    http.get('/api/v1/reminders/presets', () => HttpResponse.json({ success: true, today: TODAY })),
    http.get('/api/v1/visit/getallvisittypes', () =>
      HttpResponse.json({
        success: true,
        visitTypes: [
          { _id: '6500000000000000000000a1', code: 'veterinary', purpose: 'Veterinary' },
          { _id: '6500000000000000000000a2', code: 'shop', purpose: 'Shop' },
        ],
      }),
    ),
    http.post('/api/v1/visit/getvisitlist', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      searches.push(q);
      // The search sends its filters in the query string and no body.
      expect(await request.text()).toBe('');
      const answer = pages(q);
      return answer instanceof Response ? answer : HttpResponse.json({ success: true, ...answer });
    }),
    http.get('/api/v1/visit/getvisitdetails/:id', () =>
      HttpResponse.json({ success: false, message: 'Not here' }, { status: 404 }),
    ),
  );
}

/** Shows the address's query so a test can see what the filters wrote. */
function WithAddress() {
  const { search } = useLocation();
  return (
    <>
      <output aria-label="address">{search}</output>
      <VisitSearch />
    </>
  );
}

const wideScreen = (wide: boolean) => {
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: wide && query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
    }) as unknown as MediaQueryList;
};

const original = window.matchMedia;
beforeEach(() => wideScreen(true));
afterEach(() => {
  window.matchMedia = original;
  vi.useRealTimers();
});

describe('Visit History search', () => {
  it('lists the visits in a table and opens one by click or Enter', async () => {
    api(() => ({
      List: [row(1, { purpose: 'Veterinary' }), row(2, { due: 200, paid: 650, paymentState: 'due' })],
      nextCursor: null,
    }));
    const { user } = renderWithProviders(<VisitSearch />);
    const table = await screen.findByRole('table', { name: 'Visits' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Pet name', 'Date', 'Owner name', 'Contact', 'Purpose', 'Price', 'Payment']);
    const due = within(table).getByRole('row', { name: /^Shop visit of Bella2 on 20 Nov 2026, 3:05 pm/ });
    expect(due).toHaveTextContent('Asha Verma');
    expect(due).toHaveTextContent('9812345678');
    expect(due).toHaveTextContent('₹850.00');
    expect(due).toHaveTextContent('Due');
    expect(due).toHaveTextContent('₹200.00 due');
    expect(within(table).getByRole('row', { name: /^Veterinary visit of Bella1/ })).toHaveTextContent('Paid');
    expect(screen.getByText('2 visits, newest first')).toBeInTheDocument();

    // Keyboard: focus the row and press Enter.
    due.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Shop details' });
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('row', { name: /^Veterinary visit of Bella1/ }));
    expect(await screen.findByRole('dialog', { name: 'Veterinary details' })).toBeInTheDocument();
  });

  it('becomes a list of cards on a phone, each opening its visit', async () => {
    wideScreen(false);
    api(() => ({ List: [row(1, { paymentState: 'refunded', paid: 0 })], nextCursor: null }));
    const { user } = renderWithProviders(<VisitSearch />);
    const list = await screen.findByRole('list', { name: 'Visits' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('button', { name: /^Shop visit of Bella1/ });
    expect(card).toHaveTextContent('Refunded');
    expect(card).toHaveTextContent('Asha Verma · 9812345678');
    await user.click(card);
    expect(await screen.findByRole('dialog', { name: 'Shop details' })).toBeInTheDocument();
  });

  it("shows the spec's empty text when nothing matches", async () => {
    api(() => ({ List: [], nextCursor: null }));
    renderWithProviders(<VisitSearch />);
    expect(await screen.findByText('No visit was recorded on this date')).toBeInTheDocument();
  });

  it("shows the server's message with Try Again when the search fails, and the rows after a retry", async () => {
    let fail = true;
    api(() =>
      fail
        ? HttpResponse.json({ success: false, message: 'Unknown purpose: grooming' }, { status: 400 })
        : { List: [row(1)], nextCursor: null },
    );
    const { user } = renderWithProviders(<VisitSearch />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load visits');
    expect(alert).toHaveTextContent('Unknown purpose: grooming');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('row', { name: /^Shop visit of Bella1/ })).toBeInTheDocument();
  });

  it('starts from the filters in the address and fills the fields with them', async () => {
    api(() => ({ List: [row(1)], nextCursor: null }));
    renderWithProviders(<VisitSearch />, {
      route: '/staff/saleshistory?name=Bel&phone=98123&purpose=shop&date=2026-11-20&state=due',
    });
    await screen.findByRole('table', { name: 'Visits' });
    const sent = Object.fromEntries(searches[0]!);
    expect(sent).toEqual({ name: 'Bel', phone: '98123', purpose: 'shop', date: '2026-11-20', state: 'due', limit: '25' });
    expect(screen.getByLabelText('Pet name')).toHaveValue('Bel');
    expect(screen.getByLabelText('Owner phone')).toHaveValue('98123');
    // Dates in Indian order (issue 18).
    expect(screen.getByLabelText('Date')).toHaveValue('20/11/2026');
    expect(screen.getByLabelText('Payment')).toHaveValue('due');
    await waitFor(() => expect(screen.getByLabelText('Purpose')).toHaveValue('shop'));
  });

  it('searches by a typed name and phone only once typing has paused for 1 s, and keeps them in the address', async () => {
    api(() => ({ List: [row(1)], nextCursor: null }));
    renderWithProviders(<WithAddress />, { route: '/staff/saleshistory' });
    await screen.findByRole('table', { name: 'Visits' });
    expect(searches).toHaveLength(1);

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Pet name'), { target: { value: 'Be' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    fireEvent.change(screen.getByLabelText('Pet name'), { target: { value: 'Bel' } });
    fireEvent.change(screen.getByLabelText('Owner phone'), { target: { value: '981' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    // 1.6 s after the first key but under 1 s after the last: nothing applied yet.
    expect(screen.getByLabelText('address')).toHaveTextContent(/^$/);
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    expect(searches.some((q) => q.has('name'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent('?name=Bel&phone=981'));
    await waitFor(() => expect(searches.at(-1)?.get('name')).toBe('Bel'));
    expect(searches.at(-1)?.get('phone')).toBe('981');
    expect(searches.filter((q) => q.has('name'))).toHaveLength(1);
  });

  it('applies the purpose and payment selects at once, and a date only when it is not in the future', async () => {
    api(() => ({ List: [row(1)], nextCursor: null }));
    const { user } = renderWithProviders(<WithAddress />, { route: '/staff/saleshistory' });
    await screen.findByRole('table', { name: 'Visits' });
    await screen.findByRole('option', { name: 'Veterinary' });

    await user.selectOptions(screen.getByLabelText('Payment'), 'voided');
    await waitFor(() => expect(searches.at(-1)?.get('state')).toBe('voided'));
    await user.selectOptions(screen.getByLabelText('Purpose'), 'veterinary');
    await waitFor(() => expect(searches.at(-1)?.get('purpose')).toBe('veterinary'));
    expect(screen.getByLabelText('address')).toHaveTextContent('?state=voided&purpose=veterinary');

    const date = screen.getByLabelText('Date');
    const before = searches.length;
    // Typed day first (issue 18).
    fireEvent.change(date, { target: { value: '26/11/2026' } });
    expect(await screen.findByText('The date cannot be later than today')).toBeInTheDocument();
    expect(screen.getByLabelText('address')).not.toHaveTextContent('date=');
    expect(searches.slice(before).some((q) => q.has('date'))).toBe(false);

    fireEvent.change(date, { target: { value: '25/11/2026' } });
    await waitFor(() => expect(searches.at(-1)?.get('date')).toBe(TODAY));
    expect(screen.queryByText('The date cannot be later than today')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    await waitFor(() => expect(screen.getByLabelText('address')).not.toHaveTextContent('date='));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent(/^$/));
  });

  it('loads the next page with the cursor', async () => {
    api((q) => (q.get('cursor') === 'c2' ? { List: [row(3)], nextCursor: null } : { List: [row(1), row(2)], nextCursor: 'c2' }));
    const { user } = renderWithProviders(<VisitSearch />);
    await screen.findByRole('table', { name: 'Visits' });
    expect(screen.getByText('2+ visits, newest first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more visits' }));
    expect(await screen.findByRole('row', { name: /^Shop visit of Bella3/ })).toBeInTheDocument();
    expect(searches.at(-1)?.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more visits' })).not.toBeInTheDocument();
  });

  it('searches one pet without its name and phone fields (/staff/salesSection)', async () => {
    api(() => ({ List: [row(1)], nextCursor: null }));
    renderWithProviders(<VisitSearch petId="650000000000000000000001" />);
    await screen.findByRole('table', { name: 'Visits' });
    expect(searches[0]?.get('petId')).toBe('650000000000000000000001');
    expect(screen.queryByLabelText('Pet name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Owner phone')).not.toBeInTheDocument();
    // The pet is named above the list: its columns leave out the pet and owner.
    const headers = within(screen.getByRole('table', { name: 'Visits' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Purpose', 'Price', 'Payment']);
  });
});
