import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import type { CoreContext } from '../lib/context.ts';
import { JOB_IDS } from '../lib/job-runs.ts';
import { safeError } from '../lib/log-safe.ts';
import { deleteExpiredIdempotencyKeys } from '../modules/payments/idempotency.service.ts';
import { outbox } from '../modules/notifications/notifications.service.ts';
import { type Attachment, isPermanentFailure, logTransport, type MailTransport, smtpTransport } from './transport.ts';

export const MAX_ATTEMPTS = 5;
/** Backoff before attempt n+1: 30 s, 2 min, 8 min, 32 min. */
export const backoffMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);
/** How long a claimed row stays with one worker before another may take it (a crashed process). */
export const LEASE_MS = 5 * 60_000;
/** How often the worker deletes expired idempotency keys. */
export const CLEANUP_MS = 60_000;

/**
 * Delivers due messages once and returns how many were tried. Rows are claimed
 * by moving them to `sending` with a lease (SKIP LOCKED, and the claim
 * re-checks the row), so several server processes never send the same row at
 * once; a row whose lease ran out (a crash mid-send) is tried again. Each
 * claim counts as an attempt. Temporary failures are retried with backoff up
 * to MAX_ATTEMPTS; permanent ones (SMTP 5xx) fail at once. The reason is kept.
 * The outbox table is the notifications module's: this worker goes through its service.
 */
export async function deliverDue(db: DbOrTx, transport: MailTransport, now = new Date(), batch = 20): Promise<number> {
  const claimed = await outbox.claimDue(db, now, new Date(now.getTime() + LEASE_MS), batch);
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const n of claimed) {
    if (n.attempts > MAX_ATTEMPTS) {
      // Claimed again after its lease ran out too often (a process died while sending each time).
      await outbox.markAttemptFailed(db, n.id, {
        final: true,
        reason: n.lastError ?? 'Delivery was interrupted too many times',
      });
      continue;
    }
    try {
      if (!n.toAddress) throw Object.assign(new Error('No address to send to'), { responseCode: 550 });
      await transport.send({ to: n.toAddress, subject: n.subject, text: n.body, attachments: attachmentsOf(n.meta) });
      await outbox.markSent(db, n.id, now, transport.name);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await outbox.markAttemptFailed(db, n.id, {
        final: n.attempts >= MAX_ATTEMPTS || isPermanentFailure(err),
        reason: reason.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + backoffMs(n.attempts)),
      });
    }
  }
  return claimed.length;
}

/**
 * The files a message carries, kept in its outbox row's meta as `attachments: [{filename, contentType,
 * contentBase64}]` (a GST document's PDF, rendered when it was queued, so what is sent is what was asked for).
 */
export function attachmentsOf(meta: unknown): Attachment[] | undefined {
  const list = (meta as { attachments?: unknown } | null)?.attachments;
  if (!Array.isArray(list)) return undefined;
  const out: Attachment[] = [];
  for (const a of list as { filename?: unknown; contentType?: unknown; contentBase64?: unknown }[]) {
    if (typeof a?.filename !== 'string' || typeof a.contentBase64 !== 'string') continue;
    out.push({
      filename: a.filename,
      contentType: typeof a.contentType === 'string' ? a.contentType : 'application/octet-stream',
      content: Buffer.from(a.contentBase64, 'base64'),
    });
  }
  return out.length ? out : undefined;
}

export function makeTransport(ctx: CoreContext, log: FastifyBaseLogger): MailTransport {
  return ctx.config.smtpUrl
    ? smtpTransport(ctx.config.smtpUrl, ctx.config.mailFrom)
    : logTransport((o, m) => log.info(o, m), { withContent: ctx.config.env !== 'production' });
}

/** Polls the outbox every few seconds until stopped; a full batch is followed at once by the next. */
export function startOutboxWorker(
  ctx: CoreContext,
  log: FastifyBaseLogger,
  intervalMs = 5_000,
  transport = makeTransport(ctx, log),
) {
  log.info({ transport: transport.name }, 'outbox worker started');
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let cleanedAt = 0;
  const tick = () => {
    if (stopped) return;
    let tried = 0;
    const deliver = () => deliverDue(ctx.db, transport);
    running = (ctx.jobs ? ctx.jobs.run(JOB_IDS.outbox, deliver) : deliver())
      .then((n) => {
        tried = n;
      })
      .catch((err) => log.error({ err: safeError(err) }, 'outbox delivery failed'))
      .then(async () => {
        // Idempotency keys older than 24 hours, once a minute (a key reused after that is deleted when it is reused).
        if (Date.now() - cleanedAt < CLEANUP_MS) return;
        cleanedAt = Date.now();
        await deleteExpiredIdempotencyKeys(ctx.db, new Date());
      })
      .catch((err) => log.error({ err: safeError(err) }, 'idempotency keys: cleanup failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, tried >= 20 ? 0 : intervalMs);
      });
  };
  let timer = setTimeout(tick, 1_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close?.();
    },
  };
}
