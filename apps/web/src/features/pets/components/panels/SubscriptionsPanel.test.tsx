import type { PetDetails, PetSubscription } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SubscriptionsPanel } from './SubscriptionsPanel';

const PET = '650000000000000000000001';

/** The purchase page, naming the pet it was opened for (navigation state). */
function BuyPage() {
  return <p>Buy page for {(useLocation().state as { petId?: string } | null)?.petId}</p>;
}
const pet = { _id: PET, name: 'Bruno', owner: { _id: '650000000000000000000005', name: 'Asha' } } as unknown as PetDetails;
const type = (purpose: string, id: string) => ({ _id: id, purpose });

const sub = (fields: Partial<PetSubscription>): PetSubscription => ({
  _id: '650000000000000000000031',
  planId: {
    _id: '650000000000000000000021',
    name: 'Monthly',
    price: 12000,
    duration: 30,
    numberOfGroomings: 0,
    validityInDays: 60,
    subscriptionType: type('Day School', '6500000000000000000000a6'),
  },
  active: true,
  status: 'active',
  daysLeft: 5,
  numberOfGroomings: 0,
  firstPaymentDate: '2026-11-01',
  lastPaymentDate: '2026-11-20',
  validUntil: '2027-01-19',
  amountDue: 0,
  payLater: false,
  history: [
    {
      _id: 'e2',
      kind: 'renewal',
      status: 'applied',
      date: '2026-11-20T05:00:00.000Z',
      planName: 'Monthly',
      days: 30,
      groomings: 0,
      price: 12000,
      daysLeftAfter: 35,
      groomingsLeftAfter: 0,
      validUntilAfter: '2027-01-19',
      visitId: null,
    },
    {
      _id: 'e1',
      kind: 'purchase',
      status: 'applied',
      date: '2026-11-01T05:00:00.000Z',
      planName: 'Monthly',
      days: 30,
      groomings: 0,
      price: 12000,
      daysLeftAfter: 30,
      groomingsLeftAfter: 0,
      validUntilAfter: '2026-12-31',
      visitId: null,
    },
  ],
  ...fields,
});

function answer(status: number, body: unknown) {
  server.use(http.get(`/api/v1/subscription/petssubscription/${PET}`, () => HttpResponse.json(body as object, { status })));
}

describe('SubscriptionsPanel', () => {
  it('shows each subscription with its status, days left coloured, validity and what is owed', async () => {
    answer(200, {
      success: true,
      message: 'ok',
      data: [
        sub({}),
        sub({
          _id: '650000000000000000000032',
          status: 'awaiting_payment',
          active: false,
          daysLeft: 0,
          amountDue: 2400,
          validUntil: null,
          planId: { ...sub({}).planId, name: 'Four grooms', numberOfGroomings: 4, subscriptionType: type('Grooming', 'a8') },
        }),
        sub({
          _id: '650000000000000000000033',
          status: 'active',
          daysLeft: 25,
          planId: { ...sub({}).planId, subscriptionType: type('Play School', 'a7') },
        }),
      ],
    });
    renderWithProviders(<SubscriptionsPanel pet={pet} onBack={() => {}} />);
    const cards = await screen.findAllByTestId('subscription-card');
    expect(cards).toHaveLength(3);
    const [school, grooming, play] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(school).getByText('Active')).toBeInTheDocument();
    expect(within(school).getByTestId('days-left')).toHaveAttribute('data-level', 'red');
    expect(within(school).getByTestId('days-left')).toHaveTextContent('5 days (expiring soon)');
    expect(school).toHaveTextContent('19 Jan 2027');
    expect(within(grooming).getByText('Awaiting payment')).toBeInTheDocument();
    expect(grooming).toHaveTextContent('₹2,400.00 due');
    expect(within(grooming).getByTestId('groomings-left')).toHaveTextContent('0');
    expect(within(school).getByTestId('groomings-left')).toHaveTextContent('—');
    expect(grooming).toHaveTextContent('No expiry');
    expect(within(play).getByTestId('days-left')).toHaveAttribute('data-level', 'yellow');
  });

  it('opens the details with the history newest first, and Renew goes to the purchase page with the plan', async () => {
    answer(200, { success: true, message: 'ok', data: [sub({})] });
    const { user } = renderWithProviders(<SubscriptionsPanel pet={pet} onBack={() => {}} />, {
      routes: { '/staff/buysubscription': <p>Buy page</p> },
    });
    await user.click(await screen.findByTestId('subscription-card'));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription details' });
    const items = within(dialog).getAllByText(/^(Renewed|Purchased)$/);
    expect(items.map((i) => i.textContent)).toEqual(['Renewed', 'Purchased']);
    expect(dialog).toHaveTextContent('Then 35 days left · valid until 19 Jan 2027');
    expect(dialog).toHaveTextContent('+30 days · ₹12,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Buy page')).toBeInTheDocument();
  });

  it("says 'No active subscriptions' when the pet has none, and offers Buy Subscription for it (issue 18)", async () => {
    answer(200, { success: true, message: 'ok', data: [] });
    const { user } = renderWithProviders(<SubscriptionsPanel pet={pet} onBack={() => {}} />, {
      routes: { '/staff/buysubscription': <BuyPage /> },
    });
    expect(await screen.findByText('No active subscriptions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy Subscription' }));
    expect(await screen.findByText(`Buy page for ${pet._id}`)).toBeInTheDocument();
  });

  it("shows 'Error Loading Subscriptions' with Try Again, then the list", async () => {
    answer(500, { success: false });
    const { user } = renderWithProviders(<SubscriptionsPanel pet={pet} onBack={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Subscriptions');
    expect(alert).toHaveTextContent('Failed to fetch subscriptions');
    answer(200, { success: true, message: 'ok', data: [sub({})] });
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('subscription-card')).toBeInTheDocument();
  });
});

describe('SubscriptionsPanel: failures', () => {
  it.each([
    ['the server says why', 500, { success: false, message: 'Database unavailable' }, 'Database unavailable'],
    ['the server gives no message', 404, { success: false }, 'Failed to fetch subscriptions'],
  ])('%s', async (_, status, body, shown) => {
    answer(status, body);
    renderWithProviders(<SubscriptionsPanel pet={pet} onBack={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it("says 'Failed to load subscription details' when the request got no answer", async () => {
    server.use(http.get(`/api/v1/subscription/petssubscription/${PET}`, () => HttpResponse.error()));
    renderWithProviders(<SubscriptionsPanel pet={pet} onBack={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load subscription details');
  });
});
