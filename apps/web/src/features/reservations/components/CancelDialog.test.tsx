import { RESERVATION_MESSAGES as M, type ReservationCancelQuote } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CancelDialog } from './CancelDialog';

const ID = '650000000000000000000099';

function mock(quote: Partial<ReservationCancelQuote>, cancel?: { status: number; body: Record<string, unknown> }) {
  const posted: unknown[] = [];
  server.use(
    http.get(`/api/v1/reservations/${ID}/cancel-quote`, () =>
      HttpResponse.json({
        success: true,
        quote: {
          depositHeld: 2000,
          refund: 0,
          kept: 2000,
          free: false,
          freeUntil: '2027-11-05',
          freeCancellationDays: 2,
          message: M.refundsNothing,
          ...quote,
        },
      }),
    ),
    http.post(`/api/v1/reservations/${ID}/cancel`, async ({ request }) => {
      posted.push(await request.json());
      const a = cancel ?? {
        status: 200,
        body: { success: true, message: 'Reservation cancelled', reservation: {}, refunded: quote.refund ?? 0, refunds: [] },
      };
      return HttpResponse.json(a.body, { status: a.status });
    }),
  );
  return posted;
}

function setup() {
  const onClose = vi.fn();
  const r = renderWithProviders(
    <CancelDialog id={ID} label="Bruno of Asha (Hostel, 7 days: 8 Nov to 14 Nov)" onClose={onClose} />,
  );
  return { ...r, onClose };
}

describe('Cancel reservation', { timeout: 30_000 }, () => {
  it('says plainly when cancelling refunds nothing, asks a reason, then cancels', async () => {
    const posted = mock({});
    const { user, onClose } = setup();
    const d = await screen.findByRole('dialog', { name: 'Cancel reservation' });
    const refund = await within(d).findByTestId('cancel-refund');
    expect(refund).toHaveTextContent('No refund');
    expect(refund).toHaveTextContent(M.refundsNothing);
    expect(refund).toHaveTextContent('Free cancellation ended 5 Nov 2027 (2 days before check-in).');
    await user.click(within(d).getByRole('button', { name: 'Cancel reservation' }));
    expect(await within(d).findByText('Please give a reason')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.type(within(d).getByRole('textbox', { name: /Reason/ }), 'Plans changed');
    await user.click(within(d).getByRole('button', { name: 'Cancel reservation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ reason: 'Plans changed' }]);
    expect(await screen.findByText('Reservation cancelled')).toBeInTheDocument();
  });

  it('inside the free window the button names the refund; a refusal keeps the dialog and the reason', async () => {
    mock(
      { refund: 2000, kept: 0, free: true, freeUntil: '2027-11-05', message: M.refundsAll(2000) },
      { status: 409, body: { success: false, message: 'A cancelled reservation cannot be cancelled' } },
    );
    const { user, onClose } = setup();
    const d = await screen.findByRole('dialog', { name: 'Cancel reservation' });
    expect(await within(d).findByTestId('cancel-refund')).toHaveTextContent(
      'Cancelling now refunds the whole deposit of ₹2,000.00',
    );
    await user.type(within(d).getByRole('textbox', { name: /Reason/ }), 'Plans changed');
    await user.click(within(d).getByRole('button', { name: 'Cancel and refund ₹2,000.00' }));
    expect(await within(d).findByText('A cancelled reservation cannot be cancelled')).toBeInTheDocument();
    expect(within(d).getByRole('textbox', { name: /Reason/ })).toHaveValue('Plans changed');
    expect(onClose).not.toHaveBeenCalled();
  });
});
