import type { Service } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const servicesKey = [...queryRoots.site, 'services'] as const;

export function fetchServices(): Promise<Service[]> {
  return api<{ success: true; data: Service[] }>('/customerservices/getallservices').then((r) => r.data);
}

/** The public service list (GET /customerservices/getallservices). */
export function useServices() {
  return useQuery({ queryKey: servicesKey, queryFn: fetchServices });
}

/** Spec 001 §8: the server message, or 'Failed to fetch services'. */
export function servicesErrorMessage(err: unknown): string {
  if (err instanceof ApiError && typeof err.body.message === 'string' && err.body.message) return err.body.message;
  return 'Failed to fetch services';
}
