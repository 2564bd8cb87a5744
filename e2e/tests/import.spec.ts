import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';
import { expect, loginWith, test, waitForQuiet } from './fixtures';
import { IMPORT_ADMIN } from './import-server';

/**
 * Moving in (issue 21): on a server of its own (an empty database with one admin; tests/import-server.ts), an admin
 * uploads a zip of the original system's export, reads the dry run's report, imports, and finds an imported pet with
 * its visits in Pet Records.
 */
const SHOTS = process.env.SHOTS_DIR;

/** The fixture export of the server's tests (apps/server/test/import-fixture.ts), loaded at run time. */
const FIXTURE_MODULE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/test/import-fixture.ts');
interface FixtureModule {
  SMALL_FIXTURE: { pets: number; visits: number };
  writeFixtureExport(dir: string, format: 'bson', size: { pets: number; visits: number }): Promise<Record<string, number>>;
  fixtureCounts(size: { pets: number; visits: number }): Record<string, number>;
}

let root: string;
let zipPath: string;
let counts: Record<string, number>;

/** Zips every file under `dir` as the business would zip its export folder. */
async function zipFolder(dir: string, out: string): Promise<void> {
  const zip = new ZipFile();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    zip.addFile(full, path.relative(dir, full).split(path.sep).join('/'));
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(out));
}

test.beforeAll(async () => {
  const fixture = (await import(FIXTURE_MODULE)) as FixtureModule;
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-e2e-import-'));
  const dir = path.join(root, 'export-2026-04-16');
  await fixture.writeFixtureExport(dir, 'bson', fixture.SMALL_FIXTURE);
  counts = fixture.fixtureCounts(fixture.SMALL_FIXTURE);
  zipPath = path.join(root, 'export-2026-04-16.zip');
  await zipFolder(dir, zipPath);
});
test.afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

test('an admin uploads the export, reads the dry run, imports, and finds an imported pet with its visits', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginWith(page, request, IMPORT_ADMIN, '/staff/dashboard');
  // Found where the admin tools are: the dashboard's Administration panel.
  await page
    .getByRole('region', { name: 'Administration' })
    .getByRole('link', { name: 'Import from the original system' })
    .click();
  await expect(page).toHaveURL(/\/staff\/import$/);
  await expect(page.getByRole('heading', { name: 'Import from the original system', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dry run' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-empty-laptop.png`, fullPage: true });

  // 1. Upload: what the zip holds.
  await page.locator('input[type=file]').setInputFiles(zipPath);
  const found = page.getByLabel('What the zip holds');
  await expect(found).toContainText('export-2026-04-16.zip holds a mongodump export');
  await expect(found.getByRole('row', { name: /^pets / })).toContainText('pawshub/pets.bson');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expect(page.getByText('Import is possible once a dry run of this upload has finished.')).toBeVisible();

  // 2. The dry run, its progress pushed to the page, then its report.
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('Dry run finished: nothing was written')).toBeVisible({ timeout: 90_000 });
  const table = page.getByRole('table', { name: 'Counts per collection' });
  const petsRow = table.getByRole('row', { name: /^pets / });
  await expect(petsRow.getByRole('cell').nth(1)).toHaveText(String(counts.pets));
  await expect(petsRow.getByRole('cell').nth(2)).toHaveText(String(counts.pets));
  await expect(
    table
      .getByRole('row', { name: /^owners / })
      .getByRole('cell')
      .nth(4),
  ).not.toHaveText('0');
  await expect(page.getByRole('table', { name: 'Money before and after' }).getByText('Mismatch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download report (Markdown)' })).toBeVisible();
  const pastRuns = page.getByRole('list', { name: 'Past runs' });
  await expect(pastRuns.getByRole('listitem')).toHaveCount(1);
  await expect(pastRuns).toContainText('Dry run');
  await expect(pastRuns).toContainText('Finished');
  if (SHOTS) {
    await waitForQuiet(page);
    await page.screenshot({ path: `${SHOTS}/import-dry-run-laptop.png`, fullPage: true });
  }

  // 3. Import, after a confirmation.
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  const dialog = page.getByRole('dialog', { name: 'Import into Pawdesk' });
  await expect(dialog).toContainText('export-2026-04-16.zip');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible({ timeout: 180_000 });
  await expect(pastRuns.getByRole('listitem')).toHaveCount(2);
  if (SHOTS) {
    await waitForQuiet(page);
    await page.screenshot({ path: `${SHOTS}/import-done-laptop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/import-done-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // 4. Pet Records: an imported pet (Milo, a cat of the fixture, pets[2]) under its original owner, with its visits.
  await page.goto('/staff/history');
  await page.getByRole('searchbox', { name: 'Pet name' }).fill('Milo');
  await page
    .getByRole('list', { name: 'All Pets' })
    .getByRole('button', { name: /Milo(?! \d)/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Milo' })).toBeVisible();
  await expect(page.getByText('Neha Gupta').first()).toBeVisible();
  await page.getByRole('button', { name: 'View Visits' }).click();
  // VISITS: the visits importer is another helper's work (issue 21). Until it is merged the fixture's visits are not
  // imported and this step fails; the fixture gives Milo three visits (visits 2, 26 and 50: Veterinary, Shop, Day
  // School).
  const visits = page.getByRole('list', { name: 'Visits' }).getByRole('listitem');
  await expect(visits.first()).toBeVisible();
  expect(await visits.count()).toBeGreaterThanOrEqual(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-pet-records-laptop.png`, fullPage: true });
});
