import type { OwnerPackage, PackageOffer } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BRUNO, COCO, mockCustomerReads, signInCustomer, wallet } from '../../test/customer-kit';
import { oneDayCharge, walletShort } from './packages';
import { PackagesSection } from './PackagesSection';

vi.mock('../../../../components/confirm', () => ({ confirm: vi.fn(async () => true) }));

const OFFER: PackageOffer = {
  _id: '650000000000000000000f01',
  name: '15 Days Boarding Plan',
  boardingType: { _id: '650000000000000000000a02', purpose: 'Hostel' },
  days: 15,
  price: 11500,
  dailyCharge: 766.66,
  active: true,
};

const pkg = (o: Partial<OwnerPackage> = {}): OwnerPackage => ({
  _id: '650000000000000000000f11',
  packageId: OFFER._id,
  name: OFFER.name,
  days: 15,
  price: 11500,
  status: 'active',
  activatedVia: 'customer',
  endReason: null,
  startedAt: '2026-11-20T04:00:00.000Z',
  endedAt: null,
  pets: [
    {
      _id: '650000000000000000000f21',
      petId: BRUNO,
      name: 'Bruno',
      status: 'boarded',
      startDate: '2026-11-20',
      daysCharged: 2,
      boardingId: null,
    },
    {
      _id: '650000000000000000000f22',
      petId: COCO,
      name: 'Coco',
      status: 'boarded',
      startDate: '2026-11-20',
      daysCharged: 2,
      boardingId: null,
    },
  ],
  dailyCharge: 1533.34,
  charged: 3066.66,
  estimatedDaysLeft: 1,
  lowBalance: true,
  ...o,
});

beforeEach(signInCustomer);

describe('one day’s charge of a package', () => {
  it('is each pet’s day-1 share (floor(P·1/D)), added up to the paisa', () => {
    expect(oneDayCharge(OFFER, 1)).toBe(766.66);
    expect(oneDayCharge(OFFER, 2)).toBe(1533.32);
    expect(walletShort(1533.31, 1533.32)).toBe(true);
    expect(walletShort(1533.32, 1533.32)).toBe(false);
  });
});

describe('Boarding packages', () => {
  it('activating for two pets shows one day’s charge against the balance and refuses clearly when short', async () => {
    mockCustomerReads({ offers: [OFFER], balance: 1000, walletPages: [wallet({ balance: 1000 })] });
    const posted: unknown[] = [];
    server.use(
      http.post('/api/v1/customer/packages/activate', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ success: true, message: 'never' });
      }),
    );
    const { user } = renderWithProviders(<PackagesSection />);
    expect(await screen.findByText('You have no boarding packages yet.')).toBeInTheDocument();
    expect(screen.getByText(/not a subscription plan \(such as Hostel 15 Days\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Package')).toHaveValue(OFFER._id);
    await user.click(screen.getByRole('checkbox', { name: 'Bruno' }));
    expect(screen.getByTestId('activate-day-charge')).toHaveTextContent('₹766.66');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Coco' }));
    expect(screen.getByTestId('activate-day-charge')).toHaveTextContent('₹1,533.32');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The wallet holds ₹1,000.00; one day of this package costs ₹1,533.32. Top up the wallet first.',
    );
    expect(screen.getByRole('button', { name: 'Request boarding' })).toBeDisabled();
    expect(posted).toEqual([]);
  });

  it('with enough in the wallet, requests the package for the chosen pets (one Idempotency-Key) and says it waits for check-in', async () => {
    mockCustomerReads({ offers: [OFFER], balance: 5000 });
    const posted: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post('/api/v1/customer/packages/activate', async ({ request }) => {
        posted.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json({
          success: true,
          message: 'Boarding package requested. Its daily charges start when the pets are checked in.',
          package: pkg({ status: 'awaiting_checkin' }),
        });
      }),
    );
    const { user } = renderWithProviders(<PackagesSection />);
    await user.click(await screen.findByRole('button', { name: 'Request boarding' }));
    expect(await screen.findByText('Please select a pet')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Bruno' }));
    await user.click(screen.getByRole('checkbox', { name: 'Coco' }));
    await user.click(screen.getByRole('button', { name: 'Request boarding' }));
    expect(
      await screen.findByText('Boarding package requested. Its daily charges start when the pets are checked in.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ body: { packageId: OFFER._id, petIds: [BRUNO, COCO] }, key: expect.any(String) }]);
  });

  it('a running package: status, daily charge, charged, estimated days left, the low-balance warning; pets on it cannot be chosen again; End asks first', async () => {
    mockCustomerReads({ offers: [OFFER], balance: 2000, packages: [pkg()] });
    const ended: string[] = [];
    server.use(
      http.post('/api/v1/customer/packages/:id/end', ({ params }) => {
        ended.push(String(params.id));
        return HttpResponse.json({ success: true, message: 'Boarding package ended', package: pkg({ status: 'ended' }) });
      }),
    );
    const { user } = renderWithProviders(<PackagesSection />);
    const card = await screen.findByTestId('package-card');
    expect(within(card).getByTestId('package-status')).toHaveTextContent('Active');
    expect(within(card).getByTestId('package-daily')).toHaveTextContent('₹1,533.34');
    expect(within(card).getByTestId('package-charged')).toHaveTextContent('₹3,066.66');
    expect(within(card).getByTestId('package-days-left')).toHaveTextContent('1 day');
    expect(within(card).getByText('Low Wallet Balance')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByTestId('package-pet')
        .map((p) => p.textContent),
    ).toEqual(['BrunoBoarded · day 2 of 15 · from 20 Nov 2026', 'CocoBoarded · day 2 of 15 · from 20 Nov 2026']);
    expect(screen.getByText('All your pets are on a boarding package.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'End package' }));
    await waitFor(() => expect(ended).toEqual([pkg()._id]));
    expect(await screen.findByText('Boarding package ended')).toBeInTheDocument();
  });

  it('a stopped package says Boarding Stopped', async () => {
    mockCustomerReads({
      offers: [OFFER],
      balance: 0,
      packages: [
        pkg({ status: 'stopped', endReason: 'low_balance', lowBalance: false, dailyCharge: 0, estimatedDaysLeft: null }),
      ],
    });
    renderWithProviders(<PackagesSection />);
    const card = await screen.findByTestId('package-card');
    expect(within(card).getByTestId('package-status')).toHaveTextContent('Boarding Stopped');
    expect(within(card).getByText(/did not hold the next day’s charge/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'End package' })).not.toBeInTheDocument();
  });
});
