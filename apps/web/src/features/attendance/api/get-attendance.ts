import type { AttendanceListResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attendanceKeys } from './keys';

export function getAttendance(date: string, signal?: AbortSignal) {
  return api<AttendanceListResponse>(`/attendance/getattendancelist/${date}`, { signal }).then((r) => r.attendance.List);
}

/** The follow-ups scheduled on a day, with their attendance. */
export function useAttendanceList(date: string, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.day(date),
    queryFn: ({ signal }) => getAttendance(date, signal),
    enabled,
    staleTime: 0,
  });
}
