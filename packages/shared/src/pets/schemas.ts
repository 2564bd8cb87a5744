/**
 * Contracts of the pet and owner calls (spec 000 §3, §5, §7; spec 001 §3, §5), in four files: the form inputs,
 * the list queries, the pet answers and the per-pet records. The package index exports them all through this file.
 */
export * from './customer-profile.ts';
export * from './pet-answers.ts';
export * from './pet-input.ts';
export * from './pet-queries.ts';
export * from './pet-records.ts';
// The pet rules travel with the contracts (one export line in the package index).
export * from './rules.ts';
// Issue 11: the admission rule of boarding and the 'Vaccinations due' list.
export * from './admission.ts';
export * from './vaccinations-due.ts';
