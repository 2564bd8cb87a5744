/** Deboarding and settling a stay send one Idempotency-Key per submission, reused when it got no answer. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { useDeboard } from './deboard';
import { useSettleStay } from './settle-stay';

const A = '650000000000000000000011';
const B = '650000000000000000000012';

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

/** The route answers no answer first, then 200; the keys sent are kept. */
function route(path: string) {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`/api/v1${path}`, ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      if (keys.length === 1) return HttpResponse.error();
      return HttpResponse.json({ success: true, message: 'ok' });
    }),
  );
  return keys;
}

describe('deboarding', () => {
  it('sent again after no answer: the same key; another stay: a new key', async () => {
    const keys = route('/boarding/hosteldeboarding');
    const { result } = renderHook(() => useDeboard(), { wrapper });
    const body = (boardingid: string) => ({
      code: 'hostel',
      body: { boardingid, payment: { method: 'cash' as const, amount: 500 } },
    });
    await act(() => expect(result.current.mutateAsync(body(A))).rejects.toMatchObject({ status: 0 }));
    await act(() => result.current.mutateAsync(body(A)));
    await act(() => result.current.mutateAsync(body(B)));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('settling a stay', () => {
  it('sent again after no answer: the same key', async () => {
    const keys = route('/visit/updatehostelvisit');
    const { result } = renderHook(() => useSettleStay(), { wrapper });
    await act(() => expect(result.current.mutateAsync({ boardingid: A, method: 'payment_link' })).rejects.toBeTruthy());
    await act(() => result.current.mutateAsync({ boardingid: A, method: 'payment_link' }));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
