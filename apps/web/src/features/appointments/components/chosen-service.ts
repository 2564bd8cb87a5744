import type { BookableService } from '../api/types';

/**
 * The service to book: the one in navigation state (the services page and the dashboard send `{service: {_id,
 * name, price, visitTypeId}}`), else `?service=<id>` (a link that survives the login redirect), matched against the bookable
 * services by id, then by name. Null: 'Service not found'.
 */
export function chosenService(
  services: readonly BookableService[],
  state: unknown,
  queryId: string | null,
): BookableService | null {
  const s = (state as { service?: { _id?: unknown; visitTypeId?: unknown; name?: unknown } } | null)?.service;
  // An id (the visit type's, as the catalogue's visitTypeId names it) or a visit type code (`?service=grooming`).
  const byId = (id: unknown) =>
    typeof id === 'string' && id ? services.find((x) => x._id === id || x.code === id.toLowerCase()) : undefined;
  const byName = (name: unknown) =>
    typeof name === 'string' && name ? services.find((x) => x.name.toLowerCase() === name.toLowerCase()) : undefined;
  return byId(s?.visitTypeId) ?? byId(s?._id) ?? byName(s?.name) ?? byId(queryId) ?? null;
}
