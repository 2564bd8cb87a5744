import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';
import { E2E_WORKERS, startServer, workerPort } from './servers';

export const DEMO = {
  staff: { email: 'staff@pawdesk.test', password: 'staff123', role: 'staff' as const },
  customer: { email: 'customer@pawdesk.test', password: 'customer123', role: 'customer' as const },
};

export const STORAGE_KEYS = ['token', 'user', 'role', 'userId', 'customerId'];

/** Logs in as a demo account through the API and stores the session the way the app does, then opens `path`. */
export function loginAs(page: Page, request: APIRequestContext, who: 'staff' | 'customer', path?: string) {
  return loginWith(page, request, DEMO[who], path);
}

export interface Credentials {
  email: string;
  password: string;
  role: 'staff' | 'customer';
}

/** A new staff account that is not an admin (the demo admin creates it), for permission tests. */
export async function newPlainStaff(request: APIRequestContext): Promise<Credentials> {
  const email = `plain.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@staff.test`;
  const res = await request.post('/api/v1/admin/users', {
    headers: { authorization: await apiToken(request, 'staff') },
    data: { fullName: 'Plain Staff', email, password: 'plain-123' },
  });
  expect(res.status()).toBe(201);
  return { email, password: 'plain-123', role: 'staff' };
}

/** Logs in with these credentials through the API and stores the session the way the app does, then opens `path`. */
export async function loginWith(page: Page, request: APIRequestContext, creds: Credentials, path?: string) {
  const res = await request.post('/api/v1/auth/login', { data: creds });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  await page.goto('/aboutus');
  await page.evaluate((b) => {
    localStorage.setItem('token', b.token);
    localStorage.setItem('user', JSON.stringify(b.user));
    localStorage.setItem('role', b.user.role);
    localStorage.setItem('userId', b.user.id);
    if (b.user.customer_id) localStorage.setItem('customerId', b.user.customer_id);
  }, body);
  if (path) await page.goto(path);
  return body as { token: string; user: { id: string; fullName: string } };
}

/**
 * Like `waitForLoadState('networkidle')` for staff pages, which hold the notifications' live stream open for good
 * (so Playwright's network idle never comes; the import screen holds its own too): waits until no other request has
 * been in flight for `quietMs`.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 15_000) {
  const pending = new Set<unknown>();
  const live = (url: string) => url.includes('/notifications/stream') || url.includes('/admin/import/events');
  const add = (r: { url(): string }) => {
    if (!live(r.url())) pending.add(r);
  };
  const done = (r: unknown) => pending.delete(r);
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    const until = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < until) {
      if (pending.size) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await page.waitForTimeout(50);
    }
    throw new Error(`requests still in flight after ${timeoutMs} ms`);
  } finally {
    page.off('request', add);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
}

/** A token for direct API calls in tests. */
export async function apiToken(request: APIRequestContext, who: 'staff' | 'customer'): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: DEMO[who] });
  return (await res.json()).token;
}

/** A tag no other test run uses, so names and phones are unique in the shared e2e database. */
let tagCount = 0;
/**
 * A tag no other call returns: the time, a count within this worker and a random part, each of fixed width, so that
 * no tag is the beginning of another (two pets named `Pk<tag>` told apart by a label that contains the name).
 */
export const uniqueTag = () =>
  `${Date.now().toString(36)}${(tagCount++ % 1296).toString(36).padStart(2, '0')}` +
  `${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`;

/** A unique mobile number starting with `first` (7 or 8: no leading 91 or 0 is ever dropped from it). */
export const uniquePhone = (first = '7') =>
  `${first}${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** An adult dog as the add-pet body carries it. */
export const dogBody = (o: Record<string, unknown> = {}) => ({
  name: `Pet${uniqueTag()}`,
  species: 'dog',
  breed: 'Beagle',
  sex: 'Male',
  color: 'Brown',
  dob: '2021-05-04',
  neutered: false,
  registrationDate: '2026-01-10',
  ...o,
});

/** The core vaccines (the boarding admission rule's default) recorded without dates: a dog that may board. */
export const CORE_VACCINATIONS = [
  { name: 'Rabies', numberOfDose: 1 },
  { name: 'DHPP', numberOfDose: 1 },
];

/**
 * POST /pet/addpet as the demo staff account: one owner with one dog; answers the ids. The dog has the core
 * vaccinations unless `pet.vaccinations` says otherwise, so it meets the admission rule of boarding.
 */
export async function addOwnerWithDog(
  request: APIRequestContext,
  o: { ownerName?: string; email?: string | null; phone?: string; pet?: Record<string, unknown> } = {},
): Promise<{ ownerId: string; petIds: string[] }> {
  const res = await request.post('/api/v1/pet/addpet', {
    headers: { authorization: await apiToken(request, 'staff') },
    data: {
      ownerName: o.ownerName ?? `Owner ${uniqueTag()}`,
      phone: o.phone ?? uniquePhone('8'),
      ...(o.email ? { email: o.email } : {}),
      address: 'Sector 45, Gurugram',
      pets: [dogBody({ vaccinations: CORE_VACCINATIONS, ...o.pet })],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * The tests' `test`: with `E2E_WORKERS` > 1 each further worker of the `chromium` project runs against a demo
 * server of its own (tests/servers.ts); the first worker, and every other project, keep the configured server.
 */
export const test = base.extend<object, { workerBaseURL: string | undefined }>({
  workerBaseURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const configured = workerInfo.project.use.baseURL;
      if (workerInfo.project.name !== 'chromium' || workerInfo.parallelIndex === 0 || E2E_WORKERS < 2) {
        await use(configured);
        return;
      }
      const server = await startServer(workerPort(workerInfo.parallelIndex));
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 320_000 },
  ],
  baseURL: async ({ workerBaseURL }, use) => use(workerBaseURL),
});
export { expect };
