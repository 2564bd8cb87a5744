import {
  type DrawerCloseBody,
  type DrawerOpenBody,
  type DrawerResponse,
  type DrawerSession,
  TAKINGS_MESSAGES as M,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from '../auth/auth.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { cashMovedBetween, onCashMove } from '../payments/payments.service.ts';
import { cashDrawerRequired, setCashDrawerRequired } from '../site/settings.service.ts';
import {
  closeSessionRow,
  type DrawerRow,
  insertOpenSession,
  lastClosedSession,
  openSession,
  sessionsOpenedBetween,
} from './takings.repo.ts';

/**
 * The cash drawer (issue 17 "Cash count"): one drawer for the business. A session opens with a float and closes with
 * the cash counted; expected = float + completed cash payments − completed cash refunds whose completed_at falls in
 * the session (read from the ledger). The figures are stored when the session closes and never change after: cash
 * taken after closing counts in the next session.
 */

async function names(db: DbOrTx, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of new Set([...ids].filter((x): x is string => Boolean(x)))) {
    const u = await findUserById(db, id);
    out.set(id, u?.fullName ?? 'Unknown account');
  }
  return out;
}

/** Sessions as the API shows them: an open one with its live figures (as of `now`), a closed one as stored. */
export async function toSessions(db: DbOrTx, rows: readonly DrawerRow[], now: Date): Promise<DrawerSession[]> {
  const who = await names(
    db,
    rows.flatMap((r) => [r.openedBy, r.closedBy]),
  );
  const out: DrawerSession[] = [];
  for (const r of rows) {
    let cashIn = r.cashInPaise;
    let cashOut = r.cashOutPaise;
    let expected = r.expectedPaise;
    if (r.status === 'open') {
      const moved = await cashMovedBetween(db, r.openedAt, now);
      cashIn = moved.inPaise;
      cashOut = moved.outPaise;
      expected = r.floatPaise + moved.inPaise - moved.outPaise;
    }
    out.push({
      id: r.id,
      status: r.status,
      float: toRupees(r.floatPaise),
      openedAt: r.openedAt.toISOString(),
      openedBy: { id: r.openedBy, name: who.get(r.openedBy) ?? 'Unknown account' },
      openingNote: r.openingNote,
      cashIn: toRupees(cashIn ?? 0),
      cashOut: toRupees(cashOut ?? 0),
      expected: toRupees(expected ?? 0),
      counted: r.countedPaise === null ? null : toRupees(r.countedPaise),
      difference: r.countedPaise === null || expected === null ? null : toRupees(r.countedPaise - expected),
      closedAt: r.closedAt ? r.closedAt.toISOString() : null,
      closedBy: r.closedBy ? { id: r.closedBy, name: who.get(r.closedBy) ?? 'Unknown account' } : null,
      closingNote: r.closingNote,
    });
  }
  return out;
}

/**
 * Every completed cash payment or refund passes here inside its transaction, before its receipt number (the ledger's
 * `onCashMove`; lock order: owners' ledger locks … ledger rows, THEN the open drawer session FOR SHARE, then the
 * receipt counter; docs/decisions.md "Money paths take their locks in one order"):
 * - the open session is locked FOR SHARE, so a close (FOR UPDATE) waits for this cash to commit and counts it;
 * - when the business requires a drawer session and none is open: 409 'Open the cash drawer before taking cash',
 *   and the whole transaction (visit, charge, payment) rolls back;
 * - when this cash's time falls inside the last closed session (the close ran while this request was on its way),
 *   the cash would land inside a session whose figures are already stored: 409, try again (the retry is stamped
 *   after the close and counts in the next session).
 */
onCashMove(async (tx, move) => {
  const open = await openSession(tx, 'share');
  if (!open && (await cashDrawerRequired(tx))) throw conflict(M.drawerRequired);
  const last = await lastClosedSession(tx);
  const at = move.now.getTime();
  if (last?.closedAt && last.openedAt.getTime() <= at && at <= last.closedAt.getTime()) throw conflict(M.drawerClosedMeanwhile);
});

