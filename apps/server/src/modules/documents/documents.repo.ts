import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { taxDocumentLines, taxDocuments } from '../../db/schema/index.ts';

/** The only writer (and reader) of tax_documents and tax_document_lines, which are append-only (trigger). */

export type DocumentRow = typeof taxDocuments.$inferSelect;
export type NewDocumentRow = typeof taxDocuments.$inferInsert;
export type DocumentLineRow = typeof taxDocumentLines.$inferSelect;
export type NewDocumentLineRow = Omit<typeof taxDocumentLines.$inferInsert, 'documentId'>;

export async function insertDocument(
  db: DbOrTx,
  doc: NewDocumentRow,
  lines: readonly NewDocumentLineRow[],
): Promise<DocumentRow> {
  const [row] = await db.insert(taxDocuments).values(doc).returning();
  if (lines.length > 0) await db.insert(taxDocumentLines).values(lines.map((l) => ({ ...l, documentId: row!.id })));
  return row!;
}

export async function findDocument(db: DbOrTx, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id)).limit(1);
  return row;
}

export async function findDocuments(db: DbOrTx, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(taxDocuments)
    .where(inArray(taxDocuments.id, [...new Set(ids)]));
}

/** The lines of these documents, by document and line number. */
export async function findLines(db: DbOrTx, documentIds: readonly string[]): Promise<DocumentLineRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(taxDocumentLines)
    .where(inArray(taxDocumentLines.documentId, [...new Set(documentIds)]))
    .orderBy(asc(taxDocumentLines.documentId), asc(taxDocumentLines.lineNo));
}

/** The invoice and bill of supply of a charge (the documents issued for it, not credit notes). */
export async function findDocumentsOfCharge(db: DbOrTx, ledgerEntryId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.ledgerEntryId, ledgerEntryId), isNull(taxDocuments.originalDocumentId)))
    .orderBy(asc(taxDocuments.series));
}

/** Credit notes already issued against these documents. */
export async function findCreditNotesOf(db: DbOrTx, originalIds: readonly string[]): Promise<DocumentRow[]> {
  if (originalIds.length === 0) return [];
  return db
    .select()
    .from(taxDocuments)
    .where(inArray(taxDocuments.originalDocumentId, [...originalIds]));
}

/** The documents of a sale (visit), newest first. */
export async function findDocumentsOfVisit(db: DbOrTx, visitId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.visitId, visitId))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id));
}

/** The documents of the sales these ledger rows documented (a visit's charges may name no visit: a stay's). */
export async function findDocumentsOfEntries(db: DbOrTx, entryIds: readonly string[]): Promise<DocumentRow[]> {
  if (entryIds.length === 0) return [];
  return db
    .select()
    .from(taxDocuments)
    .where(inArray(taxDocuments.ledgerEntryId, [...new Set(entryIds)]));
}

/** An owner's documents, newest first, before (issuedAt, id) when given; at most `limit`. */
export async function findDocumentsOfOwner(
  db: DbOrTx,
  ownerId: string,
  limit: number,
  before?: { at: Date; id: string },
): Promise<DocumentRow[]> {
  const cond = before
    ? and(
        eq(taxDocuments.ownerId, ownerId),
        or(
          sql`${taxDocuments.issuedAt} < ${before.at}`,
          and(eq(taxDocuments.issuedAt, before.at), sql`${taxDocuments.id} < ${before.id}`),
        ),
      )
    : eq(taxDocuments.ownerId, ownerId);
  return db.select().from(taxDocuments).where(cond).orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id)).limit(limit);
}

/** Documents dated from … to (inclusive, business dates), oldest first. */
export async function findDocumentsBetween(db: DbOrTx, fromDate: string, toDate: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(and(gte(taxDocuments.documentDate, fromDate), lte(taxDocuments.documentDate, toDate)))
    .orderBy(asc(taxDocuments.documentDate), asc(taxDocuments.series), asc(taxDocuments.seq));
}

/** The lines of the documents dated from … to, with their document's kind. */
export async function findLinesBetween(db: DbOrTx, fromDate: string, toDate: string) {
  return db
    .select({
      kind: taxDocuments.kind,
      code: taxDocumentLines.code,
      ratePercent: taxDocumentLines.ratePercent,
      taxablePaise: taxDocumentLines.taxablePaise,
      cgstPaise: taxDocumentLines.cgstPaise,
      sgstPaise: taxDocumentLines.sgstPaise,
      igstPaise: taxDocumentLines.igstPaise,
      totalPaise: taxDocumentLines.totalPaise,
    })
    .from(taxDocumentLines)
    .innerJoin(taxDocuments, eq(taxDocuments.id, taxDocumentLines.documentId))
    .where(and(gte(taxDocuments.documentDate, fromDate), lte(taxDocuments.documentDate, toDate)));
}
