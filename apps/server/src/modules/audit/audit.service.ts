import type { DbOrTx } from '../../db/client.ts';
import { insertAudit } from './audit.repo.ts';

export interface AuditEntry {
  /** Who did it (the signed-in user's id); null when an operator did it on the command line. */
  actorId: string | null;
  /** What was done, as `<entity>.<verb>`: 'user.create', 'user.update', 'user.password', 'user.logout'. */
  action: string;
  entity: string;
  entityId: string;
  /** The changed fields before and after. Never secrets: no passwords, hashes or tokens. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Writes one audit entry (who, what, before, after; the row's created_at says when). Use the write's transaction. */
export async function recordAudit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await insertAudit(db, {
    userId: e.actorId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId,
    data: e.before || e.after ? { before: e.before ?? null, after: e.after ?? null } : null,
  });
}
