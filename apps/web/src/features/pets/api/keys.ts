/** Query keys of the pet records feature. Everything starts with 'pets' so one invalidation refreshes them all. */
export const petKeys = {
  all: ['pets'] as const,
  list: (name: string, phone: string) => ['pets', 'list', { name, phone }] as const,
  details: (id: string) => ['pets', 'details', id] as const,
  history: (id: string) => ['pets', 'history', id] as const,
  byBreed: (species: string, breed: string) => ['pets', 'byBreed', { species, breed }] as const,
  byDate: (date: string) => ['pets', 'byDate', date] as const,
  visits: (id: string) => ['pets', 'visits', id] as const,
  subscriptions: (id: string) => ['pets', 'subscriptions', id] as const,
  /** Under 'prescription' too, so the prescription form's invalidation refreshes the vet history. */
  prescriptions: (id: string) => ['pets', 'prescriptions', id] as const,
  customerPets: ['pets', 'customer', 'mine'] as const,
  customerOwner: ['pets', 'customer', 'owner'] as const,
};
