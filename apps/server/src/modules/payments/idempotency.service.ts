import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER as IDEMPOTENCY_HEADER_NAME, IDEMPOTENCY_MESSAGES } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { entriesByIds, type LedgerRow } from './payments.service.ts';
import { toLedgerPayment } from './subjects.ts';
import { currentScope } from './idempotency-scope.service.ts';
import {
  addLedgerRows,
  claimKey,
  deleteExpiredKeys,
  deleteKeyIfExpired,
  findKey,
  type IdempotencyRow,
  type KeyRef,
  storeAnswer,
  findKeyById,
} from './idempotency.repo.ts';

/**
 * Idempotent money writes (docs/decisions.md "Idempotent money writes"): a money-writing POST sent with an
 * `Idempotency-Key` header is done once per caller, route and key. The key is claimed as the first statement of the
 * request's first money transaction (`moneyTransaction`), so it is taken exactly when the sale commits; a repeat
 * gets the stored answer with the current state of the ledger rows the request wrote.
 */

export { IDEMPOTENCY_MESSAGES };

/** The header, as Node names it. */
export const IDEMPOTENCY_HEADER = IDEMPOTENCY_HEADER_NAME.toLowerCase();
/** A key is kept (and answers repeats) this long after it was claimed. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request's answer to be stored. */
export const ANSWER_WAIT_MS = 5000;
/**
 * A key claimed this long ago (by the business clock) and still without an answer: its request committed and then
 * died before answering (the server was killed or crashed in between). A repeat then gets the answer 'done, answer
 * lost' (409 answerLost with the ledger rows the request wrote), stored as the key's answer, instead of 'still being
 * processed' until the key expires. Requests store their answer within moments of committing; this is far beyond.
 */
export const ANSWER_LOST_AFTER_MS = 30_000;
const POLL_MS = 50;

/**
 * The routes that take an Idempotency-Key: every POST that writes money. One line opts a route in (or the route's
 * own `config: { idempotent: true }`). A route listed before it exists is covered as soon as it lands;
 * idempotency.test.ts fails for a money route of the OpenAPI document that is not covered.
 */
export const IDEMPOTENT_ROUTES: readonly string[] = [
  'POST /visit/addinquiryvisit',
  'POST /visit/adddogparkvisit',
  'POST /visit/addveterinaryvisit',
  'POST /visit/addhostelvisit',
  'POST /visit/adddaycarevisit',
  'POST /visit/adddayschoolvisit',
  'POST /visit/addplayschoolvisit',
  'POST /visit/addgroomingvisit',
  'POST /visit/addshopvisit',
  'POST /visit/addshoppingvisit',
  'POST /visit/addvisit',
  'POST /visit/updatehostelvisit',
  'POST /visit/voidvisit',
  'POST /subscription/buysubscription',
  'POST /prescription/addprescription',
  'POST /boarding/hosteldeboarding',
  'POST /boarding/daycaredeboarding',
  'POST /boarding/dayschooldeboarding',
  'POST /boarding/playschooldeboarding',
  'POST /deboard/dogparkdeboarding',
  'POST /payments/create-order',
  'POST /payments/verify-payment',
  'POST /payments/verify-pending-payment',
  'POST /payments/cancel-sale',
  'POST /payments/refund',
  'POST /payments/allocate',
];

/** JSON with object keys sorted at every level: equal requests hash equal, whatever order their fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 (hex) of the canonical body, path parameters and query string. */
export function requestHash(req: { body: unknown; params: unknown; query: unknown }): string {
  return createHash('sha256')
    .update(canonical({ body: req.body ?? null, params: req.params ?? {}, query: req.query ?? {} }))
    .digest('hex');
}

/** A stored answer to give again: thrown out of the handler, sent by the idempotency plugin. */
export class StoredAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('stored answer');
    this.name = 'StoredAnswer';
  }
}

/** The key was claimed by a request that committed first (thrown inside the transaction, which rolls back). */
class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
    this.name = 'KeyTaken';
  }
}

/** How a ledger row's state shows in an answer: the fields that change after a sale (each only where present). */
const LIVE_FIELDS: Record<string, (r: LedgerRow) => unknown> = {
  status: (r) => r.status,
  receiptNo: (r) => r.receiptNo,
  paidAt: (r) => (r.paidAt ? r.paidAt.toISOString() : null),
  linkUrl: (r) => r.linkUrl,
  orderId: (r) => r.providerOrderId,
  provider: (r) => r.provider,
  providerPaymentId: (r) => r.providerPaymentId,
};

/**
 * Answers that show a ledger row in their own words: a prescription's payment says 'paid' for a completed one, and
 * shows its link only while it waits (prescriptions.service.ts). By route, without the `/api/v1` prefix.
 */
const ROUTE_VIEWS: Record<string, typeof LIVE_FIELDS> = {
  'POST /prescription/addprescription': {
    status: (r) => (r.status === 'completed' ? 'paid' : r.status),
    linkUrl: (r) => (r.status === 'pending' ? r.linkUrl : null),
  },
};

