import { get } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, loginAs, test, waitForQuiet } from './fixtures';

/** Bytes on the wire for a URL fetched with gzip, and the encoding the server chose. */
function gzippedSize(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

/** Collects the app's scripts a page loads from now on (each once). */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (r) => {
    const url = r.url();
    if (r.request().resourceType() === 'script' && new URL(url).pathname.startsWith('/assets/') && !scripts.includes(url))
      scripts.push(url);
  });
  return scripts;
}

/** The gzipped size of these scripts, each as the server sends it. */
async function gzipTotal(scripts: string[]): Promise<number> {
  expect(scripts.length).toBeGreaterThan(0);
  let total = 0;
  for (const url of scripts) {
    const { bytes, encoding } = await gzippedSize(url);
    expect(encoding).toBe('gzip');
    total += bytes;
  }
  return total;
}

/** The public home page stays light: at most 150 KB of compressed JavaScript (issue 2). */
test('the home page loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const total = await gzipTotal(scripts);
  console.log(`home page JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(150 * 1024);
});

/** The staff area's first screen: at most 250 KB of compressed JavaScript in all, the public pages' included (issue 22). */
test('the staff dashboard loads at most 250 KB of gzipped JavaScript', async ({ page, request }) => {
  const scripts = scriptsOf(page);
  await loginAs(page, request, 'staff', '/staff/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await waitForQuiet(page);
  const total = await gzipTotal(scripts);
  console.log(`staff dashboard JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('staff and customer areas are separate chunks, not loaded on the home page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /StaffDashboardPage|CustomerDashboardPage|LoginPage/.test(s))).toBe(false);
});
