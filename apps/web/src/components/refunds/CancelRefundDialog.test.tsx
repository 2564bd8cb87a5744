import { NOTHING_REFUNDABLE, REFUND_MESSAGES } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryRoots } from '../../lib/query-keys';
import { renderWithProviders } from '../../test/render';
import { mockRefundApi, quote, VISIT_ID } from '../../test/refund-kit';
import { CancelRefundDialog, NO_ANSWER_CANCEL } from './CancelRefundDialog';

const LABEL = 'Grooming of 1 Nov 2026, 3:05 pm';

/** The dialog opened from a button, as the visit list opens it. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CancelRefundDialog visit={open ? { _id: VISIT_ID, label: LABEL } : null} onClose={() => setOpen(false)} />
    </>
  );
}

function setup() {
  const r = renderWithProviders(<Harness />);
  const invalidated = vi.spyOn(r.queryClient, 'invalidateQueries');
  return { ...r, invalidated };
}

const dialog = () => screen.findByRole('dialog', { name: 'Cancel & refund' });
/** A figure of the quote by its label (the description list's term, then its definition). */
const figure = (d: HTMLElement, label: string) =>
  within(d.querySelector('dl[aria-label="Refund figures"]') as HTMLElement).getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent;
const reasonBox = (d: HTMLElement) => within(d).getByRole('textbox', { name: /Reason for cancelling/ });
const confirmButton = (d: HTMLElement) => within(d).getByRole('button', { name: 'Confirm' });

