import { DEFAULT_BUSINESS, OPENING_HOURS } from '@pawdesk/shared/catalog';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import RefundPolicyPage from './RefundPolicyPage';

describe('RefundPolicyPage: its examples come from refundQuote', () => {
  it('shows the last day of the window and the refunds of ₹12,000 and ₹25,000 bookings', async () => {
    server.use(
      http.get('/api/v1/site/business', () =>
        HttpResponse.json({ success: true, business: { ...DEFAULT_BUSINESS, openingHours: OPENING_HOURS } }),
      ),
    );
    renderWithProviders(<RefundPolicyPage />, { route: '/refundpolicy' });
    expect(await screen.findByText(/one made on 1 Nov can be cancelled until 5 Nov\./)).toBeInTheDocument();
    expect(
      screen.getByText(/a cancelled booking of ₹12,000 is refunded ₹7,000, and one of ₹25,000 is refunded ₹17,500\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/The deduction is taken once per booking or order and never exceeds the amount paid\./),
    ).toBeInTheDocument();
  });

  it('states the appointment rule beside the policy: full refund 24 hours ahead, later the policy', async () => {
    renderWithProviders(<RefundPolicyPage />, { route: '/refundpolicy' });
    expect(
      await screen.findByText(
        /An appointment paid online and cancelled at least 24 hours before its slot is refunded in full\. Cancelled later, this refund policy applies: the deduction above is made, so a booking under ₹5,000 is not refunded\./,
      ),
    ).toBeInTheDocument();
  });
});
