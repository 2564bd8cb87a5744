import { SUBSCRIPTION_PAYMENT_METHODS, VISIT_PAYMENT_METHODS } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { server } from '../test/server';
import { balanceAfter, canPayLater, canSubmit, walletProblem } from './payment-choice';
import { PAY_LATER_LABEL, PaymentModal } from './PaymentModal';

const OWNER = '650000000000000000000011';
const wallet = (balance: number | null, o: { loading?: boolean; failed?: boolean } = {}) => ({
  balance,
  loading: o.loading ?? false,
  failed: o.failed ?? false,
});

describe('payment choice rules', () => {
  it.each([
    [wallet(2000), 1000, null],
    [wallet(1000), 1000, null],
    [wallet(999.99), 1000, 'The wallet holds ₹999.99, less than ₹1,000.00'],
    [wallet(0), 10, 'The wallet is empty'],
    [wallet(null, { loading: true }), 10, 'Loading the wallet balance...'],
    [wallet(null, { failed: true }), 10, 'Could not read the wallet balance'],
    [undefined, 10, 'No wallet for this owner'],
  ])('wallet %o paying ₹%s: %s', (w, amount, problem) => {
    expect(walletProblem(w, amount)).toBe(problem);
  });

  it.each([
    ['no method', { method: null, confirmed: true }, false],
    ['cash unticked', { method: 'cash', confirmed: false }, false],
    ['cash ticked', { method: 'cash', confirmed: true }, true],
    ['link ticked', { method: 'payment_link', confirmed: true }, true],
    ['card (its checkout confirms)', { method: 'card', confirmed: false }, true],
    ['wallet holding the amount, no tick needed', { method: 'wallet', confirmed: false }, true],
    ['wallet short of the amount', { method: 'wallet', confirmed: true, amountNow: 2500 }, false],
    ['anything while submitting', { method: 'cash', confirmed: true, submitting: true }, false],
  ] as const)('Submit with %s: %s', (_, s, expected) => {
    expect(canSubmit({ submitting: false, amountNow: 1000, wallet: wallet(2000), ...s })).toBe(expected);
  });

  it('offers pay later only for money that arrives later, and names the balance left', () => {
    expect(['cash', 'payment_link', 'card', 'wallet', null].map((m) => canPayLater(m as never))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(balanceAfter(wallet(2000.1), 1000.05)).toBe(1000.05);
  });
});

/** GET /wallet/owner/:ownerId answering this balance. */
function mockWallet(balance: number) {
  const asked = vi.fn();
  server.use(
    http.get('/api/v1/wallet/owner/:ownerId', ({ params }) => {
      asked(params.ownerId);
      return HttpResponse.json({
        success: true,
        wallet: { balance, maxTopUp: 100000, lowBalance: null, movements: [], nextCursor: null },
      });
    }),
  );
  return asked;
}

function renderModal(o: { total?: number; withPaymentType?: boolean; payLater?: boolean } = {}) {
  const onSubmit = vi.fn();
  const view = renderWithProviders(
    <PaymentModal
      opened
      onClose={() => {}}
      total={o.total ?? 1000}
      onSubmit={onSubmit}
      methods={SUBSCRIPTION_PAYMENT_METHODS}
      walletOwnerId={OWNER}
      withPaymentType={o.withPaymentType}
      payLater={o.payLater ?? true}
    />,
  );
  return { ...view, onSubmit, dialog: () => screen.getByRole('dialog', { name: 'Payment Options' }) };
}

const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('PaymentModal: the wallet', () => {
  it('shows the balance and is disabled with the reason when it holds less than the amount', async () => {
    const asked = mockWallet(500);
    renderModal();
    const walletButton = await screen.findByRole('button', { name: /Wallet.*Balance ₹500\.00/ });
    expect(walletButton).toBeDisabled();
    expect(screen.getByTestId('wallet-reason')).toHaveTextContent('The wallet holds ₹500.00, less than ₹1,000.00');
    expect(walletButton).toHaveAccessibleDescription(/less than ₹1,000\.00/);
    expect(asked).toHaveBeenCalledWith(OWNER);
  });

  it('pays from a wallet holding the amount: no confirmation tick, the balance left is named', async () => {
    mockWallet(2500);
    const { user, onSubmit } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Wallet.*Balance ₹2,500\.00/ }));
    expect(screen.getByTestId('wallet-take')).toHaveTextContent(
      '₹ 1,000.00 is taken from the wallet on Submit; ₹ 1,500.00 stays',
    );
    expect(screen.queryByRole('checkbox', { name: PAY_LATER_LABEL })).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ paymentType: null, method: 'wallet', amountNow: 1000, payLater: false });
  });

  it('takes at most the balance: a partial payment within it may come from the wallet', async () => {
    mockWallet(400);
    const { user, onSubmit } = renderModal({ withPaymentType: true, total: 1000 });
    await user.click(await screen.findByRole('radio', { name: /Partial Payment/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount collected now' }), '400');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: /Wallet.*Balance ₹400\.00/ }));
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ method: 'wallet', amountNow: 400 }));
  });

  it('is not asked for when the form does not offer it', async () => {
    const asked = mockWallet(500);
    renderWithProviders(
      <PaymentModal opened onClose={() => {}} total={100} onSubmit={() => {}} methods={VISIT_PAYMENT_METHODS} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment Options' });
    expect(within(dialog).queryByRole('button', { name: /Wallet/ })).not.toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('PaymentModal: what each method confirms (issue 18)', () => {
  it('Payment Link says the link will be sent and the amount stays owed; no "has been completed"', async () => {
    mockWallet(0);
    const { user, onSubmit } = renderModal({ payLater: false });
    await user.click(await screen.findByRole('button', { name: 'Payment Link' }));
    expect(screen.getByTestId('link-note')).toHaveTextContent(
      'A payment link for ₹ 1,000.00 will be sent to the owner. Nothing is collected now: the amount stays owed until the owner pays the link.',
    );
    expect(screen.queryByText(/has been completed/)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'I confirm that a payment link for ₹ 1,000.00 is to be sent to the owner' }),
    );
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ paymentType: null, method: 'payment_link', amountNow: 1000, payLater: false });
  });

  it("cash keeps the spec's 'has been completed' confirmation and no link note", async () => {
    mockWallet(0);
    const { user } = renderModal({ payLater: false });
    await user.click(await screen.findByRole('button', { name: 'Cash Payment' }));
    expect(screen.getByRole('checkbox', { name: 'I confirm that the payment of ₹ 1,000.00 has been completed' })).toBeVisible();
    expect(screen.queryByTestId('link-note')).not.toBeInTheDocument();
  });

  it('a partial payment by link names the part sent, not the total', async () => {
    mockWallet(0);
    const { user } = renderModal({ withPaymentType: true, total: 1000, payLater: false });
    await user.click(await screen.findByRole('radio', { name: /Partial Payment/ }));
    await user.type(screen.getByRole('textbox', { name: 'Amount collected now' }), '400');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Payment Link' }));
    expect(screen.getByTestId('link-note')).toHaveTextContent('A payment link for ₹ 400.00 will be sent');
  });
});

