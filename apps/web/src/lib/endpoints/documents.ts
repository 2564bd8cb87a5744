/**
 * GST documents (issue 17): tax invoices, bills of supply, credit notes and receipts. A visit's documents are read by
 * the visit detail dialog (src/components) and the documents feature, so their key and fetcher live here.
 */
import type { DocumentListResponse } from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /documents?visitId=: the visit's invoices, bills of supply, credit notes and receipts, newest first (staff). */
export const visitDocumentsKey = (visitId: string) => [...queryRoots.documents, 'visit', visitId] as const;
export function visitDocumentsQuery(visitId: string) {
  return queryOptions({
    queryKey: visitDocumentsKey(visitId),
    queryFn: ({ signal }) => api<DocumentListResponse>('/documents', { query: { visitId }, signal }).then((r) => r.documents),
  });
}
