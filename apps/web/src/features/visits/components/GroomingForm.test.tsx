import { groomingVisitBody } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  mockVisitApi,
  PET_ID,
  payWith,
  priceLine,
  renderVisitForm,
  savedBody,
  TYPE_ID,
  typeNumber,
  visitType,
} from '../test/kit';

describe('GroomingForm without a subscription', () => {
  it.each([
    { method: 'Cash Payment' as const, selectedPayment: 'cash' },
    { method: 'Payment Link' as const, selectedPayment: 'payment_link' },
  ])('₹700 less ₹100 paid by $method: posts the price, the discount and the method', async ({ method, selectedPayment }) => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    await screen.findByText('No active Grooming subscription for this pet.');
    await typeNumber(user, 'Discount', '100');
    expect(priceLine('Final price')).toHaveTextContent('₹600.00');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, method, '₹ 600.00');

    const saved = await savedBody(posted);
    expect(saved).toStrictEqual({
      path: '/visit/addgroomingvisit',
      body: {
        petId: PET_ID,
        visitType: TYPE_ID.grooming,
        details: { planId: null, isSubscriptionAvailed: false, discount: 100, price: 700, finalPrice: 600, selectedPayment },
      },
    });
    expect(groomingVisitBody.safeParse(saved.body).success).toBe(true);
  });
});
