import type { AuditPageResponse, PriceAuditEntity } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { HISTORY_PAGE_SIZE, priceKeys } from './keys';

export function getHistory(entity: PriceAuditEntity, entityId: string | undefined, cursor?: string, signal?: AbortSignal) {
  return api<AuditPageResponse>('/admin/audit', { query: { entity, entityId, limit: HISTORY_PAGE_SIZE, cursor }, signal });
}

/** The change history of the visit types or plans (or of one of them), newest first; more pages on demand. */
export function useHistory(entity: PriceAuditEntity, entityId: string | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: priceKeys.history(entity, entityId),
    queryFn: ({ pageParam, signal }) => getHistory(entity, entityId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
