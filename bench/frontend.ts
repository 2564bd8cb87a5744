/**
 * The web app in headless Chromium (the performance report, issue 22): for a page, the JavaScript it loads (bytes
 * on the wire, gzip -9 of each file, and uncompressed) and its largest contentful paint, the median of `runs` cold
 * loads (a new browser context each: empty cache, nothing stored but the session the app keeps in localStorage).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface Login {
  email: string;
  password: string;
  role: 'staff' | 'customer';
}
export interface PageSpec {
  name: string;
  path: string;
  login?: Login;
}
export interface PageResult {
  name: string;
  path: string;
  /** Medians over the runs. */
  jsFiles: number;
  jsWireBytes: number;
  jsGzipBytes: number;
  jsRawBytes: number;
  lcpMs: number;
  /** Content-Encoding the server answered the scripts with (e.g. br, gzip). */
  encodings: string[];
  /** The heaviest scripts (gzip -9 bytes), of the last run. */
  biggest: { file: string; gzip: number }[];
  runs: { jsWireBytes: number; jsGzipBytes: number; jsRawBytes: number; lcpMs: number }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The session the app keeps after signing in (e2e/tests/fixtures.ts loginWith does the same). */
async function session(base: string, login: Login): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`login ${login.email}: ${res.status} ${await res.text()}`);
  const b = (await res.json()) as { token: string; user: { id: string; role: string; customer_id?: string } };
  return {
    token: b.token,
    user: JSON.stringify(b.user),
    role: b.user.role,
    userId: b.user.id,
    ...(b.user.customer_id ? { customerId: b.user.customer_id } : {}),
  };
}

export async function measurePages(base: string, pages: PageSpec[], runs = 3): Promise<PageResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const out: PageResult[] = [];
  try {
    for (const spec of pages) {
      const stored = spec.login ? await session(base, spec.login) : null;
      const results: PageResult['runs'] = [];
      const encodings = new Set<string>();
      let files = 0;
      let biggest: PageResult['biggest'] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
        // Browser code as strings: this file is compiled for Node (no DOM types).
        if (stored) {
          await context.addInitScript(
            `for (const [k, v] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(k, v);`,
          );
        }
        await context.addInitScript(`window.__lcp = 0;
          new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
            .observe({ type: 'largest-contentful-paint', buffered: true });`);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const scripts = new Map<string, { wire: number }>();
        cdp.on('Network.responseReceived', (e) => {
          if (e.type === 'Script') {
            // The body as sent (content-length: compressed), without the headers encodedDataLength counts too.
            const len = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-length')?.[1];
            scripts.set(e.requestId, { wire: len ? Number(len) : -1 });
            const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
            encodings.add(String(enc ?? 'identity'));
          }
        });
        cdp.on('Network.loadingFinished', (e) => {
          const s = scripts.get(e.requestId);
          if (s && s.wire < 0) s.wire = e.encodedDataLength;
        });
        const urls = new Set<string>();
        page.on('response', (r) => {
          if (r.request().resourceType() === 'script') urls.add(r.url());
        });
        let inFlight = 0;
        let last = Date.now();
        const live = (url: string) => url.includes('/stream');
        page.on('request', (r) => {
          if (!live(r.url())) {
            inFlight++;
            last = Date.now();
          }
        });
        const settled = (r: { url(): string }) => {
          if (!live(r.url())) {
            inFlight--;
            last = Date.now();
          }
        };
        page.on('requestfinished', settled);
        page.on('requestfailed', settled);
        await page.goto(base + spec.path, { waitUntil: 'load' });
        // Painted and quiet: a largest contentful paint, and nothing but the live stream in flight for 800 ms since
        // (at most 30 s: on a loaded machine the first paint comes seconds after the last request).
        const t0 = Date.now();
        const painted = async () => Number(await page.evaluate('window.__lcp')) > 0;
        while ((inFlight > 0 || Date.now() - last < 800 || !(await painted())) && Date.now() - t0 < 30_000) {
          await page.waitForTimeout(100);
        }
        await page.waitForTimeout(300);
        const lcpMs = Number(await page.evaluate('window.__lcp'));
        // Each script again from the server, uncompressed, to weigh it (gzip -9) whatever the browser was sent.
        const list = [...urls];
        const raw = await Promise.all(
          list.map(async (u) =>
            Buffer.from(await (await fetch(u, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()),
          ),
        );
        files = raw.length;
        biggest = raw
          .map((b, k) => ({ file: list[k]!.split('/').pop()!, gzip: gzipSync(b, { level: 9 }).length }))
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 8);
        results.push({
          jsWireBytes: [...scripts.values()].reduce((a, s) => a + s.wire, 0),
          jsGzipBytes: raw.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0),
          jsRawBytes: raw.reduce((a, b) => a + b.length, 0),
          lcpMs,
        });
        await context.close();
      }
      out.push({
        name: spec.name,
        path: spec.path,
        jsFiles: files,
        jsWireBytes: median(results.map((r) => r.jsWireBytes)),
        jsGzipBytes: median(results.map((r) => r.jsGzipBytes)),
        jsRawBytes: median(results.map((r) => r.jsRawBytes)),
        lcpMs: median(results.map((r) => r.lcpMs)),
        encodings: [...encodings],
        biggest,
        runs: results,
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}
