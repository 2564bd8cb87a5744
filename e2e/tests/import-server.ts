/**
 * The second server of the browser tests (issue 21): the import refuses a database that holds owners or pets of its
 * own, and the main e2e server is seeded with demo data, so the import screen's spec runs against a server of its own
 * on an empty database with one admin account (made with `npm run user:create` before the server starts).
 */
export const IMPORT_PORT = Number(process.env.E2E_IMPORT_PORT ?? Number(process.env.E2E_PORT ?? 3910) + 1);
export const IMPORT_DATA_DIR = process.env.E2E_IMPORT_DATA_DIR ?? `/tmp/pawdesk-e2e-import-${IMPORT_PORT}`;
export const IMPORT_ADMIN = {
  email: 'movein.admin@pawdesk.test',
  password: 'movein-admin-1',
  role: 'staff' as const,
  name: 'Moving-in Admin',
};
