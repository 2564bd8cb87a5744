import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the documents feature (a visit's list is in lib/endpoints/documents.ts). */
export const documentKeys = {
  all: queryRoots.documents,
  one: (id: string) => [...queryRoots.documents, 'one', id] as const,
  mine: [...queryRoots.documents, 'customer', 'mine'] as const,
};
