import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { DEMO, waitForQuiet } from './fixtures';
import { type DemoIds, ROUTE_CASES, type RouteCase, type RouteRole } from './route-table';

/**
 * Every route of the route table (route-table.ts, held to the router by apps/web/src/app/route-table.test.ts) in
 * Chromium, as the role it belongs to, on the demo data, at a laptop and a phone width. A route fails on a console
 * error, an uncaught page error, a failed request or a same-origin answer of 400 or more, the error boundary or the
 * 404 page, a redirect away from the route, a page wider than the phone, or an accessibility violation of serious or
 * critical impact (axe-core, WCAG 2.1 A and AA). Every page's full screenshot is attached to the test and kept in
 * test-results/routes/<width>/<name>.png (the user's guide uses them).
 *
 * No axe rule is disabled. Sign-in: one session per role per worker, handed to each page as storage state.
 */

const WIDTHS: Record<'laptop' | 'phone', BrowserContextOptions> = {
  laptop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Same-origin answers of 400 or more that a page asks for on purpose, with the reason. None today. */
const EXPECTED_FAILURES: { url: RegExp; status: number; why: string }[] = [];

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

interface Demo {
  sessions: Record<RouteRole, StorageState | undefined>;
  ids: DemoIds;
}

async function login(api: APIRequestContext, who: 'staff' | 'customer', origin: string): Promise<StorageState> {
  const res = await api.post('/api/v1/auth/login', { data: DEMO[who] });
  expect(res.status(), await res.text()).toBe(200);
  const b = await res.json();
  // The session as the app keeps it after login (lib/auth.ts).
  const localStorage = [
    { name: 'token', value: b.token },
    { name: 'user', value: JSON.stringify(b.user) },
    { name: 'role', value: b.user.role },
    { name: 'userId', value: b.user.id },
    ...(b.user.customer_id ? [{ name: 'customerId', value: b.user.customer_id }] : []),
  ];
  return { cookies: [], origins: [{ origin, localStorage }] };
}

async function getJson<T>(api: APIRequestContext, path: string, session: StorageState): Promise<T> {
  const token = session.origins[0]?.localStorage.find((e) => e.name === 'token')?.value ?? '';
  const res = await api.get(`/api/v1${path}`, { headers: { authorization: token } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json() as Promise<T>;
}

function first<T>(list: T[] | undefined, what: string): T {
  const item = list?.[0];
  if (item === undefined) throw new Error(`the demo data has no ${what}`);
  return item;
}

/** Real records of the demo data, read through the API as the role that owns them. */
async function demoIds(api: APIRequestContext, staff: StorageState, customer: StorageState): Promise<DemoIds> {
  const today = await getJson<{ stays: { boardingId: string; petId: string; boardingType: string }[] }>(
    api,
    '/report-cards/today',
    staff,
  );
  const stay = today.stays.find((s) => s.boardingType === 'Hostel') ?? first(today.stays, 'pet in house');
  const pets = await getJson<{ list: { _id: string }[] }>(api, '/pet/getallpets?limit=5', staff);
  const items = await getJson<{ items: { _id: string }[] }>(api, '/inventory/getallinventory?limit=5', staff);
  const ownPets = await getJson<{ pets: { _id: string; owner: { _id: string } }[] }>(
    api,
    '/customerappointment/getcustomerpets',
    customer,
  );
  const ownPet = first(ownPets.pets, "pet of the demo customer's");
  const ownDocs = await getJson<{ documents: { _id: string }[] }>(api, '/customer/documents', customer);
  const ownerDocs = await getJson<{ documents: { _id: string }[] }>(api, `/documents?ownerId=${ownPet.owner._id}`, staff);
  return {
    boardingId: stay.boardingId,
    boardedPetId: stay.petId,
    petId: first(pets.list, 'pet')._id,
    itemId: first(items.items, 'inventory item')._id,
    staffDocumentId: first(ownerDocs.documents, 'document (staff)')._id,
    customerPetId: ownPet._id,
    customerDocumentId: first(ownDocs.documents, 'document (customer)')._id,
  };
}

type Width = keyof typeof WIDTHS;

const test = base.extend<object, { demo: Demo; newPage: (role: RouteRole, width: Width) => Promise<Page> }>({
  demo: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const api = await playwright.request.newContext({ baseURL });
      const origin = new URL(baseURL).origin;
      const staff = await login(api, 'staff', origin);
      const customer = await login(api, 'customer', origin);
      const ids = await demoIds(api, staff, customer);
      await api.dispose();
      await use({ sessions: { anonymous: undefined, staff, customer }, ids });
    },
    { scope: 'worker' },
  ],
  // One browser context per role and width for the worker (its session, the app's code cached); a page per visit.
  newPage: [
    async ({ browser, demo }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const open = new Map<string, BrowserContext>();
      await use(async (role, width) => {
        let context = open.get(`${role} ${width}`);
        if (!context) {
          context = await browser.newContext({ ...WIDTHS[width], baseURL, storageState: demo.sessions[role] });
          open.set(`${role} ${width}`, context);
        }
        return context.newPage();
      });
      for (const context of open.values()) await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Records what goes wrong on the page while it loads: console errors, page errors, failed requests. */
function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    problems.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.status() < 400 || new URL(r.url()).origin !== origin) return;
    if (EXPECTED_FAILURES.some((e) => e.status === r.status() && e.url.test(r.url()))) return;
    problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

async function visit(
  page: Page,
  c: RouteCase,
  ids: DemoIds,
  width: Width,
  problems: string[],
): Promise<AxeResults['violations']> {
  const path = c.path ? c.path(ids) : c.pattern;
  const state = c.state?.(ids);
  // Navigation state as react-router keeps it in history.state (its `usr` field), set before the app starts.
  if (state) {
    await page.addInitScript((usr) => {
      if (!window.history.state?.usr) window.history.replaceState({ usr, key: 'e2e', idx: 0 }, '');
    }, state);
  }
  await page.goto(path);
  await expect(page.locator('main#main')).toBeVisible();
  await waitForQuiet(page, 400);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

  const landed = new URL(page.url()).pathname;
  const asked = new URL(path, page.url()).pathname;
  if (landed.toLowerCase() !== asked.toLowerCase()) problems.push(`left the route: ${asked} → ${landed}`);
  if ((await page.getByRole('heading', { name: 'Something went wrong' }).count()) > 0) problems.push('error boundary');
  const notFound = (await page.getByRole('heading', { name: 'Page not found' }).count()) > 0;
  if (notFound !== Boolean(c.notFound)) problems.push(notFound ? "'Page not found'" : "no 'Page not found'");

  if (width === 'phone') {
    const { scroll, client, culprits } = await page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      // The outermost elements reaching past the screen's edge, so a failure names what to fix.
      const culprits: string[] = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        if (culprits.length === 3 || el.getBoundingClientRect().right <= client + 0.5) continue;
        if (el.parentElement && el.parentElement.getBoundingClientRect().right > client + 0.5) continue;
        culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${el.textContent?.slice(0, 40)}"`);
      }
      return { scroll: document.documentElement.scrollWidth, client, culprits };
    });
    if (scroll > client) problems.push(`wider than the phone: ${scroll} px in ${client} px (${culprits.join('; ')})`);
  }

  // Only violations are read: axe skips gathering the passes (its documented way to run faster).
  const axe = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const grave = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of grave) {
    const where = v.nodes
      .slice(0, 4)
      .map((n) => {
        // A contrast failure names its colours, so the fix can be found without rerunning.
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return `${n.target.join(' ')}${d?.fgColor ? ` [${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}]` : ''}`;
      })
      .join(' | ');
    problems.push(`axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${where})`);
  }
  return grave;
}

