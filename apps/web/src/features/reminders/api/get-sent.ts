import type { SentMessagesResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reminderKeys } from './keys';

/** Messages about a day or range (recipient, subject, status, attempts, last error); polls while any is on its way. */
export function useSentMessages(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: reminderKeys.sent(range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      api<SentMessagesResponse>('/reminders/sent', {
        query: { date: range!.from, to: range!.to === range!.from ? undefined : range!.to },
        signal,
      }),
    enabled: range !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.List.some((m) => m.status === 'queued' || m.status === 'sending') ? 3_000 : false),
  });
}
