import { VISIT_MESSAGES } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockVisitApi, nothingPosted, priceLine, renderVisitForm, typeNumber, visitType } from '../test/kit';

describe.each(['hostel', 'day_care'] as const)('StayForm (%s)', (code) => {
  const type = visitType(code, { price: 1000 });

  it.each([
    { days: '1', discount: '0', total: '₹1,000.00' },
    { days: '3', discount: '0', total: '₹3,000.00' },
    { days: '3', discount: '250', total: '₹2,250.00' },
    { days: '7', discount: '1000', total: '₹0.00' },
  ])('$days days less ₹$discount a day: $total', async ({ days, discount, total }) => {
    mockVisitApi();
    const { user } = renderVisitForm(type);
    await typeNumber(user, 'Number of days', days);
    await typeNumber(user, 'Discount per day', discount);
    expect(priceLine('Daily price')).toHaveTextContent('₹1,000.00');
    expect(priceLine('Total')).toHaveTextContent(total);
  });

  it('no number of days: the message once Save is pressed, and nothing saved', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(type);
    await typeNumber(user, 'Number of days', '');
    expect(priceLine('Total')).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));
    expect(screen.getByText(VISIT_MESSAGES.days)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await nothingPosted(posted);
  });
});
