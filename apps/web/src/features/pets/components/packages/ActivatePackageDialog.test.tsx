import type { OwnerPackage, PackageOffer, PetDetails } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/server';
import { ActivatePackageDialog } from './ActivatePackageDialog';

const OWNER = '650000000000000000000005';
const BRUNO = '650000000000000000000001';
const COCO = '650000000000000000000002';
const MAX = '650000000000000000000003';
const owner = { _id: OWNER, name: 'Asha', phone: '9812345678', email: null, address: null };
const pet = { _id: BRUNO, name: 'Bruno', owner } as unknown as PetDetails;
const listed = (id: string, name: string) => ({ _id: id, name, breed: 'Beagle', species: 'dog', owner });
const OFFER: PackageOffer = {
  _id: '650000000000000000000041',
  name: '15 Days Boarding Plan',
  boardingType: { _id: '6500000000000000000000a4', purpose: 'Hostel' },
  days: 15,
  price: 11500,
  dailyCharge: 766.66,
  active: true,
};

function mockApi() {
  const posted: unknown[] = [];
  server.use(
    http.get('/api/v1/packages', () => HttpResponse.json({ success: true, packages: [OFFER] })),
    http.get('/api/v1/pet/getfilteredpetsbynameandphone', () =>
      HttpResponse.json({
        success: true,
        list: [listed(BRUNO, 'Bruno'), listed(COCO, 'Coco'), listed(MAX, 'Max')],
        nextCursor: null,
      }),
    ),
    http.post('/api/v1/packages/activate', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ success: true, message: 'Boarding package activated', package: {} });
    }),
  );
  return posted;
}

const onMax = { pets: [{ petId: MAX, status: 'boarded' }] } as unknown as OwnerPackage;

function renderDialog(balance: number) {
  return renderWithProviders(<ActivatePackageDialog pet={pet} balance={balance} packages={[onMax]} opened onClose={() => {}} />);
}

describe('Activate boarding package', () => {
  it("shows one day's charge for the pets chosen against the balance, and activates for them", async () => {
    const posted = mockApi();
    const { user } = renderDialog(5000);
    const dialog = await screen.findByRole('dialog', { name: 'Activate boarding package' });
    expect(await within(dialog).findByRole('checkbox', { name: /Bruno/ })).toBeChecked();
    // A pet already on a package cannot be chosen.
    expect(within(dialog).getByRole('checkbox', { name: /Max/ })).toBeDisabled();
    expect(within(dialog).getByTestId('package-day-charge')).toHaveTextContent('One day: ₹766.66 × 1 pet = ₹766.66');
    await user.click(within(dialog).getByRole('checkbox', { name: /Coco/ }));
    expect(within(dialog).getByTestId('package-day-charge')).toHaveTextContent('₹766.66 × 2 pets = ₹1,533.32');
    expect(within(dialog).getByTestId('package-day-charge')).toHaveTextContent('Wallet balance: ₹5,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Activate and board' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ ownerId: OWNER, packageId: OFFER._id, petIds: [BRUNO, COCO] });
  });

  it('refuses, in the server’s words, when the wallet holds less than a day', async () => {
    const posted = mockApi();
    const { user } = renderDialog(1000);
    const dialog = await screen.findByRole('dialog', { name: 'Activate boarding package' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Coco/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The wallet holds ₹1,000.00; one day of this package costs ₹1,533.32. Top up the wallet first.',
    );
    expect(within(dialog).getByRole('button', { name: 'Activate and board' })).toBeDisabled();
    expect(posted).toHaveLength(0);
  });
});
