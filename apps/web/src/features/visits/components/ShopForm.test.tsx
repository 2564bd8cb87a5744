import { shopVisitBody, WALK_IN_MESSAGES } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { inventoryItem } from '../test/inventory';
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

/** The inventory the Shop form lists: a collar (5 in stock) and a sold-out lead. */
const COLLAR = inventoryItem({ _id: 'aaaaaaaaaaaaaaaaaaaaaaa1', itemName: 'Collar', stock: 5, stockUnit: 'item' });
const LEAD = inventoryItem({ _id: 'aaaaaaaaaaaaaaaaaaaaaaa2', itemName: 'Lead', stock: 0, stockUnit: 'item' });
beforeEach(() => {
  server.use(
    http.get('/api/v1/inventory/getallinventory', () =>
      HttpResponse.json({ success: true, items: [COLLAR, LEAD], nextCursor: null }),
    ),
  );
});

vi.setConfig({ testTimeout: 30_000 });

describe('ShopForm: each line is quantity × price, by the rule the server charges with', () => {
  it('previews and posts 3 × an item, and a second item at the default quantity of 1', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    await user.click(await screen.findByRole('button', { name: 'Add item' }));
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

    await user.click(await screen.findByRole('button', { name: 'Add item' }));
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

describe('ShopForm: items from stock and walk-in buyers (issue 18)', () => {
  it('picks an item from stock: its price by customer type, what is left, and posts stockItems with a free line', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    await user.click(await screen.findByRole('combobox', { name: 'Stock item 1' }));
    expect(await screen.findByRole('option', { name: 'Lead (Stock: 0 item)' })).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Collar (Stock: 5 item)' }));
    await typeNumber(user, /Stock item 1 quantity/, '2');
    expect(screen.getByTestId('stock-line-1')).toHaveTextContent('₹241.00');
    expect(screen.getByText('Available: 5 item')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'NGO' }));
    expect(screen.getByTestId('stock-line-1')).toHaveTextContent('₹160.00');
    expect(screen.getByText('NGO Pricing')).toBeInTheDocument();
    await typeNumber(user, /Stock item 1 quantity/, '6');
    expect(await screen.findByText('Stock item #1: Only 5 units available for Collar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await typeNumber(user, /Stock item 1 quantity/, '2');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: /Item 1 name/ }), 'Gift wrap');
    await typeNumber(user, /Item 1 price/, '20');
    expect(priceLine('Total')).toHaveTextContent('₹180.00');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Cash Payment', '₹ 180.00');

    const { body } = await savedBody(posted);
    expect(body).toStrictEqual({
      petId: PET_ID,
      visitType: TYPE_ID.shop,
      customerType: 'NGO',
      stockItems: [{ itemId: COLLAR._id, quantity: 2, price: 80 }],
      items: [{ name: 'Gift wrap', price: 20, quantity: 1 }],
      details: { totalCalculatedPrice: 180, selectedPayment: 'cash' },
    });
    expect(shopVisitBody.safeParse(body).success).toBe(true);
  });

  it('sells to a walk-in customer: the buyer’s name is required, no pet is sent', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);

    await user.click(await screen.findByRole('radio', { name: WALK_IN_MESSAGES.option }));
    await user.click(screen.getByRole('combobox', { name: 'Stock item 1' }));
    await user.click(screen.getByRole('option', { name: 'Collar (Stock: 5 item)' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText(WALK_IN_MESSAGES.buyerName)).toBeInTheDocument();
    await nothingPosted(posted);

    await user.type(screen.getByRole('textbox', { name: /Buyer's name/ }), 'Asha Verma');
    await user.type(screen.getByRole('textbox', { name: /Buyer's phone/ }), '9811122233');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/Wallet/)).not.toBeInTheDocument();
    await payWith(user, 'Cash Payment', '₹ 120.50');
    const { body } = await savedBody(posted);
    expect(body).toStrictEqual({
      walkIn: { name: 'Asha Verma', phone: '9811122233' },
      visitType: TYPE_ID.shop,
      customerType: 'pvtltd',
      stockItems: [{ itemId: COLLAR._id, quantity: 1, price: 120.5 }],
      items: [],
      details: { totalCalculatedPrice: 120.5, selectedPayment: 'cash' },
    });
    expect(shopVisitBody.safeParse(body).success).toBe(true);
  });
});
