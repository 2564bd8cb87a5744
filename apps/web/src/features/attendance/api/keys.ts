/** Query keys of the attendance feature. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  day: (date: string) => ['attendance', 'day', date] as const,
  today: () => ['attendance', 'business-today'] as const,
};
