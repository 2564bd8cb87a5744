import { DEFAULT_STAY_SETTINGS, VISIT_MESSAGES } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import {
  mockVisitApi,
  nothingPosted,
  paymentModal,
  payWith,
  priceLine,
  renderVisitForm,
  savedBody,
  typeNumber,
  visitType,
} from '../test/kit';
import { stayDatesLine } from './StayDates';
import { stayTotalPaise } from './StayForm';

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

/** Issue 18: the dates a booking covers under the business's rule, and a half day at the half-day price. */
describe('StayForm: dates and half days', () => {
  const hostel = visitType('hostel', { price: 1000, halfdayPrice: 600 });

  it('shows the dates from today and follows the number of days (calendar days)', async () => {
    mockVisitApi();
    const { user } = renderVisitForm(hostel);
    await typeNumber(user, 'Number of days', '3');
    const expected = stayDatesLine(new Date(), 3, DEFAULT_STAY_SETTINGS)!;
    expect(expected).toMatch(/^3 days: \d{1,2} [A-Z][a-z]{2}( \d{4})? to \d{1,2} [A-Z][a-z]{2}( \d{4})?$/);
    expect(await screen.findByTestId('stay-dates')).toHaveTextContent(expected);
    await typeNumber(user, 'Number of days', '1');
    expect(screen.getByTestId('stay-dates')).toHaveTextContent(/^1 day: \d{1,2} [A-Z][a-z]{2}$/);
  });

  it('under the nights rule says nights and the check-out time', async () => {
    mockVisitApi();
    server.use(
      http.get('/api/v1/settings/stays', () =>
        HttpResponse.json({
          success: true,
          settings: { ...DEFAULT_STAY_SETTINGS, countingRule: 'nights', checkOutTime: '11:00' },
        }),
      ),
    );
    const { user } = renderVisitForm(hostel);
    // The field names the unit the rule counts.
    await screen.findByRole('textbox', { name: 'Number of nights' });
    await typeNumber(user, 'Number of nights', '2');
    expect(await screen.findByText(/^2 nights: .*, check-out by 11:00$/)).toBeInTheDocument();
  });

  it('a half day: no days field, the half-day price less the discount, posted as halfDay with one day', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(hostel);
    await user.click(screen.getByRole('radio', { name: 'Half day' }));
    expect(screen.queryByRole('textbox', { name: 'Number of days' })).not.toBeInTheDocument();
    expect(screen.getByTestId('stay-dates')).toHaveTextContent(/^Half day: \d{1,2} [A-Z][a-z]{2}$/);
    await typeNumber(user, 'Discount', '100');
    expect(priceLine('Half-day price')).toHaveTextContent('₹600.00');
    expect(priceLine('Total')).toHaveTextContent('₹500.00');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const modal = await paymentModal('Payment Type');
    await user.click(within(modal).getByRole('radio', { name: /Advance Payment/ }));
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    await payWith(user, 'Cash Payment', '₹ 500.00');
    const saved = await savedBody(posted);
    expect(saved.body).toMatchObject({ details: { halfDay: true, numberOfDays: 1, discount: 100, price: 600, finalPrice: 500 } });
  }, 30_000);

  it('a full day is the default and is posted as such; no half day without a half-day price', async () => {
    mockVisitApi();
    renderVisitForm(visitType('day_care', { price: 1000 }));
    expect(screen.queryByRole('radio', { name: 'Half day' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Number of days' })).toBeInTheDocument();
  });

  it('the price rule: a half day is one day at the half-day price; a full day the days at the daily price', () => {
    const o = { dailyPaise: 100000, halfDayPaise: 60000, discountPaise: 10000, days: 3, using: false };
    expect(stayTotalPaise({ ...o, halfDay: true })).toBe(50000);
    expect(stayTotalPaise({ ...o, halfDay: false })).toBe(270000);
    expect(stayTotalPaise({ ...o, halfDay: false, using: true })).toBe(0);
    expect(stayTotalPaise({ ...o, halfDay: true, discountPaise: 70000 })).toBe(0);
  });
});
