// npm run seed:demo — adds the demo accounts and sample data (idempotent).
import { loadConfig } from '../config.ts';
import { openDatabaseFor } from './open-database.ts';
import { DEMO_CUSTOMER, DEMO_STAFF, seedDemo } from '../db/seed/demo.ts';
import { installReferenceData } from '../db/seed/reference.ts';

const config = loadConfig();
if (config.env === 'production') {
  console.error('seed:demo: demo data (with published passwords) is never added in production.');
  process.exit(2);
}
const database = await openDatabaseFor('seed:demo', config, {
  hint: 'start the server on an empty database with SEED_DEMO=true, which adds the demo data itself',
});
try {
  await database.migrate();
  await installReferenceData(database.db);
  const added = await seedDemo(database.db, config.tz);
  console.log(added ? 'Demo data added.' : 'Demo data already present.');
  console.log(`Staff Member (admin): ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  console.log(`Pet Owner:    ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
} finally {
  await database.close();
}
