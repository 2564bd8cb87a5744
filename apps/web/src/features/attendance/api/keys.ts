import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the attendance feature. */
export const attendanceKeys = {
  all: queryRoots.attendance,
  day: (date: string) => [...queryRoots.attendance, 'day', date] as const,
};
