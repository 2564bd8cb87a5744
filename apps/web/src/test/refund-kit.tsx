/**
 * What the refund and void dialog tests share: a quote as the server answers it, the MSW handlers of the quote,
 * cancel-sale and voidvisit (keeping the bodies posted), and an admin session.
 */
import type { AuthUser, LedgerPayment, RefundQuoteView } from '@pawdesk/shared';
import { IDEMPOTENCY_HEADER } from '@pawdesk/shared/idempotency';
import { HttpResponse, http } from 'msw';
import { auth } from '../lib/auth';
import { server } from './server';

export const VISIT_ID = '650000000000000000000010';
export const OWNER_ID = '650000000000000000000011';
export const PET_ID = '650000000000000000000012';

/** The policy's own example: ₹25,000 paid (card ₹15,000 newest, then cash ₹10,000) and cancelled within the window. */
export function quote(fields: Partial<RefundQuoteView> = {}): RefundQuoteView {
  return {
    saleDate: '2026-11-01',
    requestDate: '2026-11-03',
    lastDay: '2026-11-05',
    withinPolicy: true,
    daysAfterSale: 2,
    cancelled: 25000,
    paid: 25000,
    deduction: 7500,
    credit: 17500,
    refund: 17500,
    kept: 7500,
    message: null,
    payments: [
      {
        _id: '650000000000000000000021',
        method: 'card',
        amount: 15000,
        refunded: 0,
        refundable: 15000,
        receiptNo: '2026-27/000008',
      },
      {
        _id: '650000000000000000000022',
        method: 'cash',
        amount: 10000,
        refunded: 0,
        refundable: 10000,
        receiptNo: '2026-27/000007',
      },
    ],
    ...fields,
  };
}

export const ledgerPayment = (fields: Partial<LedgerPayment> = {}): LedgerPayment => ({
  _id: '650000000000000000000031',
  amount: 2500,
  status: 'completed',
  method: 'cash',
  receiptNo: 'R/2026-27/000001',
  paidAt: '2026-11-03T06:00:00.000Z',
  provider: null,
  providerPaymentId: null,
  linkUrl: null,
  ...fields,
});

export interface Posted {
  path: string;
  body: unknown;
  /** The Idempotency-Key header sent. */
  key: string | null;
}

/** An answer of the mock: a status and body, or 'no answer' (a network failure). */
type Answer = { status: number; body: Record<string, unknown> } | 'no answer';

const reply = (a: Answer) => (a === 'no answer' ? HttpResponse.error() : HttpResponse.json(a.body, { status: a.status }));

/**
 * GET /payments/refund-quote (answering `q`, or `quoteAnswer`), POST /payments/cancel-sale and POST /visit/voidvisit
 * (answering `answer`, default a success). Returns the posts made, with their Idempotency-Key.
 */
export function mockRefundApi({
  q = quote(),
  quoteAnswer,
  answer,
}: {
  q?: RefundQuoteView;
  quoteAnswer?: Answer;
  /** One answer for every post, or one per post in turn (then the default success). */
  answer?: Answer | Answer[];
} = {}): Posted[] {
  const posted: Posted[] = [];
  const next = (): Answer | undefined => (Array.isArray(answer) ? answer[posted.length - 1] : answer);
  server.use(
    http.get('/api/v1/payments/refund-quote', ({ request }) => {
      if (new URL(request.url).searchParams.get('visitId') !== VISIT_ID) return HttpResponse.json({}, { status: 500 });
      return quoteAnswer ? reply(quoteAnswer) : HttpResponse.json({ success: true, quote: q });
    }),
    http.post('/api/v1/payments/cancel-sale', async ({ request }) => {
      posted.push({ path: '/payments/cancel-sale', body: await request.json(), key: request.headers.get(IDEMPOTENCY_HEADER) });
      const a = next();
      return a
        ? reply(a)
        : HttpResponse.json({
            success: true,
            message: 'Sale cancelled and refund recorded',
            credit: ledgerPayment({ _id: '650000000000000000000032', amount: 17500, receiptNo: null, method: null }),
            refunds: [ledgerPayment({ amount: 17500 })],
            quote: q,
          });
    }),
    http.post('/api/v1/visit/voidvisit', async ({ request }) => {
      posted.push({ path: '/visit/voidvisit', body: await request.json(), key: request.headers.get(IDEMPOTENCY_HEADER) });
      const a = next();
      return a
        ? reply(a)
        : HttpResponse.json({
            success: true,
            message: 'Visit voided',
            visit: { _id: VISIT_ID, voidedAt: '2026-11-03T06:00:00.000Z', voidReason: 'Entered twice' },
            credits: [],
            unapplied: 700,
          });
    }),
  );
  return posted;
}

/** Signs in a staff member (an admin unless told otherwise) the way the app stores a session. */
export function signInStaff(isAdmin = true) {
  const user: AuthUser = {
    id: '650000000000000000000041',
    role: 'staff',
    fullName: isAdmin ? 'Admin' : 'Front Desk',
    email: 'staff@pawdesk.test',
    isAdmin,
    phone: null,
    address: null,
  };
  auth.signIn({ success: true, token: 'test-token', user, message: 'ok' });
}
