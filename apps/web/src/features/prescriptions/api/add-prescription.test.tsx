/** A prescription save sends one Idempotency-Key per submission, reused when it got no answer. */
import type { AddPrescriptionInput } from '@pawdesk/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { expect, it } from 'vitest';
import { server } from '../../../test/server';
import { useAddPrescription } from './add-prescription';

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

it('sent again after no answer: the same key; after the answer, the next save gets a new one', async () => {
  const keys: (string | null)[] = [];
  server.use(
    http.post('/api/v1/prescription/addprescription', ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      if (keys.length === 1) return HttpResponse.error();
      return HttpResponse.json({ success: true, message: 'ok' });
    }),
  );
  const { result } = renderHook(() => useAddPrescription(), { wrapper });
  const body = {} as AddPrescriptionInput;
  await act(() => expect(result.current.mutateAsync(body)).rejects.toMatchObject({ status: 0 }));
  await act(() => result.current.mutateAsync(body));
  await act(() => result.current.mutateAsync(body));
  expect(keys).toHaveLength(3);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[1]);
});
