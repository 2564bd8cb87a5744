import type { InHouseCountsResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { boardingKeys } from './keys';

/** GET /boarding/inhousecounts: pets boarded now per boarding type, by type id (absent: none). */
export function fetchInHouseCounts(signal?: AbortSignal) {
  return api<InHouseCountsResponse>('/boarding/inhousecounts', { signal }).then(
    (r) => Object.fromEntries(r.counts.map((c) => [c._id, c.inHouse])) as Record<string, number>,
  );
}

export function useInHouseCounts() {
  return useQuery({ queryKey: boardingKeys.inHouseCounts(), queryFn: ({ signal }) => fetchInHouseCounts(signal) });
}
