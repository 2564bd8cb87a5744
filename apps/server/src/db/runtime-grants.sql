-- The runtime role's rights on Pawdesk's tables (docs/operations.md, "PostgreSQL roles"). Run after the first
-- `npm run db:migrate`, as the migration role or a superuser; it can be run again after every later migration:
--   psql -v ON_ERROR_STOP=1 -d pawdesk -f apps/server/src/db/runtime-grants.sql

GRANT USAGE ON SCHEMA public TO pawdesk_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pawdesk_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pawdesk_app;

-- The money ledger and the GST documents keep every row: the app's connection can neither delete nor truncate them.
REVOKE DELETE, TRUNCATE ON TABLE payments, tax_documents, tax_document_lines FROM pawdesk_app;

-- A start with MIGRATE_ON_START=false checks the schema is current in drizzle's list of applied migrations.
GRANT USAGE ON SCHEMA drizzle TO pawdesk_app;
GRANT SELECT ON TABLE drizzle.__drizzle_migrations TO pawdesk_app;