// The visits only read (their sessions and ids come from the worker's own demo server), so the routes spread over
// every browser worker instead of queueing on one (the longest file of the suite: 8 minutes on one worker).
test.describe.configure({ mode: 'parallel' });

for (const c of ROUTE_CASES) {
  const title = `${c.pattern} as ${c.role === 'staff' && c.admin ? 'admin' : c.role}`;
  test(title, async ({ demo, newPage }, testInfo) => {
    // Two widths, each a fresh page with axe over it: generous, for a machine shared with other work.
    test.setTimeout(120_000);
    const origin = new URL(String(testInfo.project.use.baseURL)).origin;
    const found: string[] = [];
    for (const width of ['laptop', 'phone'] as const) {
      const page = await newPage(c.role, width);
      const problems = watch(page, origin);
      try {
        const violations = await visit(page, c, demo.ids, width, problems);
        if (violations.length) {
          await testInfo.attach(`${width}-axe.json`, {
            body: JSON.stringify(violations, null, 1),
            contentType: 'application/json',
          });
        }
      } catch (e) {
        problems.push(`did not settle: ${(e as Error).message.split('\n')[0]}`);
      } finally {
        const shot = await page.screenshot({ fullPage: true, animations: 'disabled' });
        const dir = join(testInfo.project.outputDir, 'routes', width);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${c.name}.png`), shot);
        await testInfo.attach(`${width}-${c.name}.png`, { body: shot, contentType: 'image/png' });
        found.push(...problems.map((p) => `[${width}] ${p}`));
        await page.close();
      }
    }
    expect(found, `${title}:\n${found.join('\n')}`).toEqual([]);
  });
}
