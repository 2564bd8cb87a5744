import { ADMISSION_ACK_LABEL, dogParkVisitBody, VISIT_MESSAGES } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  mockVisitApi,
  nothingPosted,
  PET_ID,
  paymentModal,
  payWith,
  priceLine,
  renderVisitForm,
  savedBody,
  TYPE_ID,
  typeNumber,
  visitType,
} from '../test/kit';

const MISSING = ['Rabies: no vaccination on record'];

describe('DogParkForm', () => {
  it.each([
    { price: 250, discount: '50', final: 200, confirms: '₹ 200.00' },
    // At ₹0 the endpoint still wants a method: the payment options open all the same.
    { price: 250, discount: '250', final: 0, confirms: '₹ 0.00' },
  ])(
    '₹$price less ₹$discount: posts the initial price, the discount and the price paid',
    async ({ price, discount, final, confirms }) => {
      const posted = mockVisitApi();
      const { user } = renderVisitForm(visitType('dog_park', { price }));
      await typeNumber(user, 'Discount', discount);
      expect(priceLine('Final price')).toHaveTextContent(`₹${final}.00`);
      await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
      await payWith(user, 'Cash Payment', confirms);

      const saved = await savedBody(posted);
      expect(saved).toStrictEqual({
        path: '/visit/adddogparkvisit',
        body: {
          petId: PET_ID,
          visitType: TYPE_ID.dog_park,
          details: { initialPrice: price, discount: Number(discount), price: final, selectedPayment: 'cash' },
        },
      });
      expect(dogParkVisitBody.safeParse(saved.body).success).toBe(true);
    },
  );

  it('the payment options refuse to submit without a method', async () => {
    mockVisitApi();
    const { user } = renderVisitForm(visitType('dog_park', { price: 250 }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const modal = await paymentModal('Payment Options');
    expect(within(modal).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(within(modal).queryByText(VISIT_MESSAGES.paymentMethod)).not.toBeInTheDocument();
  });
});

/**
 * The admission rule on the boarding forms: what the check finds missing is listed with a required box; the
 * form does not go on until it is ticked, and then says so in the body (`admissionAcknowledged: true`).
 */
describe.each([
  { code: 'dog_park' as const, price: 250, action: 'Proceed to Payment', next: 'Payment Options' as const },
  { code: 'hostel' as const, price: 1000, action: 'Proceed to Payment', next: 'Payment Type' as const },
])('$code: the admission rule', ({ code, price, action, next }) => {
  it('blocks the save until the box is ticked', async () => {
    const posted = mockVisitApi({ missing: MISSING });
    const { user } = renderVisitForm(visitType(code, { price }));
    expect(await screen.findByText(MISSING[0]!)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: action }));
    expect(await screen.findByText('Tick this to board the pet anyway')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await nothingPosted(posted);

    await user.click(screen.getByRole('checkbox', { name: ADMISSION_ACK_LABEL }));
    await user.click(screen.getByRole('button', { name: action }));
    expect(await paymentModal(next)).toBeInTheDocument();
  });

  it('ticked: the body acknowledges it', async () => {
    const posted = mockVisitApi({ missing: MISSING });
    const { user } = renderVisitForm(visitType(code, { price }));
    await user.click(await screen.findByRole('checkbox', { name: ADMISSION_ACK_LABEL }));
    await user.click(screen.getByRole('button', { name: action }));
    if (next === 'Payment Type') {
      const modal = await paymentModal(next);
      await user.click(within(modal).getByRole('radio', { name: /Advance Payment/ }));
      await user.click(within(modal).getByRole('button', { name: 'Next' }));
    }
    await payWith(user, 'Cash Payment', `₹ ${price.toLocaleString('en-IN')}.00`);

    const { body } = await savedBody(posted);
    const acknowledged = code === 'dog_park' ? { admissionAcknowledged: true } : { details: { admissionAcknowledged: true } };
    expect(body).toMatchObject(acknowledged);
  });

  it('nothing missing: no box, and no acknowledgement in the body', async () => {
    const posted = mockVisitApi({ missing: [] });
    const { user } = renderVisitForm(visitType(code, { price }));
    await screen.findByRole('button', { name: action });
    expect(screen.queryByRole('checkbox', { name: ADMISSION_ACK_LABEL })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: action }));
    if (next === 'Payment Type') {
      const modal = await paymentModal(next);
      await user.click(within(modal).getByRole('radio', { name: /Payment After Service/ }));
      await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    } else {
      await payWith(user, 'Cash Payment', `₹ ${price}.00`);
    }
    const { body } = await savedBody(posted);
    expect(JSON.stringify(body)).not.toContain('admissionAcknowledged');
  });
});