/** Refreshes, in place, every object of the answer whose `_id` is one of these ledger rows. */
function refreshRows(node: unknown, rows: ReadonlyMap<string, LedgerRow>, fields: typeof LIVE_FIELDS): void {
  if (Array.isArray(node)) {
    for (const n of node) refreshRows(n, rows, fields);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const row = typeof o._id === 'string' ? rows.get(o._id) : undefined;
  if (row) {
    for (const [field, read] of Object.entries(fields)) if (field in o) o[field] = read(row);
    // A link created after the sale (POST /payments/payment-link) answers the error the sale gave no longer.
    if (row.linkUrl && typeof o.linkError === 'string') o.linkError = null;
  }
  for (const v of Object.values(o)) refreshRows(v, rows, fields);
}

/** The stored answer with the current state of the ledger rows the request wrote. */
async function replayOf(db: DbOrTx, row: IdempotencyRow): Promise<StoredAnswer> {
  const body = structuredClone(row.response) as unknown;
  const rows = await entriesByIds(db, row.ledgerRowIds ?? []);
  const view = ROUTE_VIEWS[row.route.replace(/^(\w+) \/api\/v1\//, '$1 /')];
  if (rows.length) refreshRows(body, new Map(rows.map((r) => [r.id, r])), { ...LIVE_FIELDS, ...view });
  return new StoredAnswer(row.statusCode!, body);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The answer of a key whose request committed and died before answering (ANSWER_LOST_AFTER_MS): 409 answerLost with
 * the ledger rows it wrote (`payments`), stored as the key's answer so every repeat gets the same. An answer the
 * request itself stored meanwhile (it was only slow) wins.
 */
async function lostAnswer(db: DbOrTx, row: IdempotencyRow): Promise<StoredAnswer> {
  const rows = await entriesByIds(db, row.ledgerRowIds ?? []);
  const body = { success: false, message: IDEMPOTENCY_MESSAGES.answerLost, payments: rows.map(toLedgerPayment) };
  await storeAnswer(db, row.id, 409, body);
  const stored = await findKeyById(db, row.id);
  return replayOf(db, stored?.statusCode != null ? stored : { ...row, statusCode: 409, response: body });
}

/**
 * What an earlier request with this key answers: null when there is none (or it expired: then it is deleted), its
 * stored answer (waiting up to ANSWER_WAIT_MS for the answer of a request that has committed but not answered yet),
 * 409 when the key was used with a different request or its request is still being processed, and 409 answerLost
 * when its request committed long ago and never answered (it died in between: lostAnswer).
 */
export async function earlierAnswer(ctx: AppContext, ref: KeyRef, hash: string): Promise<StoredAnswer | null> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  for (;;) {
    const row = await findKey(ctx.db, ref);
    if (!row) return null;
    const expiredBefore = new Date(ctx.clock.now().getTime() - KEY_TTL_MS);
    if (row.createdAt <= expiredBefore) {
      await deleteKeyIfExpired(ctx.db, row.id, expiredBefore);
      return null;
    }
    if (row.requestHash !== hash) throw conflict(IDEMPOTENCY_MESSAGES.otherRequest);
    if (row.statusCode !== null) return replayOf(ctx.db, row);
    if (ctx.clock.now().getTime() - row.createdAt.getTime() >= ANSWER_LOST_AFTER_MS) return lostAnswer(ctx.db, row);
    if (Date.now() >= deadline) throw conflict(IDEMPOTENCY_MESSAGES.processing);
    await sleep(POLL_MS);
  }
}

/**
 * The body of every money transaction (money.service.ts): for a request with a key, its FIRST statement claims the
 * key (in the request's first money transaction; a retry of a rolled-back one claims again), its last adds the
 * ledger rows the transaction wrote. A key claimed by a request that committed first rolls this transaction back.
 */
export async function inKeyScope<T>(tx: DbOrTx, now: Date, fn: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  if (!scope) return fn();
  const open: { claimId: string | null; ledgerRowIds: string[] } = { claimId: null, ledgerRowIds: [] };
  scope.open = open;
  if (!scope.claimedId) {
    const { userId, route, key, requestHash } = scope;
    const id = await claimKey(tx, { userId, route, key, requestHash, createdAt: now });
    if (!id) throw new KeyTaken();
    open.claimId = id;
  }
  const out = await fn();
  const id = open.claimId ?? scope.claimedId;
  if (id) await addLedgerRows(tx, id, open.ledgerRowIds);
  return out;
}

/** After a money transaction ended: a claim it made is the request's once it committed. */
export function keyTransactionEnded(committed: boolean): void {
  const scope = currentScope();
  if (!scope?.open) return;
  if (committed && scope.open.claimId) scope.claimedId = scope.open.claimId;
  scope.open = null;
}

/**
 * The answer to a request whose claim found the key taken: the first request's stored answer (waiting briefly for
 * it), else 409. Returned as an error for the money transaction to throw; null when `err` is not a taken key.
 */
export async function answerOfTakenKey(ctx: AppContext, err: unknown): Promise<Error | null> {
  if (!(err instanceof KeyTaken)) return null;
  const scope = currentScope();
  if (!scope) return conflict(IDEMPOTENCY_MESSAGES.processing);
  return (await earlierAnswer(ctx, scope, scope.requestHash)) ?? conflict(IDEMPOTENCY_MESSAGES.processing);
}

/** Stores the answer of a request whose key was claimed (a committed sale), whatever its status. */
export async function storeAnswerOf(db: DbOrTx, claimedId: string, statusCode: number, payload: unknown): Promise<void> {
  let body: unknown = null;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    try {
      body = JSON.parse(payload.toString());
    } catch {
      body = null;
    }
  }
  await storeAnswer(db, claimedId, statusCode, body);
}

/** Deletes the keys older than KEY_TTL_MS (the outbox worker's tick); returns how many. */
export function deleteExpiredIdempotencyKeys(db: DbOrTx, now: Date): Promise<number> {
  return deleteExpiredKeys(db, new Date(now.getTime() - KEY_TTL_MS));
}
