import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Database } from './client.ts';
import { setUpDatabase } from './index.ts';
import { users } from './schema/index.ts';
import { DEMO_CUSTOMER, DEMO_STAFF, seedDemo } from './seed/demo.ts';

const secret = 'x'.repeat(40);
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pawdesk-prod-'));
const production = testConfig({ env: 'production', seedDemo: false });

let open: Database[] = [];
afterEach(async () => {
  for (const d of open) await d.close();
  open = [];
});
async function database(): Promise<Database> {
  const d = await freshDatabase();
  open.push(d);
  return d;
}
const userCount = async (d: Database) => (await d.db.select({ n: count() }).from(users))[0]!.n;

describe('demo data never exists in production', () => {
  it('refuses SEED_DEMO=true in production and says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SEED_DEMO: 'true', DATA_DIR: dataDir() })).toThrow(
      /SEED_DEMO: demo data \(with published passwords\) is never added in production/,
    );
  });

  it('does not seed by default in production, even on the embedded database', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ALLOW_OFFLINE_PAYMENTS: 'true', DATA_DIR: dataDir() }).seedDemo,
    ).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
  });

  it('adds demo data to an empty database outside production only', async () => {
    const d = await database();
    expect(await setUpDatabase(d, production)).toBe(false);
    expect(await userCount(d)).toBe(0);
    expect(await setUpDatabase(d, testConfig({ env: 'development', seedDemo: true }))).toBe(true);
    const [staff] = await d.db.select().from(users).where(eq(users.email, DEMO_STAFF.email));
    expect(staff).toMatchObject({ role: 'staff', isAdmin: true });
  });

  it('refuses a production start while a demo account has its published password, naming the accounts and the fix', async () => {
    const d = await database();
    await seedDemo(d.db, 'Asia/Kolkata');
    const refused = setUpDatabase(d, production);
    await expect(refused).rejects.toThrow(/Refusing to start in production/);
    await expect(setUpDatabase(d, production)).rejects.toThrow(
      new RegExp(`${DEMO_STAFF.email}[\\s\\S]*${DEMO_CUSTOMER.email}[\\s\\S]*npm run user:password`),
    );
    await d.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-real-secret') })
      .where(eq(users.email, DEMO_STAFF.email));
    await expect(setUpDatabase(d, production)).rejects.toThrow(
      /still has its published demo password:\n {2}- customer@pawdesk\.test\n/,
    );
    await d.db
      .update(users)
      .set({ passwordHash: await hashPassword('another-secret') })
      .where(eq(users.email, DEMO_CUSTOMER.email));
    expect(await setUpDatabase(d, production)).toBe(false);
  });
});
