import type { AttendanceEntry, UpdateAttendanceBody, UpdateAttendanceResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { attendanceKeys } from './keys';

/** Saves present and absent ids of a day; the day's list is replaced by the server's answer. */
export function useUpdateAttendance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAttendanceBody) =>
      api<UpdateAttendanceResponse>('/attendance/updateattendancelist', { method: 'POST', body }),
    onSuccess: (res) => {
      qc.setQueryData<AttendanceEntry[]>(attendanceKeys.day(res.date), res.attendance.List);
      // The Reminders screen's overdue list depends on who was marked absent.
      void qc.invalidateQueries({ queryKey: queryRoots.reminders });
    },
  });
}
