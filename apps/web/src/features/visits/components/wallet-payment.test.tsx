import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { mockVisitApi, paymentModal, renderVisitForm, savedBody, visitType } from '../test/kit';

/** The owner's wallet holding `balance` (the kit's pet belongs to owner …05). */
const walletHolds = (balance: number) =>
  server.use(
    http.get('/api/v1/wallet/owner/650000000000000000000005', () =>
      HttpResponse.json({
        success: true,
        wallet: { balance, maxTopUp: 100000, lowBalance: null, movements: [], nextCursor: null },
      }),
    ),
  );

describe('New Visit: Wallet as a payment method (issue 16)', () => {
  it('a wallet holding the price pays the visit: the save says wallet', async () => {
    const posted = mockVisitApi();
    walletHolds(1000);
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const modal = await paymentModal('Payment Options');
    await user.click(await within(modal).findByRole('button', { name: /Wallet.*Balance ₹1,000\.00/ }));
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    const saved = await savedBody(posted);
    expect(saved.body).toMatchObject({ details: { selectedPayment: 'wallet' } });
  });

  it('a wallet short of the price cannot be chosen, and says why', async () => {
    mockVisitApi();
    walletHolds(500);
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const modal = await paymentModal('Payment Options');
    expect(await within(modal).findByRole('button', { name: /Wallet.*Balance ₹500\.00/ })).toBeDisabled();
    expect(within(modal).getByTestId('wallet-reason')).toHaveTextContent('The wallet holds ₹500.00, less than ₹700.00');
  });
});
