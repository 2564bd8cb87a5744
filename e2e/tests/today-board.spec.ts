import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { api } from './deboard-kit';
import { apiToken, expect, loginAs, test } from './fixtures';

/**
 * The Today board (issue 17): the strip above the staff dashboard's panels, with data (a stay ending today, a
 * follow-up today, a cash sale), each tile leading to its screen, the 30-day chart with its table of figures, at
 * laptop and phone width.
 */
const SHOTS = '/tmp/shots-17c';
const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the Today board with data: tiles with the server’s figures, each a link to its screen, the chart', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const a = api(request, token);
  const headers = { authorization: token };
  const before = await (await request.get('/api/v1/dashboard/today', { headers })).json();
  const today = before.today as string;

  // A one-day hostel stay paid in cash (its departure is due today), and a follow-up today from an inquiry.
  const hostel = await a.type('hostel');
  const stayPet = await a.newPet();
  await a.stay(stayPet.petId, hostel, 1, true);
  const inquiryPet = await a.newPet();
  const inquiry = await a.type('inquiry');
  await a.post('/visit/addinquiryvisit', {
    petId: inquiryPet.petId,
    visitType: inquiry._id,
    note: 'Asked about day care',
    nextFollowUp: today,
    followUpTime: '17:00',
    followUpPurpose: 'Call back',
  });

  const board = await (await request.get('/api/v1/dashboard/today', { headers })).json();
  expect(board.departures.dueToday).toBe(before.departures.dueToday + 1);
  expect(board.followUps.total).toBe(before.followUps.total + 1);
  expect(board.takings.received).toBeCloseTo(before.takings.received + hostel.price, 2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, request, 'staff', '/staff/dashboard');
  const strip = page.getByRole('region', { name: 'Today', exact: true });
  await expect(strip).toBeVisible();
  // Above the dashboard's panels.
  const stripBox = (await strip.boundingBox())!;
  const panelBox = (await page.getByRole('region', { name: 'Pet Owner Master' }).boundingBox())!;
  expect(stripBox.y + stripBox.height).toBeLessThanOrEqual(panelBox.y);

  const pets = board.inHouse.reduce((n: number, t: { pets: number }) => n + t.pets, 0);
  await expect(strip.getByTestId('today-in-house')).toContainText(String(pets));
  const hostelNow = board.inHouse.find((t: { code: string }) => t.code === 'hostel');
  await expect(strip.getByTestId('today-in-house')).toContainText(
    `Hostel ${hostelNow.pets}${hostelNow.capacity === null ? '' : `/${hostelNow.capacity}`}`,
  );
  await expect(strip.getByTestId('today-departures')).toContainText(String(board.departures.dueToday));
  await expect(strip.getByTestId('today-follow-ups')).toContainText(`${board.followUps.present}/${board.followUps.total}`);
  await expect(strip.getByTestId('today-vaccinations')).toContainText(String(board.vaccinations.dueToday));
  await expect(strip.getByTestId('today-alerts')).toContainText(String(board.alerts.lowStock));
  await expect(strip.getByTestId('today-takings')).toContainText(inr(board.takings.received));

  // The chart: an image with a text alternative, and the figures as a table.
  const chart = strip.getByRole('img', { name: /Sales, last 30 days/ });
  await expect(chart).toBeVisible();
  await strip.getByText('Show the figures').click();
  const table = strip.getByRole('table', { name: 'Sales by day and purpose, last 30 days' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText(inr(board.chart.totals.at(-1)));
  await expect(table).toContainText('Hostel');
  await shoot(page, 'today-1280');

  // Each tile leads to its screen.
  const links: [string, RegExp][] = [
    ['today-in-house', /\/staff\/occupancy$/],
    ['today-departures', /\/staff\/deboard$/],
    ['today-follow-ups', /\/staff\/attendance$/],
    ['today-vaccinations', /\/staff\/reminders\?tab=vaccinations$/],
    ['today-alerts', /\/staff\/alertlist$/],
    ['today-takings', /\/staff\/takings$/],
  ];
  for (const [id, url] of links) {
    await page.getByRole('region', { name: 'Today', exact: true }).getByTestId(id).click();
    await expect(page).toHaveURL(url);
    await page.goBack();
    await expect(page.getByRole('region', { name: 'Today', exact: true }).getByTestId(id)).toBeVisible();
  }

  // Phone width: the tiles wrap, nothing runs off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Today', exact: true }).getByTestId('today-takings')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, 'today-390');
});
