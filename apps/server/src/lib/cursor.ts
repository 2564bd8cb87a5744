import { ID_RE } from '@pawdesk/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * Keyset paging on (created_at, id), newest first. The cursor carries the
 * last row's created_at at full microsecond precision (a JS Date would drop
 * the microseconds and skip rows) and its id, base64url-encoded so clients
 * treat it as opaque.
 */
export interface Cursor {
  /** `yyyy-MM-ddTHH:mm:ss.ffffff` in UTC. */
  ts: string;
  id: string;
}

const TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.ts, c.id])).toString('base64url');
}

export function decodeCursor(s: string | undefined): Cursor | undefined {
  if (!s) return undefined;
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'string' && TS_RE.test(v[0]) && typeof v[1] === 'string' && ID_RE.test(v[1])) {
      return { ts: v[0], id: v[1] };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
}

/** The created_at of a row as the cursor needs it. */
export const cursorTs = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** Rows strictly after the cursor in (created_at desc, id desc) order. */
export const afterCursor = (createdAt: AnyColumn, id: AnyColumn, c: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < ((${c.ts})::timestamp at time zone 'UTC', ${c.id})`;

/** Newest first, matching the (created_at desc nulls last, id desc nulls last) indexes. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** Takes `limit + 1` fetched rows and returns the page and the next cursor. */
export function page<T extends { id: string; cursorTs: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1]!;
  return { rows: pageRows, nextCursor: encodeCursor({ ts: last.cursorTs, id: last.id }) };
}
