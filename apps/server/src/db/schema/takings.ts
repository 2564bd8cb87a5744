import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { paise, pk, ref, refTo } from './_columns.ts';
import { users } from './auth.ts';

/**
 * The cash drawer (issue 17, the day's takings): one drawer for the business. Staff open a session with a float
 * and close it with the cash counted; expected = float + cash taken − cash refunded while it was open (from the
 * ledger's completed cash rows whose completed_at falls in the session). A closed session's figures are stored
 * when it closes and never change: cash taken after closing counts in the next session. At most one open session
 * (unique partial index). Owned by the `takings` module.
 */
export const cashDrawerSessions = pgTable(
  'cash_drawer_sessions',
  {
    id: pk(),
    /** open | closed */
    status: varchar('status', { length: 8 }).notNull().$type<'open' | 'closed'>(),
    floatPaise: paise('float_paise').notNull(),
    openedBy: refTo('opened_by', () => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    openingNote: text('opening_note'),
    /** At closing: the ledger's cash in and out during the session, what was expected and what was counted. */
    cashInPaise: paise('cash_in_paise'),
    cashOutPaise: paise('cash_out_paise'),
    expectedPaise: paise('expected_paise'),
    countedPaise: paise('counted_paise'),
    closedBy: ref('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closingNote: text('closing_note'),
  },
  (t) => [
    uniqueIndex('cash_drawer_one_open_uq').on(t.status).where(sql`${t.status} = 'open'`),
    index('cash_drawer_opened_idx').on(t.openedAt),
    check('cash_drawer_status_ck', sql`${t.status} in ('open','closed')`),
    check('cash_drawer_float_ck', sql`${t.floatPaise} >= 0`),
    check(
      'cash_drawer_closed_ck',
      sql`(${t.status} = 'open') = (${t.closedAt} is null) and (${t.status} = 'open' or (${t.countedPaise} >= 0 and ${t.expectedPaise} is not null and ${t.closedBy} is not null))`,
    ),
  ],
);
