import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FormCode, mockVisitApi, nothingPosted, priceLine, renderVisitForm, typeNumber, visitType } from '../test/kit';

/**
 * The maximum discount (spec 001 §5): a discount above the price it reduces shows
 * 'Discount cannot exceed service price of ₹{price}' and the form does not go on to payment; the price itself
 * is the largest discount allowed (the total is then ₹0).
 */
describe.each<{ code: FormCode; price: number; field: string; total: string; max: string }>([
  { code: 'veterinary', price: 300, field: 'Discount', total: 'Final price', max: '₹300.00' },
  { code: 'grooming', price: 700, field: 'Discount', total: 'Final price', max: '₹700.00' },
  { code: 'dog_park', price: 250, field: 'Discount', total: 'Final price', max: '₹250.00' },
  { code: 'hostel', price: 1200, field: 'Discount per day', total: 'Total', max: '₹1,200.00' },
  { code: 'day_care', price: 600, field: 'Discount per day', total: 'Total', max: '₹600.00' },
])('$code: the discount is at most the price ($max)', ({ code, price, field, total, max }) => {
  const type = visitType(code, { price, consultationPriceNgo: price });

  async function open() {
    const posted = mockVisitApi();
    const view = renderVisitForm(type);
    if (code === 'veterinary') {
      await view.user.click(screen.getByRole('combobox', { name: /Customer Type/ }));
      await view.user.click(await screen.findByRole('option', { name: 'NGO' }));
    }
    // The stays and Dog Park wait for the subscription and admission checks.
    await screen.findByRole('textbox', { name: field });
    return { ...view, posted };
  }

  it('one rupee more than the price shows the maximum and does not go on to payment', async () => {
    const { user, posted } = await open();
    await typeNumber(user, field, String(price + 1));
    expect(screen.getByText(`Discount cannot exceed service price of ${max}`)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await nothingPosted(posted);
  });

  it('the whole price is allowed: no message, a total of ₹0', async () => {
    const { user } = await open();
    await typeNumber(user, field, String(price));
    expect(screen.queryByText(/Discount cannot exceed/)).not.toBeInTheDocument();
    expect(priceLine(total)).toHaveTextContent('₹0.00');
  });
});
