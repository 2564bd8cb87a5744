/**
 * The first element of every query key: one root per server domain, named
 * after the API path that answers (`/pet/…` → pets, `/inventory/…` →
 * inventory, `/customerappointment/…` → appointments …). The rules
 * (docs/architecture.md, Web):
 * - each feature has one key factory (`features/<x>/api/keys.ts`); its keys
 *   start with the root of the data they hold;
 * - an endpoint has one key and one fetcher; one read by several features
 *   lives in `lib/endpoints/`;
 * - a save invalidates the roots of the data it changed, e.g.
 *   `qc.invalidateQueries({ queryKey: queryRoots.inventory })`, never a
 *   predicate over serialised keys. Another feature's data is refreshed
 *   through these roots, without importing that feature.
 */
export const queryRoots = {
  appointments: ['appointments'],
  attendance: ['attendance'],
  /** /auth/…: the signed-in account's sessions. */
  auth: ['auth'],
  boarding: ['boarding'],
  /** /care/…: care instructions, stay plans, the care board (issue 20). */
  care: ['care'],
  /** /documents/…, /customer/documents: GST tax invoices, bills of supply, credit notes and receipts. */
  documents: ['documents'],
  /** /donotserve/…, /customer/donotserve: do-not-serve flags on owners and pets, and owners' review requests. */
  donotserve: ['donotserve'],
  /** /admin/import/…: uploads and runs of the import from the original system (issue 21). */
  imports: ['imports'],
  inventory: ['inventory'],
  /** /customer/notifications: the pet owner's in-app inbox. */
  notifications: ['notifications'],
  /** /packages/…: boarding package offers and an owner's activated packages. */
  packages: ['packages'],
  payments: ['payments'],
  pets: ['pets'],
  prescriptions: ['prescriptions'],
  /** /report-cards/…, /incidents/…, /customer/report-cards: daily report cards and incidents of stays (issue 20). */
  reportCards: ['reportCards'],
  reminders: ['reminders'],
  settings: ['settings'],
  site: ['site'],
  /** /staff/notifications: the back office's shared inbox. */
  staff: ['staff'],
  subscriptions: ['subscriptions'],
  visits: ['visits'],
  /** /wallet/…: an owner's prepaid wallet (balance and movements). */
  wallet: ['wallet'],
} as const;
