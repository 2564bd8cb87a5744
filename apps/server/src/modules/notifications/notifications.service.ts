import type { SentMessage } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import {
  backlog,
  claimDue,
  findById,
  findByRefDate,
  findLatestTo,
  findOwnerMessages,
  insertDeduped,
  insertMessage,
  lockKeys,
  markAttemptFailed,
  markSent,
  type NotificationRow,
  requeueFailed,
  rewriteUnsent,
} from './notifications.repo.ts';

export type { NotificationRow, OutboxBacklog } from './notifications.repo.ts';

/**
 * A message the outbox gave up on: recorded `failed` and, in the same transaction, a staff notification (once per
 * message: its dedupe key) so the desk sees it in the bell and can retry it from the sent messages.
 */
async function markFailed(db: DbOrTx, id: string, f: { final: boolean; reason: string; nextAttemptAt?: Date }): Promise<void> {
  if (!f.final) return markAttemptFailed(db, id, f);
  await db.transaction(async (tx) => {
    await markAttemptFailed(tx, id, f);
    const row = await findById(tx, id);
    if (!row) return;
    const meta = (row.meta ?? {}) as { ownerName?: unknown };
    const who = typeof meta.ownerName === 'string' && meta.ownerName ? meta.ownerName : (row.toAddress ?? 'an owner');
    await raiseStaffNotification(tx, {
      kind: 'email_failed',
      title: `Email to ${who} failed`,
      body: `“${row.subject}” to ${row.toAddress ?? 'no address'} could not be sent: ${f.reason}. Retry it from the sent messages once the address or the mail server is fixed.`,
      link: row.refDate ? `/staff/reminders?date=${row.refDate}` : '/staff/reminders',
      ownerId: row.ownerId,
      refs: { messageId: row.id },
      dedupeKey: `email-failed:${row.id}`,
      now: new Date(),
    });
  });
}

/** For the outbox worker (jobs/outbox.ts), which decides when and how often to try. */
export const outbox = { claimDue, markSent, markAttemptFailed: markFailed, backlog };

export interface OutgoingEmail {
  /** Unique per message: sending the same thing twice does not queue twice. */
  dedupeKey: string;
  kind: string;
  /** The business day the message is about. */
  /** null: not about a day (account emails such as a password reset; they stay out of the day's message list). */
  refDate: string | null;
  /** null: an account email with no owner record (a staff member's password reset). */
  ownerId: string | null;
  ownerName: string;
  /** null: the owner has no email; the row is kept as `unreachable`. */
  toAddress: string | null;
  subject: string;
  body: string;
  meta?: Record<string, unknown>;
}

export type EnqueueOutcome = 'queued' | 'unreachable' | 'already';

/** The outbox row of an email: queued, or `unreachable` without an address (kept so the desk sees who was missed). */
const outboxRow = (m: OutgoingEmail) => ({
  channel: 'email',
  dedupeKey: m.dedupeKey,
  kind: m.kind,
  refDate: m.refDate,
  ownerId: m.ownerId,
  toAddress: m.toAddress,
  subject: m.subject,
  body: m.body,
  status: m.toAddress ? 'queued' : 'unreachable',
  meta: { ...m.meta, ownerName: m.ownerName },
});

/**
 * Adds email messages to the outbox (call inside the caller's transaction).
 * A worker delivers them. Owners without an address get an `unreachable` row.
 */
export async function enqueueEmails(db: DbOrTx, msgs: OutgoingEmail[]): Promise<Map<string, EnqueueOutcome>> {
  const inserted = await insertDeduped(db, msgs.map(outboxRow));
  const fresh = new Set(inserted.map((r) => r.dedupeKey));
  const out = new Map<string, EnqueueOutcome>();
  for (const m of msgs) out.set(m.dedupeKey, !m.toAddress ? 'unreachable' : fresh.has(m.dedupeKey) ? 'queued' : 'already');
  return out;
}

/**
 * For senders that merge what they tell an owner about one day into one message (reminders): lock the owners'
 * days, read their messages of those days, add one, or rewrite one not sent yet. Call inside one transaction.
 */
export const ownerMessages = {
  /** Serialises the writers of these owner days until the transaction ends. */
  lock: (tx: DbOrTx, ownerDays: readonly { ownerId: string; date: string }[]) =>
    lockKeys(
      tx,
      ownerDays.map((d) => `pawdesk:owner-day-message:${d.ownerId}:${d.date}`),
    ),
  find: findOwnerMessages,
  /** A new message; without an address it is kept as `unreachable`. */
  add: (tx: DbOrTx, m: OutgoingEmail) => insertMessage(tx, outboxRow(m)),
  /** Rewrites a message still `status` (queued or unreachable); undefined when a worker took it meanwhile. */
  rewrite: (tx: DbOrTx, row: NotificationRow, m: Omit<OutgoingEmail, 'dedupeKey' | 'refDate' | 'ownerId'>) =>
    rewriteUnsent(tx, row.id, row.status, {
      kind: m.kind,
      toAddress: m.toAddress,
      subject: m.subject,
      body: m.body,
      meta: { ...m.meta, ownerName: m.ownerName },
      status: m.toAddress ? 'queued' : 'unreachable',
    }),
};

function toSentMessage(r: NotificationRow): SentMessage {
  const meta = (r.meta ?? {}) as { ownerName?: unknown; transport?: unknown };
  return {
    _id: r.id,
    kind: r.kind,
    channel: r.channel,
    refDate: r.refDate,
    ownerId: r.ownerId,
    ownerName: typeof meta.ownerName === 'string' ? meta.ownerName : null,
    toAddress: r.toAddress,
    subject: r.subject,
    body: r.body,
    status: r.status as SentMessage['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    transport: typeof meta.transport === 'string' ? meta.transport : null,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    nextAttemptAt: r.status === 'queued' || r.status === 'sending' ? r.nextAttemptAt.toISOString() : null,
  };
}

/** What was sent (or is queued, failed, unreachable) about days from `from` to `to`. */
export async function listSent(db: DbOrTx, from: string, to: string, limit: number) {
  const rows = await findByRefDate(db, from, to, limit + 1);
  return { List: rows.slice(0, limit).map(toSentMessage), truncated: rows.length > limit };
}

/** Queues a failed message again. 404 unknown, 409 when it has not failed. */
export async function retryMessage(db: DbOrTx, id: string): Promise<SentMessage> {
  const row = await requeueFailed(db, id);
  if (row) return toSentMessage(row);
  const existing = await findById(db, id);
  if (!existing) throw notFound('Message');
  throw conflict(`Only failed messages can be retried (this one is ${existing.status})`);
}

/** The newest emails queued for an address: the test servers' mailbox (GET /test/emails), never in production. */
export async function testMailbox(db: DbOrTx, address: string) {
  const rows = await findLatestTo(db, address.trim().toLowerCase(), 10);
  return rows.map((r) => ({ kind: r.kind, subject: r.subject, body: r.body, createdAt: r.createdAt.toISOString() }));
}
