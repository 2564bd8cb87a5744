import { get } from 'node:http';
import { expect, test } from './fixtures';

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

/** The public home page stays light: at most 150 KB of compressed JavaScript (issue 2). */
test('the home page loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/assets/')) scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  let gzipTotal = 0;
  for (const url of scripts) {
    const { bytes, encoding } = await gzippedSize(url);
    expect(encoding).toBe('gzip');
    gzipTotal += bytes;
  }
  console.log(`home page JavaScript: ${scripts.length} files, ${(gzipTotal / 1024).toFixed(1)} KB gzipped`);
  expect(gzipTotal).toBeLessThanOrEqual(150 * 1024);
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
