import { ID_RE } from '@pawdesk/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * The one cursor implementation of the API. A cursor is opaque to clients:
 * the last row's sort key and id as base64url-encoded JSON `[key, id]`.
 * Lists newest first use the created_at helpers below; lists by another key
 * (inventory by lower(name)) use `encodeKeyset`/`decodeKeyset` and `pageBy`.
 */
export function encodeKeyset(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

/** Decodes a cursor made by `encodeKeyset`; anything else (or a key that fails `validKey`) is a 400. */
export function decodeKeyset(s: string, validKey: (key: string) => boolean = () => true): { key: string; id: string } {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      validKey(v[0]) &&
      typeof v[1] === 'string' &&
      ID_RE.test(v[1])
    ) {
      return { key: v[0], id: v[1] };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
}

/** Takes `limit + 1` fetched rows and returns the page and the cursor after its last row. */
export function pageBy<T extends { id: string }>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => string,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1]!;
  return { rows: pageRows, nextCursor: encodeKeyset(keyOf(last), last.id) };
}

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
  return encodeKeyset(c.ts, c.id);
}

export function decodeCursor(s: string | undefined): Cursor | undefined {
  if (!s) return undefined;
  const { key, id } = decodeKeyset(s, (k) => TS_RE.test(k));
  return { ts: key, id };
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

/** Takes `limit + 1` fetched rows (newest first) and returns the page and the next cursor. */
export function page<T extends { id: string; cursorTs: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  return pageBy(rows, limit, (r) => r.cursorTs);
}
