import { dogParkVisitBody, groomingVisitBody } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockVisitApi, PET_ID, payWith, priceLine, renderVisitForm, savedBody, TYPE_ID, visitType } from '../test/kit';
import { amountToCollect, appointmentCreditOf, creditFor } from './appointment-credit';

const APPT = '650000000000000000000abc';

describe('the amount to collect after the money paid online for the appointment', () => {
  it.each([
    [700, 700, { applied: 700, collect: 0 }],
    [700, 500, { applied: 500, collect: 200 }],
    [700, 0, { applied: 0, collect: 700 }],
    [600, 1200, { applied: 600, collect: 0 }],
    [0, 500, { applied: 0, collect: 0 }],
    [1000.5, 400.25, { applied: 400.25, collect: 600.25 }],
    [0.3, 0.1, { applied: 0.1, collect: 0.2 }],
  ])('₹%s with ₹%s held → %o', (total, held, want) => expect(amountToCollect(total, held)).toEqual(want));

  it('reads the appointment from navigation state, and applies it only to the purposes whose save takes it', () => {
    expect(appointmentCreditOf({ petId: PET_ID, appointmentId: APPT, paidOnline: 700 })).toEqual({
      appointmentId: APPT,
      held: 700,
    });
    expect(appointmentCreditOf({ appointmentId: APPT })).toEqual({ appointmentId: APPT, held: 0 });
    expect(appointmentCreditOf({ appointmentId: APPT, paidOnline: -5 })).toEqual({ appointmentId: APPT, held: 0 });
    for (const bad of [null, {}, { appointmentId: 'x' }, { appointmentId: 7, paidOnline: 700 }]) {
      expect(appointmentCreditOf(bad)).toBeNull();
    }
    const c = { appointmentId: APPT, held: 700 };
    expect(creditFor(c, 'grooming')).toBe(c);
    expect(creditFor(c, 'dog_park')).toBe(c);
    expect(creditFor(c, 'hostel')).toBeNull();
    expect(creditFor(c, 'shop')).toBeNull();
  });
});

describe('New Visit opened from an appointment paid online', () => {
  it('₹700 held on a ₹700 grooming: shows it applied, ₹0 to collect, saves without the payment modal with appointmentId', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }), { appointmentId: APPT, held: 700 });
    await screen.findByText('No active Grooming subscription for this pet.');
    expect(screen.getByTestId('appointment-credit')).toHaveTextContent(
      'Paid online for this appointment: ₹700.00 — applied to this visit',
    );
    expect(priceLine('Paid online for this appointment')).toHaveTextContent('₹700.00');
    expect(priceLine('To collect now')).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save Visit' }));
    const saved = await savedBody(posted);
    expect(saved.body).toMatchObject({ appointmentId: APPT, details: { finalPrice: 700, selectedPayment: null } });
    expect(groomingVisitBody.safeParse(saved.body).success).toBe(true);
  });

  it('₹500 held on a ₹700 grooming: the payment modal asks only for ₹200', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(visitType('grooming', { price: 700 }), { appointmentId: APPT, held: 500 });
    await screen.findByText('No active Grooming subscription for this pet.');
    expect(priceLine('To collect now')).toHaveTextContent('₹200.00');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Cash Payment', '₹ 200.00');
    const saved = await savedBody(posted);
    expect(saved.body).toMatchObject({ appointmentId: APPT, details: { finalPrice: 700, selectedPayment: 'cash' } });
  });

  it('Dog Park fully covered: saved at once with a method its endpoint requires and nothing to pay', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(visitType('dog_park', { price: 400 }), { appointmentId: APPT, held: 400 });
    await user.click(await screen.findByRole('button', { name: 'Save Visit' }));
    const saved = await savedBody(posted);
    expect(saved.path).toBe('/visit/adddogparkvisit');
    expect(saved.body).toMatchObject({ petId: PET_ID, visitType: TYPE_ID.dog_park, appointmentId: APPT });
    expect(dogParkVisitBody.safeParse(saved.body).success).toBe(true);
  });

  it('a stay purpose ignores the appointment (no notice, no appointmentId)', async () => {
    mockVisitApi();
    renderVisitForm(visitType('hostel', { price: 1000 }), { appointmentId: APPT, held: 700 });
    await screen.findAllByText(/Hostel/);
    expect(screen.queryByTestId('appointment-credit')).toBeNull();
  });
});
