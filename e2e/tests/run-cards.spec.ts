import { readFileSync, statSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { api } from './deboard-kit';
import { apiToken, expect, loginAs, test, waitForQuiet } from './fixtures';

/** Run cards (issue 20): print a stay's card, A4 and kennel, and download its PDF; today's cards together. */

const MORNING = '0000000000000000000ca701';
const EVENING = '0000000000000000000ca703';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/run-cards';

async function pdfText(path: string): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(path)) });
  try {
    const r = await parser.getText();
    return { text: r.text, pages: r.total };
  } finally {
    await parser.destroy();
  }
}

/** The stays a test started, checked out after it so the Hostel's places are free for the specs that follow. */
const boarded: string[] = [];
test.afterEach(async ({ request }) => {
  const staff = api(request, await apiToken(request, 'staff'));
  for (const petId of boarded.splice(0)) await staff.deboardPet(petId);
});

test('print a run card: the grid on the page, the PDF downloads and opens, the kennel card', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const headers = { authorization: token };
  const a = api(request, token);
  const hostel = await a.type('hostel');
  const { petId, name } = await a.newPet();
  const care = await request.put(`/api/v1/care/pets/${petId}`, {
    headers,
    data: {
      items: [
        { kind: 'meal', name: 'Royal Canin', slotIds: [MORNING], amount: 200, unit: 'g', source: 'owner' },
        {
          kind: 'dose',
          name: 'Meloxicam',
          slotIds: [MORNING, EVENING],
          amount: 0.5,
          unit: 'ml',
          route: 'oral',
          startDate: '2026-01-01',
          endDate: null,
        },
      ],
      warnings: [{ kind: 'allergy', text: 'Chicken' }],
      emergencyContact: { name: 'Asha', phone: '9812345678' },
    },
  });
  expect(care.status(), await care.text()).toBe(200);
  const stay = await a.hostelStay(petId, hostel, 3, 'advance_cash');
  boarded.push(petId);
  const boardingId = stay.visit.boardingId as string;
  const plan = await (await request.get(`/api/v1/care/stays/${boardingId}/plan`, { headers })).json();
  const meal = plan.items.find((i: { kind: string }) => i.kind === 'meal');
  const rec = await request.post('/api/v1/care/tasks', {
    headers: { ...headers, 'idempotency-key': `rc-${boardingId}` },
    data: { boardingId, itemId: meal._id, slotKey: MORNING, feedback: 'ate_all' },
  });
  expect(rec.status(), await rec.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, request, 'staff', `/staff/care/runcard/${boardingId}`);
  const card = page.getByRole('article', { name: `Run card of ${name}` });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByRole('region', { name: 'Warnings' })).toContainText('Allergy: Chicken');
  await expect(card).toContainText('Emergency: Asha · 9812345678');
  const grid = card.getByRole('table', { name: /^Care grid/ });
  await expect(grid.getByRole('columnheader')).toHaveCount(4); // the task column and 3 days
  await expect(grid.getByRole('row')).toHaveCount(4); // the head and Royal Canin, Meloxicam ×2
  const breakfast = grid.getByRole('row', { name: /Royal Canin 200 g/ });
  await expect(breakfast.getByRole('cell').first()).toContainText('Ate all');
  await expect(breakfast.getByRole('cell', { name: 'To tick' })).toHaveCount(2);
  await waitForQuiet(page);
  await page.screenshot({ path: `${SHOTS}/runcard-a4-laptop.png`, fullPage: true });

  const pending = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await pending;
  expect(download.suggestedFilename()).toMatch(/^run-card-db[a-z0-9]+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  expect(statSync(path).size).toBeGreaterThan(5_000);
  const pdf = await pdfText(path);
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain(name);
  expect(pdf.text).toContain('Royal Canin 200 g');
  expect(pdf.text).toContain('Ate all');

  // The kennel card: the essentials and today's and tomorrow's tasks; its PDF is A6.
  await page
    .locator('label')
    .filter({ hasText: /^Kennel card$/ })
    .click();
  await expect(page).toHaveURL(/format=kennel/);
  const kennel = page.getByRole('article', { name: `Kennel card of ${name}` });
  await expect(kennel.getByRole('table', { name: 'Tasks today and tomorrow' })).toBeVisible();
  await expect(kennel.getByRole('columnheader', { name: 'Today' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/runcard-kennel-laptop.png`, fullPage: true });
  const pendingKennel = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const kennelPdf = await pdfText(await (await pendingKennel).path());
  expect(kennelPdf.text).toContain(name);
  expect(kennelPdf.text).toContain('Today');

  // Printing shows only the card: the app's shell is hidden by the print styles.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(kennel).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('label').filter({ hasText: /^A4$/ }).click();
  await expect(card).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/runcard-a4-phone.png`, fullPage: true });
});

test('print all run cards for today: from Deboard Pets, one card per pet in house, one PDF', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const hostel = await a.type('hostel');
  const first = await a.newPet();
  await a.hostelStay(first.petId, hostel, 2, 'advance_cash');
  boarded.push(first.petId);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, request, 'staff', '/staff/deboard');
  await page.getByRole('link', { name: 'Print all run cards for today' }).click();
  await expect(page).toHaveURL(/\/staff\/care\/runcards$/);
  await expect(page.getByRole('article', { name: `Run card of ${first.name}` })).toBeVisible();
  const count = await page.getByTestId('run-card').count();
  expect(count).toBeGreaterThanOrEqual(1);
  await waitForQuiet(page);
  await page.screenshot({ path: `${SHOTS}/runcards-all-laptop.png` });
  const pending = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfText(await (await pending).path());
  expect(pdf.pages).toBeGreaterThanOrEqual(count);
  expect(pdf.text).toContain(first.name);
});
