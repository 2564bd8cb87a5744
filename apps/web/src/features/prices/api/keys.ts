import type { PriceAuditEntity } from '@pawdesk/shared';

/** Query keys of the prices feature; invalidate `priceKeys.all` after any change (lists and history alike). */
export const priceKeys = {
  all: ['prices'] as const,
  visitTypes: () => ['prices', 'visit-types'] as const,
  plans: () => ['prices', 'plans'] as const,
  history: (entity: PriceAuditEntity, entityId?: string) => ['prices', 'history', entity, entityId ?? 'all'] as const,
};

/** Change history entries per page. */
export const HISTORY_PAGE_SIZE = 20;