/** The open session with its live expected figure, else the last closed one, else null; and the setting. */
export async function currentDrawer(ctx: AppContext): Promise<DrawerResponse> {
  const required = await cashDrawerRequired(ctx.db);
  const row = (await openSession(ctx.db)) ?? (await lastClosedSession(ctx.db));
  if (!row) return { session: null, required };
  const [session] = await toSessions(ctx.db, [row], ctx.clock.now());
  return { session: session!, required };
}

/** Admins: whether cash needs an open drawer session (audited by the settings). */
export async function setDrawerRequired(ctx: AppContext, actor: Principal, required: boolean) {
  const now = await setCashDrawerRequired(ctx.db, actor, required);
  return { required: now, message: now ? M.requiredOn : M.requiredOff };
}

/** The open session now and the sessions opened in [from, to) (the takings' summary). */
export async function drawerSummary(ctx: AppContext, from: Date, to: Date) {
  const now = ctx.clock.now();
  const open = await openSession(ctx.db);
  const sessions = await sessionsOpenedBetween(ctx.db, from, to);
  return {
    open: open ? (await toSessions(ctx.db, [open], now))[0]! : null,
    sessions: await toSessions(ctx.db, sessions, now),
  };
}

/** Opens the drawer with a float: 409 when a session is open (the unique partial index decides under races). */
export async function openDrawer(ctx: AppContext, body: DrawerOpenBody, actorId: string): Promise<DrawerResponse> {
  const now = ctx.clock.now();
  const row = await moneyTransaction(ctx, async (tx) => {
    const inserted = await insertOpenSession(tx, {
      floatPaise: toPaise(body.float),
      openedBy: actorId,
      openedAt: now,
      openingNote: body.note?.trim() || null,
    });
    if (!inserted) throw conflict(M.drawerOpen);
    await recordAudit(tx, {
      actorId,
      action: 'cash_drawer.open',
      entity: 'cash_drawer',
      entityId: inserted.id,
      after: { float: body.float, note: inserted.openingNote },
    });
    return inserted;
  });
  return { session: (await toSessions(ctx.db, [row], now))[0]!, required: await cashDrawerRequired(ctx.db) };
}

/**
 * Closes the open session with the cash counted: its cash in and out are read from the ledger up to now and stored
 * with the expected and counted figures. 409 'The drawer is already closed' when no session is open.
 */
export async function closeDrawer(ctx: AppContext, body: DrawerCloseBody, actorId: string): Promise<DrawerResponse> {
  let now = ctx.clock.now();
  const row = await moneyTransaction(ctx, async (tx) => {
    const open = await openSession(tx, true);
    if (!open) throw conflict(M.drawerClosed);
    // The time of the close is taken once the session is locked: cash that held the lock first committed before it.
    now = ctx.clock.now();
    const moved = await cashMovedBetween(tx, open.openedAt, now);
    const expectedPaise = open.floatPaise + moved.inPaise - moved.outPaise;
    const countedPaise = toPaise(body.counted);
    const closed = await closeSessionRow(tx, open.id, {
      cashInPaise: moved.inPaise,
      cashOutPaise: moved.outPaise,
      expectedPaise,
      countedPaise,
      closedBy: actorId,
      closedAt: now,
      closingNote: body.note?.trim() || null,
    });
    if (!closed) throw conflict(M.drawerClosed);
    await recordAudit(tx, {
      actorId,
      action: 'cash_drawer.close',
      entity: 'cash_drawer',
      entityId: closed.id,
      before: { status: 'open' },
      after: {
        status: 'closed',
        cashIn: toRupees(moved.inPaise),
        cashOut: toRupees(moved.outPaise),
        expected: toRupees(expectedPaise),
        counted: body.counted,
        difference: toRupees(countedPaise - expectedPaise),
        note: closed.closingNote,
      },
    });
    return closed;
  });
  return { session: (await toSessions(ctx.db, [row], now))[0]!, required: await cashDrawerRequired(ctx.db) };
}
