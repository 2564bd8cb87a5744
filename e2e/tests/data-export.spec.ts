import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { type Credentials, expect, loginAs, loginWith, test, waitForQuiet } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;

/** A new customer account (signed up through the API), so the demo customer stays as it is. */
async function newCustomer(request: APIRequestContext): Promise<Credentials> {
  const email = `export.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@owner.test`;
  const res = await request.post('/api/v1/auth/signup', {
    data: { fullName: 'Export Owner', email, password: 'secret123', role: 'customer' },
  });
  expect(res.status()).toBe(201);
  return { email, password: 'secret123', role: 'customer' };
}

/** Clicks the button and answers the download with the bytes the browser saved. */
async function downloadBy(page: Page, name: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const path = await download.path();
  return { download, bytes: readFileSync(path!) };
}

/** The names of a zip's entries, from its central directory (enough to see what the download holds). */
function zipNames(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let i = bytes.indexOf('PK\x01\x02'); i >= 0; i = bytes.indexOf('PK\x01\x02', i + 4)) {
    const len = bytes.readUInt16LE(i + 28);
    names.push(bytes.subarray(i + 46, i + 46 + len).toString('utf8'));
  }
  return names;
}

test.describe('exporting data (issue 21)', () => {
  test('an admin downloads all data as a zip from Staff accounts', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/users');
    await waitForQuiet(page);
    const card = page.getByRole('region', { name: 'All data' });
    await expect(card).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/export-admin-laptop.png`, fullPage: true });
    const { download, bytes } = await downloadBy(page, 'Download all data');
    expect(download.suggestedFilename()).toMatch(/^pawdesk-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip$/);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const names = zipNames(bytes);
    expect(names).toContain('tables/pets.csv');
    expect(names).toContain('tables/users.json');
    expect(names).toContain('README.txt');
    expect(names).not.toContain('tables/user_sessions.csv');
    await expect(page.getByText(/^Downloaded pawdesk-export-/)).toBeVisible();
  });

  test('an owner downloads their own data from their profile', async ({ page, request }) => {
    const creds = await newCustomer(request);
    await loginWith(page, request, creds, '/customer/profile');
    const card = page.getByRole('region', { name: 'Your data' });
    await expect(card).toBeVisible();
    if (SHOTS) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/export-owner-laptop.png`, fullPage: true });
    }
    const { download, bytes } = await downloadBy(page, 'Download my data');
    expect(download.suggestedFilename()).toMatch(/^my-pawdesk-data-.*\.zip$/);
    const names = zipNames(bytes);
    for (const n of ['account.csv', 'profile.json', 'pets.csv', 'visits.csv', 'payments.json', 'appointments.csv']) {
      expect(names).toContain(n);
    }
    expect(names.some((n) => n.startsWith('tables/'))).toBe(false);
  });

  test('at phone width the cards fit and the buttons work', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const creds = await newCustomer(request);
    await loginWith(page, request, creds, '/customer/profile');
    const card = page.getByRole('region', { name: 'Your data' });
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/export-owner-phone.png`, fullPage: true });
    await loginAs(page, request, 'staff', '/staff/users');
    await waitForQuiet(page);
    await page.getByRole('region', { name: 'All data' }).scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/export-admin-phone.png`, fullPage: true });
    const { bytes } = await downloadBy(page, 'Download all data');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
