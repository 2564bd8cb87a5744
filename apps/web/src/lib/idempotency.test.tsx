/** One Idempotency-Key per form submission: the API client sends it; a submission sent again reuses it. */
import { IDEMPOTENCY_MESSAGES } from '@pawdesk/shared/idempotency';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server';
import { ApiError, api } from './api-client';
import { payByCard } from './checkout';
import { newIdempotencyKey, SubmissionKey, submitOnce, useKeyedSubmit } from './idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** POST /api/v1/test/money answers each request with the next of `answers`; the keys sent are kept. */
function moneyRoute(answers: ('no answer' | number)[]) {
  const keys: (string | null)[] = [];
  server.use(
    http.post('/api/v1/test/money', ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const a = answers[keys.length - 1] ?? 200;
      if (a === 'no answer') return HttpResponse.error();
      const message = a === 409 ? IDEMPOTENCY_MESSAGES.processing : a >= 400 ? 'Refused' : 'ok';
      return HttpResponse.json({ success: a < 400, message }, { status: a });
    }),
  );
  return keys;
}
const send = (idempotencyKey?: string) => api('/test/money', { method: 'POST', body: {}, idempotencyKey });

describe('the API client', () => {
  it('sends the Idempotency-Key header when given one, and none otherwise', async () => {
    const keys = moneyRoute([200, 200]);
    await send('abc-123');
    await send();
    expect(keys).toEqual(['abc-123', null]);
  });
});

describe('SubmissionKey', () => {
  it('keeps the key of a submission that got no answer, or was still being processed; drops it once answered', () => {
    const s = new SubmissionKey();
    const k = s.take();
    expect(k).toMatch(UUID);
    s.settle(new ApiError(0, 'Network error'));
    expect(s.take()).toBe(k);
    s.settle(new ApiError(409, IDEMPOTENCY_MESSAGES.processing));
    expect(s.take()).toBe(k);
    s.settle(new ApiError(400, 'Refused'));
    const k2 = s.take();
    expect(k2).not.toBe(k);
    s.settle();
    expect(s.take()).not.toBe(k2);
  });

  it('ends the submission when the server says it was done but its answer was lost (issue 22): saving again is new', () => {
    const s = new SubmissionKey();
    const k = s.take();
    s.settle(new ApiError(409, IDEMPOTENCY_MESSAGES.answerLost));
    expect(s.take()).not.toBe(k);
  });

  it('a submission for another record is new', () => {
    const s = new SubmissionKey();
    const a = s.take('boarding-a');
    s.settle(new ApiError(0, 'Network error'));
    expect(s.take('boarding-b')).not.toBe(a);
  });

  it('makes UUIDs where crypto.randomUUID is missing (plain http)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('submitOnce and useKeyedSubmit', () => {
  it('sends a request that got no answer again with the same key', async () => {
    const keys = moneyRoute(['no answer', 'no answer', 200]);
    await submitOnce(new SubmissionKey(), send, { retries: 2 });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('a mutation function: called again after no answer, the same key; after an answer, a new one', async () => {
    const keys = moneyRoute(['no answer', 400, 200]);
    const { result } = renderHook(() => useKeyedSubmit((_: object, key) => send(key)));
    await act(() => expect(result.current({})).rejects.toMatchObject({ status: 0 }));
    await act(() => expect(result.current({})).rejects.toMatchObject({ status: 400 }));
    await act(() => result.current({}));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('the card checkout', () => {
  it('create-order and verify-payment send keys; a verification that got no answer is sent again with its key', async () => {
    const sent: { path: string; key: string | null }[] = [];
    let verifies = 0;
    server.use(
      http.get('/api/v1/payments/config', () =>
        HttpResponse.json({ success: true, provider: 'offline', keyId: 'offline', businessName: 'Pawdesk' }),
      ),
      http.post('/api/v1/payments/create-order', ({ request }) => {
        sent.push({ path: 'create-order', key: request.headers.get('idempotency-key') });
        return HttpResponse.json({
          success: true,
          message: 'Payment order created',
          order: { id: 'order_1', amount: 50000, currency: 'INR', receipt: null },
          amountRupees: 500,
          paymentId: '650000000000000000000006',
          provider: 'offline',
          keyId: 'offline',
        });
      }),
      http.post('/api/v1/payments/verify-payment', ({ request }) => {
        sent.push({ path: 'verify-payment', key: request.headers.get('idempotency-key') });
        if (++verifies === 1) return HttpResponse.error();
        return HttpResponse.json({ success: true, message: 'done', payment: {} });
      }),
    );
    const outcome = await payByCard({ visitId: '650000000000000000000004', amount: 500 }, async () => ({
      razorpay_order_id: 'order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    }));
    expect(outcome).toBe('paid');
    expect(sent.map((s) => s.path)).toEqual(['create-order', 'verify-payment', 'verify-payment']);
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[1]!.key).toMatch(UUID);
    expect(sent[2]!.key).toBe(sent[1]!.key);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});
