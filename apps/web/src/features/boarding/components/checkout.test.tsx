/** Check-out at Deboard (issue 18): what each method does with the whole bill, what is enabled, the due shown. */
import type { DeboardDetails, DeboardQuote } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { canPayLater, canSubmit } from '../../../components/payment-choice';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CHECKOUT_PAY_LATER_LABEL, CHECKOUT_PAY_LATER_METHODS, billLines, checkoutStep, deboards } from './checkout-flow';
import { DeboardActions } from './DeboardActions';
import { BillPart, ChargesPart } from './DetailsParts';

const BOARDING = '650000000000000000000021';
const GROOMING = '650000000000000000000031';

const details: DeboardDetails = {
  _id: BOARDING,
  entryTime: '2026-11-25T05:00:00.000Z',
  exitTime: null,
  numberOfDays: 1,
  isBoarded: true,
  petId: '650000000000000000000041',
  pet: { _id: '650000000000000000000041', name: 'Bruno', owner: { name: 'Asha', phone: '9876543210' }, photo: null },
  boardingType: { _id: '650000000000000000000051', price: 1000, purpose: 'Hostel', code: 'hostel' },
  visitId: null,
  admission: null,
};

const quote: DeboardQuote = {
  actualDays: 2,
  bookedDays: 1,
  extraDays: 1,
  extraDayRate: 1000,
  extraCharge: 1000,
  extraChargePosted: 0,
  subscription: null,
  charged: 1700,
  paid: 0,
  pending: 0,
  due: 2700,
  stayDue: 2000,
  services: [{ visitId: GROOMING, purpose: 'Grooming', createdAt: '2026-11-25T09:00:00.000Z', charged: 700, paid: 0, due: 700 }],
  pendingPayments: [],
  canDeboard: false,
  countingRule: 'calendar_days',
  unit: 'day',
  label: '2 days: 25 Nov to 26 Nov',
  halfDay: false,
  halfDayBooked: false,
  lateCheckOut: false,
  lateCheckOutCharge: 0,
  halfDayCharge: 0,
};

describe('the check-out rules', () => {
  it.each([
    ['cash', false, { kind: 'cash', amount: 2700 }, true],
    ['card', false, { kind: 'card', amount: 2700 }, true],
    ['payment_link', true, { kind: 'link-pay-later', amount: 2700 }, true],
    ['payment_link', false, { kind: 'link', amount: 2700 }, false],
  ] as const)('%s (pay later %s): %o, deboards: %s', (method, payLater, step, leaves) => {
    const s = checkoutStep(method, payLater, 2700);
    expect(s).toEqual(step);
    expect(deboards(s)).toBe(leaves);
  });

  it('nothing due or no method: no step', () => {
    expect(checkoutStep('cash', false, 0)).toBeNull();
    expect(checkoutStep(null, false, 100)).toBeNull();
  });

  it('pay later is offered for a payment link only; the stay bill needs no tick', () => {
    expect(['cash', 'card', 'payment_link'].map((m) => canPayLater(m as never, CHECKOUT_PAY_LATER_METHODS))).toEqual([
      false,
      false,
      true,
    ]);
    expect(canSubmit({ method: 'stay_bill', confirmed: false, submitting: false, amountNow: 700 })).toBe(true);
  });

  it('the bill: the stay first, then each service with its own due', () => {
    expect(billLines(quote, 'Hostel')).toEqual([
      { key: 'stay', label: 'Hostel stay', at: null, due: 2000 },
      { key: GROOMING, label: 'Grooming', at: '2026-11-25T09:00:00.000Z', due: 700 },
    ]);
  });
});

describe('the Deboard details with services on the bill', () => {
  it('shows the stay, the grooming and the whole bill due', () => {
    renderWithProviders(
      <>
        <BillPart details={details} quote={quote} />
        <ChargesPart details={details} quote={quote} />
      </>,
    );
    const lines = screen.getAllByTestId('deboard-bill-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Hostel stay₹2,000.00'),
      expect.stringContaining('Grooming'),
    ]);
    expect(lines[1]!.textContent).toContain('₹700.00');
    expect(screen.getByTestId('deboard-due').textContent).toBe('₹2,700.00');
  });

  /** The deboarding call of the hostel, answering as the server does; the bodies sent are kept. */
  function deboardRoute() {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/boarding/hosteldeboarding', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          message: 'Pet deboarded successfully',
          boarding: {
            _id: BOARDING,
            isBoarded: false,
            exitTime: '2026-11-26T05:00:00.000Z',
            actualDays: 2,
            extraDays: 1,
            extraCharge: 1000,
            subscriptionDaysUsed: 0,
          },
          payment: null,
          subscription: null,
          due: 0,
        });
      }),
    );
    return bodies;
  }

  async function choose(method: RegExp) {
    const { user } = renderWithProviders(
      <DeboardActions details={details} quote={quote} onDone={() => {}} onRefresh={async () => quote} refreshing={false} />,
    );
    await user.click(screen.getByRole('button', { name: /Take payment of ₹2,700.00/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: method }));
    return { user, dialog };
  }

  it('cash: Submit waits for the tick, then one call takes the whole bill and deboards', async () => {
    const bodies = deboardRoute();
    const { user, dialog } = await choose(/Cash Payment/);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(within(dialog).queryByLabelText(CHECKOUT_PAY_LATER_LABEL)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(submit);
    await waitFor(() => expect(bodies).toEqual([{ boardingid: BOARDING, payment: { method: 'cash', amount: 2700 } }]));
  });

  it('card: no pay later offered, Submit at once (its checkout confirms)', async () => {
    const { dialog } = await choose(/Card/);
    expect(within(dialog).queryByLabelText(CHECKOUT_PAY_LATER_LABEL)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('payment link with pay later: one call deboards with the bill left owed', async () => {
    const bodies = deboardRoute();
    const { user, dialog } = await choose(/Payment Link/);
    await user.click(within(dialog).getAllByRole('checkbox')[0]!);
    await user.click(within(dialog).getByLabelText(CHECKOUT_PAY_LATER_LABEL));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(bodies).toEqual([{ boardingid: BOARDING, payLater: true }]));
  });
});
