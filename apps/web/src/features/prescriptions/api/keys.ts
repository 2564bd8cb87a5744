export const rxKeys = {
  inventory: ['prescriptions', 'inventory'] as const,
  inventorySearch: (q: string) => ['prescriptions', 'inventory', 'search', q] as const,
  pet: (id: string) => ['prescriptions', 'pet', id] as const,
  forPet: (petId: string) => ['prescriptions', 'list', petId] as const,
};
