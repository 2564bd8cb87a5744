/** A boarded pet's services may go on the stay's bill (issue 18): offered only while the pet is boarded. */
import { groomingVisitBody } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { mockVisitApi, PET_ID, paymentModal, renderVisitForm, savedBody, TYPE_ID, visitType } from '../test/kit';

const boarded = () =>
  server.use(
    http.post('/api/v1/boarding/checkboarding', () =>
      HttpResponse.json({
        success: true,
        message: 'Boarded',
        boardingDetails: {
          _id: '650000000000000000000099',
          petId: PET_ID,
          visitId: null,
          boardingType: { _id: '650000000000000000000098', purpose: 'Hostel', code: 'hostel' },
          numberOfDays: 2,
          entryTime: '2026-11-25T05:00:00.000Z',
          isBoarded: true,
          isSubscriptionAvailed: false,
          subscriptionId: null,
        },
      }),
    ),
  );

describe("Add to the stay's bill", { timeout: 20_000 }, () => {
  it('a boarded pet: offered, no confirmation tick, the save sends stay_bill', async () => {
    const posted = mockVisitApi();
    boarded();
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    await screen.findByText('No active Grooming subscription for this pet.');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const dialog = await paymentModal('Payment Options');
    await user.click(await within(dialog).findByRole('button', { name: "Add to the stay's bill" }));
    expect(within(dialog).getByTestId('stay-bill-note')).toHaveTextContent("₹ 700.00 is added to the stay's bill");
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const saved = await savedBody(posted);
    expect(saved.body).toMatchObject({ visitType: TYPE_ID.grooming, details: { selectedPayment: 'stay_bill', finalPrice: 700 } });
    expect(groomingVisitBody.safeParse(saved.body).success).toBe(true);
  });

  it('a pet not boarded: not offered', async () => {
    mockVisitApi();
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }));
    await screen.findByText('No active Grooming subscription for this pet.');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const dialog = await paymentModal('Payment Options');
    expect(within(dialog).getByRole('button', { name: 'Cash Payment' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: "Add to the stay's bill" })).toBeNull();
  });
});
