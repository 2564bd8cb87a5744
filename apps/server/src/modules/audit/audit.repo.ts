import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAudit(db: DbOrTx, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** The newest entries about one record, newest first. */
export function auditOf(db: DbOrTx, entity: string, entityId: string, limit = 50): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
