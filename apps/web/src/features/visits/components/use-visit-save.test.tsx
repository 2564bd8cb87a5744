import { boardingVisitBody, dayCareVisitBody } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import {
  findToast,
  type FormCode,
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

/** Which step of the payment modal each purpose opens on, for a price to pay (spec 001 §2 "Payment modals"). */
describe.each<{ code: FormCode; price: number; due: string; opens: 'Payment Type' | 'Payment Options' | null; action: string }>([
  { code: 'grooming', price: 700, due: '₹700', opens: 'Payment Options', action: 'Proceed to Payment' },
  { code: 'hostel', price: 1000, due: '₹1,000', opens: 'Payment Type', action: 'Proceed to Payment' },
  { code: 'day_care', price: 600, due: '₹600', opens: 'Payment Type', action: 'Proceed to Payment' },
  { code: 'dog_park', price: 250, due: '₹250', opens: 'Payment Options', action: 'Proceed to Payment' },
  // Dog Park's endpoint needs a method even when nothing is due.
  { code: 'dog_park', price: 0, due: '₹0', opens: 'Payment Options', action: 'Proceed to Payment' },
  { code: 'grooming', price: 0, due: '₹0', opens: null, action: 'Save Visit' },
  { code: 'inquiry', price: 0, due: '₹0', opens: null, action: 'Save Inquiry' },
])('$code, $due due', ({ code, price, opens, action }) => {
  it(opens ? `asks '${opens}' first` : 'saves without the payment modal', async () => {
    const posted = mockVisitApi();
    const { user } = renderVisitForm(visitType(code, { price }));
    if (code === 'inquiry') await user.type(screen.getByRole('textbox', { name: /Inquiry description/ }), 'Asked about boarding');

    await user.click(await screen.findByRole('button', { name: action }));
    if (opens) {
      const modal = await paymentModal(opens);
      const offered = opens === 'Payment Type' ? ['Partial Payment', 'Advance Payment', 'Payment After Service'] : [];
      for (const label of offered) expect(within(modal).getByRole('radio', { name: new RegExp(label) })).toBeInTheDocument();
      if (opens === 'Payment Options') {
        for (const label of ['Cash Payment', 'Payment Link', 'Card'])
          expect(within(modal).getByRole('button', { name: label })).toBeInTheDocument();
      }
      await nothingPosted(posted);
    } else {
      expect((await savedBody(posted)).body).toBeTruthy();
    }
  });
});

/**
 * Hostel and Day Care: the payment type decides what is collected now and what the body says is left
 * (advance: all now; partial: the amount typed; after service: nothing now, no method asked).
 */
describe.each<{ code: 'hostel' | 'day_care'; path: string; schema: typeof boardingVisitBody | typeof dayCareVisitBody }>([
  { code: 'hostel', path: '/visit/addhostelvisit', schema: boardingVisitBody },
  { code: 'day_care', path: '/visit/adddaycarevisit', schema: dayCareVisitBody },
])('$code: 2 days at ₹1,000 less ₹100 a day', ({ code, path, schema }) => {
  const type = visitType(code, { price: 1000 });

  async function proceed() {
    const posted = mockVisitApi();
    const view = renderVisitForm(type);
    await typeNumber(view.user, 'Number of days', '2');
    await typeNumber(view.user, 'Discount per day', '100');
    expect(priceLine('Total')).toHaveTextContent('₹1,800.00');
    await view.user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const modal = await paymentModal('Payment Type');
    expect(within(modal).getByText('₹ 1,800.00')).toBeInTheDocument();
    return { ...view, posted, modal };
  }

  it.each([
    { paymentType: 'advance_payment', label: 'Advance Payment', now: '', confirms: '₹ 1,800.00', left: 0 },
    { paymentType: 'partial_payment', label: 'Partial Payment', now: '500', confirms: '₹ 500.00', left: 1300 },
  ])(
    '$label: confirms $confirms collected now and posts what is left to pay',
    async ({ paymentType, label, now, confirms, left }) => {
      const { user, posted, modal } = await proceed();
      await user.click(within(modal).getByRole('radio', { name: new RegExp(label) }));
      if (now) {
        await user.type(within(modal).getByRole('textbox', { name: 'Amount collected now' }), now);
        expect(within(modal).getByText(`Remaining after this payment: ₹ ${left.toLocaleString('en-IN')}.00`)).toBeInTheDocument();
      }
      await user.click(within(modal).getByRole('button', { name: 'Next' }));
      await payWith(user, 'Cash Payment', confirms);

      const saved = await savedBody(posted);
      expect(saved).toStrictEqual({
        path,
        body: {
          petId: PET_ID,
          visitType: TYPE_ID[code],
          details: {
            planId: null,
            isSubscriptionAvailed: false,
            numberOfDays: 2,
            discount: 100,
            price: 1000,
            finalPrice: 1800,
            paymentLeft: left,
            selectedPaymentType: paymentType,
            selectedPayment: 'cash',
          },
        },
      });
      expect(schema.safeParse(saved.body).success).toBe(true);
    },
  );

  it('Payment After Service: submits from the first step, no method, the whole total left', async () => {
    const { user, posted, modal } = await proceed();
    await user.click(within(modal).getByRole('radio', { name: /Payment After Service/ }));
    expect(within(modal).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));

    const { body } = await savedBody(posted);
    expect(body).toMatchObject({
      details: { finalPrice: 1800, paymentLeft: 1800, selectedPaymentType: 'payment_after_service', selectedPayment: null },
    });
  });

  it('a partial payment above the total is refused in the modal', async () => {
    const { user, posted, modal } = await proceed();
    await user.click(within(modal).getByRole('radio', { name: /Partial Payment/ }));
    await user.type(within(modal).getByRole('textbox', { name: 'Amount collected now' }), '1900');
    expect(within(modal).getByText('A partial payment cannot exceed the total of ₹ 1,800.00')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Next' })).toBeDisabled();
    await nothingPosted(posted);
  });
});

describe('the save', () => {
  const type = visitType('grooming', { price: 700 });

  it('Submit stays disabled until the cash payment is confirmed', async () => {
    mockVisitApi();
    const { user } = renderVisitForm(type);
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const modal = await paymentModal('Payment Options');
    expect(within(modal).getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: 'Cash Payment' }));
    expect(within(modal).getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(within(modal).getByRole('checkbox', { name: /I confirm that the payment of ₹ 700.00/ }));
    expect(within(modal).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('refused by the server: its message as a toast, its field errors on the fields, the form kept as typed', async () => {
    const posted = mockVisitApi({
      saveAnswer: {
        status: 400,
        body: { success: false, message: 'Price changed', errors: { 'details.discount': 'Discount is too high now' } },
      },
    });
    const { user } = renderVisitForm(type);
    await typeNumber(user, 'Discount', '50');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Cash Payment', '₹ 650.00');

    expect(await findToast('Price changed')).toBeInTheDocument();
    expect(screen.getByText('Discount is too high now')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Discount' })).toHaveValue('50');
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('no answer (offline): the spec fallback, the form kept', async () => {
    mockVisitApi();
    server.use(http.post('/api/v1/visit/addgroomingvisit', () => HttpResponse.error()));
    const { user } = renderVisitForm(type);
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Cash Payment', '₹ 700.00');

    expect(await findToast('Failed to save grooming visit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
  });

  it('a payment link: the saved message, then the link to copy before the dashboard', async () => {
    mockVisitApi({
      saveAnswer: {
        status: 200,
        body: {
          success: true,
          message: 'Visit saved successfully',
          visit: {
            _id: '650000000000000000000004',
            petId: PET_ID,
            purpose: 'Grooming',
            price: 700,
            createdAt: '2026-11-22T10:00:00.000Z',
            boardingId: null,
            paid: 0,
            paymentLeft: 700,
          },
          payment: {
            _id: '650000000000000000000006',
            method: 'payment_link',
            status: 'pending',
            amount: 700,
            receiptNo: null,
            orderId: null,
            linkUrl: 'https://pay.example/l/abc',
            linkEmailed: true,
          },
        },
      },
    });
    const { user } = renderVisitForm(type);
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Payment Link', '₹ 700.00');

    const dialog = await screen.findByRole('dialog', { name: 'Payment Link' });
    expect(within(dialog).getByDisplayValue('https://pay.example/l/abc')).toBeInTheDocument();
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });
});
