/**
 * New Visit sends one Idempotency-Key per save (lib/idempotency.ts): the save sent again after it got no answer
 * (a dropped connection) carries the same key, so the server sells once; a save the server answered is over, and
 * the next one gets a new key.
 */
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { findToast, mockVisitApi, payWith, renderVisitForm, visitType } from '../test/kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The grooming save answers each request with the next of `answers`; the keys sent are kept. */
function saveAnswers(answers: ('no answer' | 400 | 201)[]) {
  const keys: (string | null)[] = [];
  mockVisitApi();
  server.use(
    http.post('/api/v1/visit/addgroomingvisit', ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const answer = answers[keys.length - 1] ?? 201;
      if (answer === 'no answer') return HttpResponse.error();
      if (answer === 400) return HttpResponse.json({ success: false, message: 'Price changed' }, { status: 400 });
      return HttpResponse.json({
        success: true,
        message: 'Payment successful and visit saved!',
        visit: {
          _id: '650000000000000000000004',
          petId: '650000000000000000000001',
          purpose: 'Grooming',
          price: 700,
          createdAt: '2026-11-22T10:00:00.000Z',
          boardingId: null,
          paid: 700,
          paymentLeft: 0,
        },
        payment: null,
      });
    }),
  );
  return keys;
}

describe('the visit save’s Idempotency-Key', () => {
  const type = visitType('grooming', { price: 700 });

  async function saveOnce(user: ReturnType<typeof renderVisitForm>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await payWith(user, 'Cash Payment', '₹ 700.00');
  }

  it('is sent with the save, a UUID made when the payment is confirmed', async () => {
    const keys = saveAnswers([201]);
    const { user } = renderVisitForm(type);
    await saveOnce(user);
    await screen.findByText('Dashboard page');
    expect(keys).toEqual([expect.stringMatching(UUID)]);
  });

  it('a save sent again after it got no answer carries the same key', async () => {
    const keys = saveAnswers(['no answer', 201]);
    const { user } = renderVisitForm(type);
    await saveOnce(user);
    expect(await findToast('Failed to save grooming visit')).toBeInTheDocument();
    await saveOnce(user);
    await screen.findByText('Dashboard page');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a save the server refused is over: the next save is a new submission with a new key', async () => {
    const keys = saveAnswers([400, 201]);
    const { user } = renderVisitForm(type);
    await saveOnce(user);
    expect(await findToast('Price changed')).toBeInTheDocument();
    await saveOnce(user);
    await screen.findByText('Dashboard page');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
