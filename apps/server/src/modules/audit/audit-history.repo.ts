import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs, newestFirst } from '../../lib/cursor.ts';

/** `limit + 1` audit entries about a kind of record (or one record), newest first, after the cursor. */
export function auditRows(db: DbOrTx, q: { entity: string; entityId?: string; limit: number; cursor?: Cursor }) {
  return db
    .select({
      id: auditLog.id,
      userId: auditLog.userId,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      data: auditLog.data,
      createdAt: auditLog.createdAt,
      cursorTs: cursorTs(auditLog.createdAt),
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, q.entity),
        q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
        q.cursor ? afterCursor(auditLog.createdAt, auditLog.id, q.cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
    .limit(q.limit + 1);
}
