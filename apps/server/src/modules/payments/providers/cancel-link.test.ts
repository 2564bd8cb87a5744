import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.ts';
import { type RazorpayStandin, startRazorpayStandin } from '../../../../test/razorpay-standin.ts';
import type { Database } from '../../../db/client.ts';
import type { PaymentProvider } from '../provider.ts';
import { ProviderError } from './errors.ts';
import { linkById } from './offline.repo.ts';
import { OfflineProvider, offlineSecrets } from './offline.ts';
import { RazorpayProvider } from './razorpay.ts';

/** cancelPaymentLink on both providers: a `created` link is cancelled and can no longer be paid; anything else is a 400. */

const link = (p: PaymentProvider, referenceId: string) =>
  p.createPaymentLink({
    amountPaise: 45000,
    description: 'Grooming for Rocky',
    referenceId,
    customer: { name: 'Asha', email: 'asha@example.com' },
    notes: { paymentId: referenceId },
  });

/** The ProviderError a refused call throws, as `status code: message`. */
const refused = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (err: unknown) => (err instanceof ProviderError ? `${err.status} ${err.code}: ${err.message}` : String(err)),
  );

describe('the offline provider: cancelPaymentLink', () => {
  let database: Database;
  let provider: OfflineProvider;
  beforeAll(async () => {
    database = await freshDatabase();
    provider = new OfflineProvider(database.db, offlineSecrets('x'.repeat(40)), 'https://desk.example.com');
  });
  afterAll(() => database?.close());
  const now = new Date('2026-11-23T10:00:00Z');

  it('cancels a created link; its page can no longer take a payment; a second cancel is a 400', async () => {
    const l = await link(provider, 'ref-cancel-1');
    const cancelled = await provider.cancelPaymentLink(l.id);
    expect(cancelled).toEqual({ id: l.id, shortUrl: l.shortUrl, amountPaise: 45000, status: 'cancelled' });
    expect((await linkById(database.db, l.id))?.status).toBe('cancelled');
    expect(await refused(provider.payLink(l.id, now))).toBe('409 BAD_REQUEST_ERROR: This payment link is cancelled');
    expect((await linkById(database.db, l.id))?.paymentId).toBeNull();
    expect(await refused(provider.cancelPaymentLink(l.id))).toBe(
      '400 BAD_REQUEST_ERROR: This payment link is cancelled and cannot be cancelled',
    );
  });

  it('refuses to cancel a paid link (400) and an unknown one (404)', async () => {
    const l = await link(provider, 'ref-cancel-2');
    await provider.payLink(l.id, now);
    expect(await refused(provider.cancelPaymentLink(l.id))).toBe(
      '400 BAD_REQUEST_ERROR: This payment link is paid and cannot be cancelled',
    );
    expect((await linkById(database.db, l.id))?.status).toBe('paid');
    expect(await refused(provider.cancelPaymentLink('plink_AAAAAAAAAAAAAA'))).toMatch(/^404 /);
  });
});

describe('Razorpay (the SDK against the stand-in): cancelPaymentLink', () => {
  let standin: RazorpayStandin;
  let provider: RazorpayProvider;
  beforeAll(async () => {
    standin = await startRazorpayStandin();
    provider = new RazorpayProvider({ ...standin.keys, apiBase: standin.url });
  });
  afterAll(() => standin?.close());

  it('POST /v1/payment_links/:id/cancel with basic auth cancels a created link; it can no longer be paid', async () => {
    const l = await link(provider, 'ref-rzp-cancel-1');
    const cancelled = await provider.cancelPaymentLink(l.id);
    expect(cancelled).toEqual({ id: l.id, shortUrl: l.shortUrl, amountPaise: 45000, status: 'cancelled' });
    expect(standin.requests.at(-1)).toEqual({ method: 'POST', path: `/v1/payment_links/${l.id}/cancel`, authorized: true });
    expect(standin.links.get(l.id)).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Number) });
    expect(() => standin.payLink(l.id)).toThrow(/is cancelled/);
    expect(await refused(provider.cancelPaymentLink(l.id))).toMatch(/^400 BAD_REQUEST_ERROR: .*already cancelled/);
  });

  it('refuses a paid link and an unknown one with Razorpay’s 400', async () => {
    const l = await link(provider, 'ref-rzp-cancel-2');
    standin.payLink(l.id);
    expect(await refused(provider.cancelPaymentLink(l.id))).toMatch(/^400 BAD_REQUEST_ERROR: .*already paid/);
    expect(standin.links.get(l.id)?.status).toBe('paid');
    expect(await refused(provider.cancelPaymentLink('plink_AAAAAAAAAAAAAA'))).toMatch(
      /^400 BAD_REQUEST_ERROR: The id provided does not exist/,
    );
  });
});
