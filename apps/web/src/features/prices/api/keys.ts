import type { PriceAuditEntity } from '@pawdesk/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the price screen. Visit types and their history sit under the `visits` root (with New Visit's
 * visit types and prices), plans and their history under `subscriptions` (with the plans on offer).
 */
export const priceKeys = {
  visitTypes: () => [...queryRoots.visits, 'admin-types'] as const,
  plans: () => [...queryRoots.subscriptions, 'admin-plans'] as const,
  /** GET /settings/core-vaccines: the admission rule's core vaccines. */
  coreVaccines: () => [...queryRoots.settings, 'core-vaccines'] as const,
  history: (entity: PriceAuditEntity, entityId?: string) =>
    [...(entity === 'plan' ? queryRoots.subscriptions : queryRoots.visits), 'history', entity, entityId ?? 'all'] as const,
};

/**
 * After any price or plan change: every screen's visit types, prices and plans (New Visit's too, so its next visit
 * is priced with the new price) and the change history. Plans show their type's purpose, so both roots; a
 * capacity shows on the occupancy grid (the boarding root).
 */
export const invalidatePriceData = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: queryRoots.visits }),
    qc.invalidateQueries({ queryKey: queryRoots.subscriptions }),
    // A capacity change: the occupancy grid and the dashboard's card.
    qc.invalidateQueries({ queryKey: queryRoots.boarding }),
  ]);

/** Change history entries per page. */
export const HISTORY_PAGE_SIZE = 20;
