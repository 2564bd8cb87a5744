import { queryRoots } from '../../../lib/query-keys';

export const RUNS_PAGE_SIZE = 10;
export const PROBLEMS_PAGE_SIZE = 200;

/** Keys of the import screen's data (`/admin/import/…`). */
export const importKeys = {
  all: queryRoots.imports,
  runs: () => [...queryRoots.imports, 'runs'] as const,
  run: (id: string) => [...queryRoots.imports, 'run', id] as const,
  problems: (id: string, collection: string) => [...queryRoots.imports, 'problems', id, collection] as const,
};
