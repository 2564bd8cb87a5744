import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the care feature (issue 20): every key starts with the care root (`/care/…`). */
export const careKeys = {
  board: (q: { boardingType?: string; slot?: string; todo?: boolean }) => [...queryRoots.care, 'board', q] as const,
  slots: () => [...queryRoots.care, 'slots'] as const,
  pet: (petId: string) => [...queryRoots.care, 'pet', petId] as const,
  plan: (boardingId: string) => [...queryRoots.care, 'plan', boardingId] as const,
};
