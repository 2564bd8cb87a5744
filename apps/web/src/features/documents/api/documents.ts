import {
  type CustomerDocumentsResponse,
  type DocumentEmailResponse,
  type DocumentResponse,
  documentFileName,
  type TaxDocumentView,
} from '@pawdesk/shared';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { documentKeys } from './keys';

/** GET /documents/{id}: one document (staff; a customer only their own). */
export function documentQuery(id: string) {
  return queryOptions({
    queryKey: documentKeys.one(id),
    queryFn: ({ signal }) => api<DocumentResponse>(`/documents/${encodeURIComponent(id)}`, { signal }).then((r) => r.document),
  });
}

/** GET /documents/{id}/pdf, saved under the server's file name (`T-2026-27-000001.pdf`). */
export const downloadDocumentPdf = (doc: Pick<TaxDocumentView, '_id' | 'number'>) =>
  apiDownload(`/documents/${encodeURIComponent(doc._id)}/pdf`, documentFileName(doc.number));

/** POST /documents/{id}/email (staff): the document to the owner's email through the outbox; idempotent per click. */
export function useEmailDocument() {
  return useMutation({
    mutationFn: useKeyedSubmit(
      (id: string, idempotencyKey) =>
        api<DocumentEmailResponse>(`/documents/${encodeURIComponent(id)}/email`, { method: 'POST', idempotencyKey }),
      (id) => id,
    ),
    networkMode: 'always',
  });
}

/** GET /customer/documents?limit&cursor: the signed-in customer's documents, newest first, a page at a time. */
export const CUSTOMER_DOCUMENTS_PAGE = 20;
export function customerDocumentsQuery() {
  return infiniteQueryOptions({
    queryKey: documentKeys.mine,
    queryFn: ({ pageParam, signal }) =>
      api<CustomerDocumentsResponse>('/customer/documents', {
        query: { limit: CUSTOMER_DOCUMENTS_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
