import { isPlainObject } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import { findUserById } from '../auth/auth.service.ts';
import { auditRows } from './audit-history.repo.ts';

/** One audit entry as the admin screens show it: who (by name), what, when, before and after. */
export interface AuditHistoryEntry {
  id: string;
  action: string;
  entity: string;
  entityId: string | null;
  user: { id: string; fullName: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

const objectOrNull = (v: unknown) => (isPlainObject(v) ? v : null);

/**
 * A page of the change history of a kind of record (`entity`), or of one record, newest first. The names of the
 * people who made the changes come from the accounts (one lookup per person on the page).
 */
export async function auditHistory(
  db: DbOrTx,
  q: { entity: string; entityId?: string; limit: number; cursor?: string },
): Promise<{ entries: AuditHistoryEntry[]; nextCursor: string | null }> {
  const { rows, nextCursor } = page(await auditRows(db, { ...q, cursor: decodeCursor(q.cursor) }), q.limit);
  const names = new Map<string, string>();
  for (const id of new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))) {
    const u = await findUserById(db, id);
    if (u) names.set(id, u.fullName);
  }
  const entries = rows.map((r): AuditHistoryEntry => {
    const data = objectOrNull(r.data);
    return {
      id: r.id,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      user: r.userId ? { id: r.userId, fullName: names.get(r.userId) ?? 'Unknown account' } : null,
      before: objectOrNull(data?.before),
      after: objectOrNull(data?.after),
      createdAt: r.createdAt,
    };
  });
  return { entries, nextCursor };
}