describe('PaymentModal: pay later', () => {
  it.each([
    ['Payment Link', 'payment_link', true],
    ['Card', 'card', true],
    ['Cash Payment', 'cash', false],
  ] as const)('%s: offered = %s', async (label, method, offered) => {
    mockWallet(0);
    const { user, onSubmit } = renderModal();
    await user.click(await screen.findByRole('button', { name: label }));
    const box = screen.queryByRole('checkbox', { name: new RegExp(PAY_LATER_LABEL) });
    if (!offered) {
      expect(box).not.toBeInTheDocument();
      return;
    }
    expect(box).not.toBeChecked();
    await user.click(box as HTMLElement);
    if (method === 'payment_link') {
      // The spec's confirmation still applies to a link.
      expect(submit()).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: /I confirm that a payment link for ₹ 1,000.00/ }));
    }
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ paymentType: null, method, amountNow: 1000, payLater: true });
  });

  it('is never sent for a method chosen after ticking it on another', async () => {
    mockWallet(0);
    const { user, onSubmit } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Card' }));
    await user.click(screen.getByRole('checkbox', { name: new RegExp(PAY_LATER_LABEL) }));
    await user.click(screen.getByRole('button', { name: 'Cash Payment' }));
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ method: 'cash', payLater: false }));
  });

  it('is not offered where the form does not allow it', async () => {
    mockWallet(0);
    const { user } = renderModal({ payLater: false });
    await user.click(await screen.findByRole('button', { name: 'Card' }));
    expect(screen.queryByRole('checkbox', { name: new RegExp(PAY_LATER_LABEL) })).not.toBeInTheDocument();
  });
});

describe('PaymentModal: the keyboard (issue 22)', () => {
  it('Next and Back move the focus into the step they show: it never falls out of the dialog', async () => {
    mockWallet(0);
    const { user } = renderModal({ withPaymentType: true, total: 1000, payLater: false });
    await user.click(await screen.findByRole('radio', { name: /Advance Payment/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The Next button is gone with its step: the focus goes to the first payment method, not to the page.
    expect(await screen.findByRole('button', { name: 'Cash Payment' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /Advance Payment/ })).toHaveFocus();
  });
});
