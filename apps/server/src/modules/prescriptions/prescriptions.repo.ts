import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prescriptionLines, prescriptions } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs } from '../../lib/cursor.ts';

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type LineRow = typeof prescriptionLines.$inferSelect;

export async function insertPrescription(db: DbOrTx, values: typeof prescriptions.$inferInsert): Promise<PrescriptionRow> {
  const [row] = await db.insert(prescriptions).values(values).returning();
  return row!;
}

export async function insertLines(db: DbOrTx, values: (typeof prescriptionLines.$inferInsert)[]): Promise<LineRow[]> {
  if (values.length === 0) return [];
  return db.insert(prescriptionLines).values(values).returning();
}

/** A pet's prescriptions, newest first, after the cursor; `limit + 1` rows so the caller sees a next page. */
export async function pagePrescriptions(
  db: DbOrTx,
  petId: string,
  limit: number,
  after?: Cursor,
): Promise<(PrescriptionRow & { cursorTs: string })[]> {
  const where: SQL[] = [eq(prescriptions.petId, petId)];
  if (after) where.push(afterCursor(prescriptions.createdAt, prescriptions.id, after));
  const rows = await db
    .select({ rx: prescriptions, cursorTs: cursorTs(prescriptions.createdAt) })
    .from(prescriptions)
    .where(and(...where))
    .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id))
    .limit(limit + 1);
  return rows.map((r) => ({ ...r.rx, cursorTs: r.cursorTs }));
}

export async function linesOf(db: DbOrTx, prescriptionIds: readonly string[]): Promise<LineRow[]> {
  if (prescriptionIds.length === 0) return [];
  return db
    .select()
    .from(prescriptionLines)
    .where(inArray(prescriptionLines.prescriptionId, [...prescriptionIds]))
    .orderBy(asc(prescriptionLines.prescriptionId), asc(prescriptionLines.section), asc(prescriptionLines.position));
}
