-- Pawdesk's two PostgreSQL roles (docs/operations.md, "PostgreSQL roles"). Run once, as a superuser connected to
-- the app's database (here `pawdesk`), before the first `npm run db:migrate`, with your own passwords:
--   psql -v ON_ERROR_STOP=1 -d pawdesk -f apps/server/src/db/roles.sql

-- The migration role: creates and owns the tables; runs `npm run db:migrate`.
CREATE ROLE pawdesk_migrator LOGIN PASSWORD 'change-me-migrator';
-- The runtime role: the app's DATABASE_URL, started with MIGRATE_ON_START=false.
CREATE ROLE pawdesk_app LOGIN PASSWORD 'change-me-app';

-- Only the migration role creates anything: schemas (drizzle's `drizzle`), the pg_trgm extension and tables.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT CONNECT, CREATE ON DATABASE pawdesk TO pawdesk_migrator;
GRANT USAGE, CREATE ON SCHEMA public TO pawdesk_migrator;
GRANT CONNECT ON DATABASE pawdesk TO pawdesk_app;
GRANT USAGE ON SCHEMA public TO pawdesk_app;

-- Tables and sequences the migration role creates are open to the runtime role as they are created
-- (runtime-grants.sql then takes DELETE and TRUNCATE on the payments ledger back).
ALTER DEFAULT PRIVILEGES FOR ROLE pawdesk_migrator IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pawdesk_app;
ALTER DEFAULT PRIVILEGES FOR ROLE pawdesk_migrator IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO pawdesk_app;