// Typing through several fields takes seconds on a busy machine.
describe('Cancel & refund', { timeout: 20_000 }, () => {
  it("shows the policy's quote, takes a reason, cancels, says so and refreshes visits and the statement", async () => {
    const posted = mockRefundApi();
    const { user, invalidated } = setup();
    const d = await dialog();
    await within(d).findByText('Amount cancelled');
    expect(figure(d, 'Amount cancelled')).toBe('₹25,000.00');
    expect(figure(d, 'Paid')).toBe('₹25,000.00');
    expect(figure(d, 'Policy deduction')).toBe('₹7,500.00');
    expect(figure(d, 'Credit to the sale')).toBe('₹17,500.00');
    expect(figure(d, 'Refund')).toBe('₹17,500.00');
    expect(figure(d, 'Kept')).toBe('₹7,500.00');
    expect(d).toHaveTextContent('Sold on 1 Nov 2026; the last day to cancel with a refund is 5 Nov 2026.');
    expect(within(d).getByText('Within the refund window')).toBeInTheDocument();
    // Newest payment first: the card's ₹15,000 through the provider, then ₹2,500 of the cash at once.
    const sources = within(d).getByRole('list', { name: 'The refund comes from' });
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Card ₹15,000.00 (receipt 2026-27/000008): through the provider, confirmed when it reports back',
      'Cash ₹2,500.00 (receipt 2026-27/000007): refunded now',
    ]);
    expect(within(d).queryByText(NOTHING_REFUNDABLE)).toBeNull();

    // The reason field has the focus; Confirm waits for a reason.
    await waitFor(() => expect(reasonBox(d)).toHaveFocus());
    expect(confirmButton(d)).toBeDisabled();
    await user.type(reasonBox(d), '  Owner moved to Pune ');
    expect(confirmButton(d)).toBeEnabled();
    await user.click(confirmButton(d));

    expect(await screen.findByText('Sale cancelled and refund recorded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      { path: '/payments/cancel-sale', body: { visitId: VISIT_ID, reason: 'Owner moved to Pune' }, key: expect.any(String) },
    ]);
    const roots = invalidated.mock.calls.map(([f]) => f?.queryKey);
    expect(roots).toEqual(expect.arrayContaining([queryRoots.visits, queryRoots.payments]));
  });

  it("a quote that refunds nothing says 'Nothing is refundable under the policy'; Confirm needs the override", async () => {
    const posted = mockRefundApi({
      q: quote({ cancelled: 4000, paid: 4000, deduction: 4000, credit: 0, refund: 0, kept: 4000, message: NOTHING_REFUNDABLE }),
    });
    const { user } = setup();
    const d = await dialog();
    expect(await within(d).findByText('Nothing is refundable under the policy')).toBeInTheDocument();
    await user.type(reasonBox(d), 'Changed plans');
    expect(confirmButton(d)).toBeDisabled();

    await user.click(within(d).getByRole('checkbox', { name: 'Override the policy amount' }));
    const amount = within(d).getByRole('textbox', { name: /Amount to refund/ });
    // Starts from the policy's refund (₹0); over what was paid is refused with the limit named.
    expect(amount).toHaveValue('0');
    await user.clear(amount);
    await user.type(amount, '4000.5');
    await user.tab();
    expect(within(d).getByText('A refund cannot exceed what was paid on the sale (₹4,000.00)')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1000');
    expect(confirmButton(d)).toBeDisabled();
    await user.type(within(d).getByRole('textbox', { name: /Reason for the override/ }), 'Regular client');
    expect(figure(d, 'Refund (override)')).toBe('₹1,000.00');
    expect(figure(d, 'Kept')).toBe('₹3,000.00');
    await user.click(confirmButton(d));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      visitId: VISIT_ID,
      reason: 'Changed plans',
      refundAmount: 1000,
      overrideReason: 'Regular client',
    });
  });

  it('outside the window says it has passed and only the override can refund', async () => {
    const posted = mockRefundApi({
      q: quote({
        withinPolicy: false,
        requestDate: '2026-11-09',
        daysAfterSale: 8,
        deduction: 0,
        credit: 0,
        refund: 0,
        kept: 25000,
        message: NOTHING_REFUNDABLE,
        override: { deduction: 7500, credit: 17500, refund: 17500, kept: 7500 },
      }),
    });
    const { user } = setup();
    const d = await dialog();
    expect(await within(d).findByText(REFUND_MESSAGES.windowPassed)).toBeInTheDocument();
    expect(within(d).getByText('The refund window has passed')).toBeInTheDocument();
    const box = within(d).getByRole('checkbox', { name: 'Override the policy amount' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(within(d).getByRole('textbox', { name: /Amount to refund/ })).toHaveValue('17,500');
    await user.type(reasonBox(d), 'Late request');
    expect(confirmButton(d)).toBeDisabled();
    await user.type(within(d).getByRole('textbox', { name: /Reason for the override/ }), 'Dog was hospitalised');
    await user.click(confirmButton(d));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      visitId: VISIT_ID,
      reason: 'Late request',
      refundAmount: 17500,
      overrideReason: 'Dog was hospitalised',
    });
  });

  it("a refusal shows the server's message in the dialog, announced, and keeps what was typed", async () => {
    mockRefundApi({ answer: { status: 409, body: { success: false, message: REFUND_MESSAGES.deboardBeforeCancel } } });
    const { user } = setup();
    const d = await dialog();
    await user.type(await within(d).findByRole('textbox', { name: /Reason for cancelling/ }), 'Owner asked');
    await user.click(confirmButton(d));
    const alert = await within(d).findByRole('alert');
    expect(alert).toHaveTextContent('Deboard the pet before cancelling this stay');
    expect(reasonBox(d)).toHaveValue('Owner asked');
    expect(screen.queryByText('Sale cancelled and refund recorded')).toBeNull();
  });

  it('no answer: says so, and Confirm again sends the same Idempotency-Key (cancelled at most once)', async () => {
    const posted = mockRefundApi({ answer: ['no answer'] });
    const { user } = setup();
    const d = await dialog();
    await user.type(await within(d).findByRole('textbox', { name: /Reason for cancelling/ }), 'Owner asked');
    await user.click(confirmButton(d));
    expect(await within(d).findByRole('alert')).toHaveTextContent(NO_ANSWER_CANCEL);
    expect(reasonBox(d)).toHaveValue('Owner asked');
    await user.click(confirmButton(d));
    expect(await screen.findByText('Sale cancelled and refund recorded')).toBeInTheDocument();
    expect(posted).toHaveLength(2);
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1]!.key).toBe(posted[0]!.key);
  });

  it('a field the server refuses shows on the field', async () => {
    mockRefundApi({
      answer: { status: 400, body: { success: false, message: 'Reason is required', errors: { reason: 'Reason is required' } } },
    });
    const { user } = setup();
    const d = await dialog();
    await user.type(await within(d).findByRole('textbox', { name: /Reason for cancelling/ }), 'x');
    await user.click(confirmButton(d));
    await waitFor(() => expect(reasonBox(d)).toHaveAttribute('aria-invalid', 'true'));
    expect(reasonBox(d)).toHaveAccessibleDescription('Reason is required');
    expect(reasonBox(d)).toHaveValue('x');
  });

  it('a quote that cannot load says why, with Try Again', async () => {
    mockRefundApi({ quoteAnswer: { status: 403, body: { success: false, message: 'Only an admin can do this' } } });
    setup();
    const d = await dialog();
    expect(await within(d).findByText('Only an admin can do this')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('Escape closes the dialog without cancelling anything', async () => {
    const posted = mockRefundApi();
    const { user } = setup();
    const d = await dialog();
    await user.type(await within(d).findByRole('textbox', { name: /Reason for cancelling/ }), 'Owner asked');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });
});
