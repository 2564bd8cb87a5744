// npm run user:password -- --email E --password P
// Sets a new password for any account (staff or customer) and signs it out everywhere.
import { parseArgs } from 'node:util';
import { PASSWORD_MIN } from '@pawdesk/shared';
import { loadConfig } from '../config.ts';
import { openDatabaseFor } from './open-database.ts';
import { migrateOrCheck } from '../db/index.ts';
import { findUserByEmail } from '../modules/auth/auth.service.ts';
import { setPassword } from '../modules/users/users.service.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });

function fail(msg: string): never {
  console.error(`user:password: ${msg}`);
  console.error('usage: npm run user:password -- --email E --password P');
  process.exit(2);
}

if (!values.email) fail('--email is required');
if (!values.password || values.password.length < PASSWORD_MIN) fail(`--password must be at least ${PASSWORD_MIN} characters`);

const config = loadConfig();
const database = await openDatabaseFor('user:password', config, {
  hint: "set a staff member's password on the Staff accounts screen (/staff/users)",
});
try {
  await migrateOrCheck(database, config);
  const user = await findUserByEmail(database.db, values.email);
  if (!user) fail(`no account with the email ${values.email}`);
  await setPassword(database.db, null, user.id, values.password);
  console.log(`New password set for ${user.role} ${user.email}; its sessions have ended.`);
} finally {
  await database.close();
}
