import { DEFAULT_TZ, todayIn } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { reminderPresetsQuery } from '../../../lib/endpoints/reminders';

/**
 * Today in the business time zone, as the server computes it (the browser's
 * clock or zone may differ); until it answers, today in the default zone.
 */
export function useBusinessToday(): { today: string; ready: boolean } {
  const q = useQuery({ ...reminderPresetsQuery(), select: (r) => r.today });
  return { today: q.data ?? todayIn(DEFAULT_TZ), ready: !q.isPending };
}
