import { shopVisitBody } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
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

const type = visitType('shop');

describe('ShopForm: each line is quantity × price, by the rule the server charges with', () => {
  it('previews and posts 3 × an item, and a second item at the default quantity of 1', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    await user.type(screen.getByRole('textbox', { name: /Item 1 name/ }), 'Chew toy');
    await typeNumber(user, /Item 1 price/, '199.50');
    expect(priceLine('Total')).toHaveTextContent('₹199.50');
    await typeNumber(user, /Item 1 quantity/, '3');
    expect(priceLine('Total')).toHaveTextContent('₹598.50');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: /Item 2 name/ }), 'Leash');
    await typeNumber(user, /Item 2 price/, '300');
    expect(screen.getByRole('textbox', { name: /Item 2 quantity/ })).toHaveValue('1');
    expect(priceLine('Total')).toHaveTextContent('₹898.50');

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Cash Payment', '₹ 898.50');

    const { path, body } = await savedBody(posted);
    expect(path).toBe('/visit/addshopvisit');
    expect(body).toStrictEqual({
      petId: PET_ID,
      visitType: TYPE_ID.shop,
      items: [
        { name: 'Chew toy', price: 199.5, quantity: 3 },
        { name: 'Leash', price: 300, quantity: 1 },
      ],
      details: { totalCalculatedPrice: 898.5, selectedPayment: 'cash' },
    });
    expect(shopVisitBody.safeParse(body).success).toBe(true);
  });

  it('refuses a blank quantity with the server’s message and posts nothing; 0 is refused, then raised to 1', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    await user.type(screen.getByRole('textbox', { name: /Item 1 name/ }), 'Chew toy');
    await typeNumber(user, /Item 1 price/, '199.50');
    await typeNumber(user, /Item 1 quantity/, '');
    expect(priceLine('Total')).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Quantity must be a number')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await typeNumber(user, /Item 1 quantity/, '0');
    expect(await screen.findByText('Quantity must be at least 1')).toBeInTheDocument();
    await user.tab(); // the field keeps whole numbers from 1 up when it is left
    expect(screen.getByRole('textbox', { name: /Item 1 quantity/ })).toHaveValue('1');
    expect(priceLine('Total')).toHaveTextContent('₹199.50');
    await nothingPosted(posted);
  });
});
