import { DEFAULT_BUSINESS, OPENING_HOURS } from '@pawdesk/shared/catalog';
import type { Business } from '@pawdesk/shared/site/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryRoots } from './query-keys';

const fallback: Business = { ...DEFAULT_BUSINESS, openingHours: OPENING_HOURS };

/** The business identity (name, address, phone, email, GSTIN, hours) from configuration. */
export function useBusiness(): Business {
  const q = useQuery({
    queryKey: [...queryRoots.site, 'business'],
    queryFn: () => api<{ business: Business }>('/site/business').then((r) => r.business),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data ?? fallback;
}
