import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test } from './fixtures';

/** Today in the business time zone and the day's scheduled visits, as the server sees them. */
async function today(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const presets = await (await request.get('/api/v1/reminders/presets', { headers })).json();
  const list = await (await request.get(`/api/v1/attendance/getattendancelist/${presets.today}`, { headers })).json();
  return {
    date: presets.today as string,
    tomorrow: presets.presets.nextweek.from as string,
    visits: list.attendance.List as { _id: string; purpose: string; petId: { name: string } }[],
  };
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });

const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test.describe('scheduled visits (attendance)', () => {
  test('marks attendance, saves, and the marks are still there after a reload', async ({ page, request }) => {
    const token = await apiToken(request, 'staff');
    const { visits } = await today(request, token);
    expect(visits.length).toBeGreaterThanOrEqual(2);
    const [first, ...rest] = visits.map((v) => v.petId.name);

    await loginAs(page, request, 'staff', '/staff/attendance');
    await expect(page.getByRole('heading', { name: 'Scheduled Visits' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Scheduled visits' });
    for (const v of visits) await expect(table.getByRole('row', { name: new RegExp(v.petId.name) })).toContainText(v.purpose);

    await page.getByRole('checkbox', { name: `Present: ${first}` }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Attendance saved successfully')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(first!) })).toContainText('Present');

    await page.reload();
    await expect(page.getByRole('checkbox', { name: `Present: ${first}` })).toBeChecked();
    for (const name of rest) {
      await expect(page.getByRole('checkbox', { name: `Present: ${name}` })).not.toBeChecked();
      await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Absent');
    }

    // Untick and save again: the change is kept too.
    await page.getByRole('checkbox', { name: `Present: ${first}` }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Attendance saved successfully').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: `Present: ${first}` })).not.toBeChecked();
  });

  test('reminds absentees after the confirmation', async ({ page, request }) => {
    const token = await apiToken(request, 'staff');
    const { date, visits } = await today(request, token);
    const [first, second] = visits.map((v) => v.petId.name);

    await loginAs(page, request, 'staff', '/staff/attendance');
    await page.getByRole('checkbox', { name: `Present: ${first}` }).check();
    await page.getByRole('checkbox', { name: `Present: ${second}` }).uncheck();
    const remind = page.getByRole('button', { name: 'Remind Absentees' });
    await expect(remind).toBeDisabled(); // unsaved changes first
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Attendance saved successfully')).toBeVisible();
    await expect(remind).toBeEnabled();

    // Cancelling sends nothing.
    await remind.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Reminders will be send to absentees');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await remind.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reminders' }).click();
    await expect(toast(page, 'Reminders will be sent to absentees')).toBeVisible();

    const sent = await (
      await request.get(`/api/v1/reminders/sent?date=${date}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const overdue = sent.List.filter((m: { kind: string }) => m.kind === 'overdue');
    expect(overdue.some((m: { subject: string }) => m.subject.includes(second!))).toBe(true);
    expect(overdue.some((m: { subject: string }) => m.subject.includes(first!))).toBe(false);
  });

  test('shows the empty text for a day without follow-ups', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/attendance?date=2001-06-15');
    await expect(page.getByText('No followup was scheduled for the chosen date.')).toBeVisible();
    await expect(page.getByText('Select a different date to view scheduled visits')).toBeVisible();
  });
});

test.describe('reminders', () => {
  test('dashboard presets open the matching lists', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('link', { name: 'Next Week' }).click();
    await expect(page).toHaveURL(/\/staff\/reminders\?range=nextweek$/);
    await expect(page.getByRole('button', { name: 'Next Week' })).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByRole('table', { name: 'Reminders' });
    await expect(table).toContainText('Deworming');
    await expect(table).toContainText('Dental check-up');

    await page.getByRole('button', { name: 'Overdue Last Week' }).click();
    // The demo follow-up four days ago was marked absent; the one two days ago was attended.
    await expect(table).toContainText('Blood test results');
    await expect(table).not.toContainText('Ear infection review');
    await expect(table).toContainText('Absent');

    await page.getByRole('button', { name: 'Birthdays' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('Birthday');
  });

  test('opens the reminders of a chosen date and reminds all', async ({ page, request }) => {
    const token = await apiToken(request, 'staff');
    const { tomorrow } = await today(request, token);

    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('link', { name: 'Reminders Today' }).click();
    await expect(page).toHaveURL(/range=today/);
    await expect(page.getByRole('heading', { name: 'Reminders' })).toBeVisible();

    await page.getByRole('button', { name: 'Date', exact: true }).click();
    if (tomorrow.slice(0, 7) !== (await today(request, token)).date.slice(0, 7)) {
      await page.locator('[data-direction="next"]').first().click();
    }
    await page
      .getByRole('button', { name: dayLabel(tomorrow) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    const table = page.getByRole('table', { name: 'Reminders' });
    await expect(table).toContainText('Dressing change');
    await expect(table.getByRole('columnheader')).toHaveText([
      'No.',
      'Pet name',
      'Owner name',
      'Contact',
      'Purpose',
      'Scheduled date',
    ]);

    await page.getByRole('button', { name: 'Remind All' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reminders' }).click();
    await expect(toast(page, 'Reminders will be sent')).toBeVisible();

    // The Messages tab lists the queued messages; the worker (log transport) delivers them.
    await page.getByRole('tab', { name: /Messages/ }).click();
    const messages = page.getByRole('table', { name: 'Messages' });
    await expect(messages).toContainText('reminder for');
    await expect(messages.getByText('Sent', { exact: true }).first()).toBeVisible({ timeout: 20_000 });

    // Remind All again: nothing is queued twice.
    await page.getByRole('button', { name: 'Remind All' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reminders' }).click();
    await expect(page.locator('.mantine-Notification-root').getByText(/already reminded/)).toBeVisible();
  });

  test('shows the empty text for a date without reminders', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/reminders?date=2001-06-15');
    await expect(page.getByText('No Reminders for Chosen Date')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remind All' })).toBeDisabled();
  });
});
