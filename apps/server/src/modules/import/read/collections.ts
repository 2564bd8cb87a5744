/**
 * The original system's collections (reference §1): Mongoose's lower-cased plural of each model name. The importer
 * reads only these; any other file in an export is listed as ignored, never guessed at.
 */
export const ORIGINAL_COLLECTIONS = [
  'users',
  'owners',
  'pets',
  'visittypes',
  'visits',
  'boardings',
  'subscriptionplans',
  'subscriptions',
  'boardingsubscriptions',
  'wallets',
  'appointments',
  'services',
  'inventories',
  'prescriptions',
  'usagelogs',
  'stockhistories',
  'bills',
  'blacklistrequests',
  'visitnotifications',
  'alerts',
  'scheduledvisits',
  'attendances',
  'prices',
  // Never loaded by the original's running code (reference §1), read only so the report can say they were seen.
  'sales',
  'vaccinationprotocols',
] as const;
export type OriginalCollection = (typeof ORIGINAL_COLLECTIONS)[number];

export function isOriginalCollection(name: string): name is OriginalCollection {
  return (ORIGINAL_COLLECTIONS as readonly string[]).includes(name);
}

/** Collections no running code of the original used (reference §1): an export without them misses nothing. */
export const UNUSED_COLLECTIONS: readonly OriginalCollection[] = ['sales', 'vaccinationprotocols'];
