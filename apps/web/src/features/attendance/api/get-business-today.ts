import { DEFAULT_TZ, type ReminderPresetsResponse, todayIn } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attendanceKeys } from './keys';

/**
 * Today in the business time zone, as the server computes it (the browser's
 * clock or zone may differ); until it answers, today in the default zone.
 */
export function useBusinessToday(): { today: string; ready: boolean } {
  const q = useQuery({
    queryKey: attendanceKeys.today(),
    queryFn: ({ signal }) => api<ReminderPresetsResponse>('/reminders/presets', { signal }).then((r) => r.today),
    staleTime: 60_000,
  });
  return { today: q.data ?? todayIn(DEFAULT_TZ), ready: !q.isPending };
}
