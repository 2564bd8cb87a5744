// npm run user:create -- --role staff --email E --password P --name N [--admin]
import { parseArgs } from 'node:util';
import { PASSWORD_MIN, ROLES, type Role } from '@pawdesk/shared';
import { loadConfig } from '../config.ts';
import { openDatabaseFor } from './open-database.ts';
import { migrateOrCheck } from '../db/index.ts';
import { AppError } from '../lib/errors.ts';
import { createAccount } from '../modules/auth/auth.service.ts';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'staff' },
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    admin: { type: 'boolean', default: false },
  },
});

function fail(msg: string): never {
  console.error(`user:create: ${msg}`);
  console.error('usage: npm run user:create -- --role staff|customer --email E --password P --name "Full Name" [--admin]');
  process.exit(2);
}

if (!ROLES.includes(values.role as Role)) fail(`--role must be one of ${ROLES.join(', ')}`);
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) fail('--email must be a valid email address');
if (!values.password || values.password.length < PASSWORD_MIN) fail(`--password must be at least ${PASSWORD_MIN} characters`);
if (!values.name?.trim()) fail('--name is required');

const config = loadConfig();
const database = await openDatabaseFor('user:create', config, {
  hint: 'create staff accounts on the Staff accounts screen (/staff/users)',
});
try {
  await migrateOrCheck(database, config);
  const user = await createAccount(database.db, {
    role: values.role as Role,
    isAdmin: values.admin,
    email: values.email,
    password: values.password,
    fullName: values.name,
  });
  console.log(`Created ${user.role}${user.isAdmin ? ' (admin)' : ''} ${user.email} with id ${user.id}`);
} catch (err) {
  if (err instanceof AppError) fail(err.message);
  throw err;
} finally {
  await database.close();
}
