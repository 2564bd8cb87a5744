import { VISIT_MESSAGES, veterinaryVisitBody } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  mockVisitApi,
  nothingPosted,
  PET_ID,
  payWith,
  priceLine,
  renderVisitForm,
  savedBody,
  TYPE_ID,
  typeNumber,
  visitType,
} from '../test/kit';

const type = visitType('veterinary');

async function chooseCustomerType(user: UserEvent, label: string) {
  await user.click(screen.getByRole('combobox', { name: /Customer Type/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('VeterinaryForm', () => {
  it.each([
    { label: 'Pvt Ltd', customerType: 'pvtltd', price: 500 },
    { label: 'Pvt Ltd (Emergency)', customerType: 'pvtltd Emergency', price: 800 },
    { label: 'NGO', customerType: 'NGO', price: 300 },
    { label: 'NGO (Emergency)', customerType: 'NGO Emergency', price: 450 },
  ])(
    '$customerType picks the consultation price of ₹$price and posts it less the discount',
    async ({ label, customerType, price }) => {
      const posted = mockVisitApi();
      const { user } = renderVisitForm(type);

      await chooseCustomerType(user, label);
      expect(priceLine('Consultation price')).toHaveTextContent(`₹${price}.00`);
      expect(priceLine('Final price')).toHaveTextContent(`₹${price}.00`);

      await typeNumber(user, 'Discount', '100');
      expect(priceLine('Final price')).toHaveTextContent(`₹${price - 100}.00`);
      await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
      await payWith(user, 'Cash Payment', `₹ ${price - 100}.00`);

      const { path, body } = await savedBody(posted);
      expect(path).toBe('/visit/addveterinaryvisit');
      expect(body).toStrictEqual({
        petId: PET_ID,
        visitType: TYPE_ID.veterinary,
        customerType,
        details: { price, discount: 100, finalPrice: price - 100, selectedPayment: 'cash' },
      });
      expect(veterinaryVisitBody.safeParse(body).success).toBe(true);
    },
  );

  it('asks for the customer type before anything is saved', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    expect(priceLine('Final price')).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));
    expect(await screen.findByText(VISIT_MESSAGES.customerType)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await nothingPosted(posted);
  });

  it('saves a consultation discounted to ₹0 without the payment modal, with no method', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    await chooseCustomerType(user, 'NGO');
    await typeNumber(user, 'Discount', '300');
    expect(priceLine('Final price')).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));

    const { body } = await savedBody(posted);
    expect(body).toStrictEqual({
      petId: PET_ID,
      visitType: TYPE_ID.veterinary,
      customerType: 'NGO',
      details: { price: 300, discount: 300, finalPrice: 0, selectedPayment: null },
    });
    expect(await screen.findByText('Visit saved successfully')).toBeInTheDocument();
  });
});
