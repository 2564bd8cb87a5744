import {
  formatINR,
  LEDGER_SUBJECTS,
  PAYMENT_MESSAGES as M,
  type PaymentLinkResponse,
  toRupees,
  VISIT_SAVED_MESSAGES,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { enqueueEmails } from '../notifications/notifications.service.ts';
import { ownersByIds, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { attachProviderRef, entryById, type LedgerRow } from './payments.repo.ts';
import { ProviderError } from './providers/errors.ts';
import { toLedgerPayment } from './subjects.ts';

/**
 * Payment links (spec 001 §4): a pending `payment_link` payment gets a provider link for its amount, the link is
 * emailed to the owner through the outbox and shown to the receptionist. The link's `payment_link.paid` webhook
 * completes the payment (webhook.service.ts).
 */

const LINK_FAILED = 'The payment link could not be created. The visit is saved with the amount due; try sending the link again.';

async function pendingLinkRow(ctx: AppContext, id: string): Promise<LedgerRow> {
  const row = await entryById(ctx.db, id);
  if (row?.kind !== 'payment') throw notFound('Payment');
  if (row.method !== 'payment_link') throw badRequest('This payment is not a payment link payment');
  if (row.status === 'completed') throw conflict('This payment is already paid');
  if (row.status !== 'pending') throw conflict(`This payment is ${row.status}`);
  return row;
}

/** Creates the provider link (once per payment) and stores it; a link stored meanwhile by another call wins. */
async function ensureLink(
  ctx: AppContext,
  row: LedgerRow,
  owner: { name: string; email: string | null; phone: string | null },
  description: string,
  log?: FastifyBaseLogger,
) {
  if (row.providerLinkId && row.linkUrl && row.provider === ctx.payments.name) return row;
  let link: Awaited<ReturnType<AppContext['payments']['createPaymentLink']>>;
  try {
    link = await ctx.payments.createPaymentLink({
      amountPaise: row.amountPaise,
      description,
      // Unique per link (Razorpay refuses a reference id twice), tied to the ledger row.
      referenceId: `${row.id}.${Date.now().toString(36)}`,
      customer: { name: owner.name, email: owner.email, contact: owner.phone },
      notes: Object.fromEntries(
        LEDGER_SUBJECTS.filter((k) => row[k])
          .map((k) => [k, row[k]!])
          .concat([['paymentId', row.id]]),
      ),
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // The provider refused what we sent (e.g. the owner's phone or email): say why; otherwise it may be retried.
    throw err.status !== null && err.status < 500
      ? badRequest(`${LINK_FAILED} (${err.message})`)
      : new AppError(502, LINK_FAILED);
  }
  // A row's link is set once: the first link stored wins; a concurrent request's link is unused.
  const attached = await attachProviderRef(ctx.db, row.id, {
    providerLinkId: link.id,
    linkUrl: link.shortUrl,
    provider: ctx.payments.name,
  });
  if (attached) return attached;
  const r = await entryById(ctx.db, row.id);
  if (r?.status !== 'pending') throw conflict('This payment is already paid');
  if (r.providerLinkId && r.linkUrl && r.provider === ctx.payments.name) {
    log?.warn({ payment: r.id, unused: link.id }, 'payment link: another request stored a link first; this one is unused');
    return r;
  }
  throw conflict('This payment is waiting on another provider; take a new payment instead');
}

/**
 * Creates (or re-sends) the payment link of a pending payment-link payment and queues an email with it to the
 * owner. Call AFTER the transaction that recorded the pending payment has committed (a provider call never runs
 * inside a transaction). An owner without email still gets a link: the answer says so, for the receptionist to
 * share it. `resend`: a payment that already has a link gets the email again.
 */
export async function sendPaymentLink(
  ctx: AppContext,
  paymentRowId: string,
  opts: { resend?: boolean; log?: FastifyBaseLogger } = {},
): Promise<PaymentLinkResponse> {
  const pending = await pendingLinkRow(ctx, paymentRowId);
  const pet = pending.petId ? (await petsWithOwnersByIds(ctx.db, [pending.petId])).get(pending.petId) : undefined;
  if (pending.petId && !pet) throw notFound('Pet');
  // A wallet top-up names no pet: the link is the owner's.
  const owner = pet?.owner ?? (await ownersByIds(ctx.db, [pending.ownerId])).get(pending.ownerId);
  if (!owner) throw notFound('Owner');
  // A reservation's deposit (issue 18) names no pet either: it is held against the booking.
  const deposit = pending.account === 'deposit';
  const what = pet ? `for ${pet.name}` : deposit ? 'as the deposit of your reservation' : 'to top up your wallet';
  const hadLink = Boolean(pending.providerLinkId && pending.provider === ctx.payments.name);
  const row = await ensureLink(
    ctx,
    pending,
    owner,
    pet ? `Payment for ${pet.name}` : deposit ? 'Reservation deposit' : 'Wallet top-up',
    opts.log,
  );
  const linkUrl = row.linkUrl!;
  const business = ctx.config.business;
  const amount = formatINR(toRupees(row.amountPaise));
  const dedupeKey = `payment-link:${row.providerLinkId}${hadLink && opts.resend ? `:${Date.now()}` : ''}`;
  const outcome = (
    await enqueueEmails(ctx.db, [
      {
        dedupeKey,
        kind: 'payment_link',
        refDate: ctx.clock.today(),
        ownerId: owner.id,
        ownerName: owner.name,
        toAddress: owner.email,
        subject: pet
          ? `Payment link for ${pet.name}: ${amount} - ${business.name}`
          : deposit
            ? `Reservation deposit link: ${amount} - ${business.name}`
            : `Wallet top-up link: ${amount} - ${business.name}`,
        body: [
          `Dear ${owner.name},`,
          '',
          `Please pay ${amount} ${what} through this secure link:`,
          linkUrl,
          '',
          'Warm regards,',
          business.name,
          business.phone,
        ].join('\n'),
        meta: { paymentId: row.id },
      },
    ])
  ).get(dedupeKey);
  const emailed = outcome !== 'unreachable';
  return {
    success: true,
    message: emailed ? M.linkSent : M.linkNoEmail,
    linkUrl,
    emailed,
    payment: toLedgerPayment(row),
  };
}

/** A sale's answer about the payment it recorded: the row, and for a payment link why it failed or whether it was emailed. */
export interface SoldPayment {
  payment: LedgerRow | null;
  linkError: string | null;
  linkEmailed?: boolean;
}

/**
 * After the sale's transaction committed (a provider call never runs inside one): a pending payment-link payment
 * gets its provider link, emailed to the owner. When the provider fails the sale stays saved with the amount due
 * and the answer says why (POST /payments/payment-link {paymentId} tries again). The one place that sends the link
 * of a new sale: visits, stays, prescriptions.
 */
export async function sendLinkAfterCommit(ctx: AppContext, payment: LedgerRow | null): Promise<SoldPayment> {
  if (payment?.method !== 'payment_link' || payment.status !== 'pending') return { payment, linkError: null };
  try {
    const link = await sendPaymentLink(ctx, payment.id);
    return { payment: { ...payment, linkUrl: link.linkUrl }, linkError: null, linkEmailed: link.emailed };
  } catch (err) {
    const linkError = err instanceof AppError && err.statusCode < 500 ? err.message : VISIT_SAVED_MESSAGES.linkFailed;
    return { payment, linkError };
  }
}
