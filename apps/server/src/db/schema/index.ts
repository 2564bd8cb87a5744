export * from './auth.ts';
export * from './pets.ts';
export * from './inventory.ts';
export * from './clinic.ts';
export * from './visits.ts';
export * from './site.ts';
export * from './offline-payments.ts';
export * from './staff-notifications.ts';
