import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, loginAs, loginWith, test, uniqueTag } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const tag = uniqueTag;
const card = (page: Page, name: string) => page.getByTestId('staff-user').filter({ hasText: name });

async function menuAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
async function confirmDialog(page: Page, label: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog).toBeHidden();
}

async function login(request: APIRequestContext, email: string, password: string) {
  return request.post('/api/v1/auth/login', { data: { email, password, role: 'staff' } });
}

test.describe('staff accounts (/staff/users)', () => {
  test('an admin creates an account, makes it admin and back, sets its password, disables it and logs it out', async ({
    page,
    request,
  }) => {
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await expect(page).toHaveURL(/\/staff\/users$/);
    await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
    await expect(card(page, 'Asha Verma')).toContainText('You');
    await expect(card(page, 'Asha Verma')).toContainText('Admin');

    // Create: inline messages from the shared schema first, then a real account.
    await page.getByRole('button', { name: 'New staff account' }).click();
    const form = page.getByRole('dialog', { name: 'New staff account' });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Full name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    const id = tag();
    const name = `Meera Desk ${id}`;
    const email = `meera.${id}@clinic.test`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Email').fill('staff@pawdesk.test');
    await form.getByRole('textbox', { name: 'Password' }).fill('desk-123');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('An account with this email already exists')).toBeVisible();
    await expect(form.getByLabel('Full name')).toHaveValue(name);
    await form.getByLabel('Email').fill(email);
    await shot(page, 'users-create');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Staff account created')).toBeVisible();
    await expect(card(page, name)).toContainText(email);
    expect((await login(request, email, 'desk-123')).status()).toBe(200);

    // Make admin and back, each confirmed.
    await menuAction(page, name, 'Make admin');
    await confirmDialog(page, 'Make admin');
    await expect(card(page, name)).toContainText('Admin');
    await menuAction(page, name, 'Remove admin');
    await confirmDialog(page, 'Remove admin');
    await expect(card(page, name)).not.toContainText('Admin');

    // Set password: the schema's message inline, then the change; the old password stops working.
    await menuAction(page, name, 'Set password');
    const pw = page.getByRole('dialog', { name: 'Set password' });
    await pw.getByRole('textbox', { name: 'New password' }).fill('123');
    await pw.getByRole('button', { name: 'Set password' }).click();
    await expect(pw.getByText('Password must be at least 6 characters')).toBeVisible();
    await pw.getByRole('textbox', { name: 'New password' }).fill('desk-456');
    await pw.getByRole('button', { name: 'Set password' }).click();
    await expect(pw).toBeHidden();
    await expect(page.getByText('Password changed. The account has been signed out everywhere.')).toBeVisible();
    expect((await login(request, email, 'desk-123')).status()).toBe(401);
    const session = await login(request, email, 'desk-456');
    const token = (await session.json()).token as string;
    const me = () => request.get('/api/v1/auth/me', { headers: { authorization: token } });
    expect((await me()).status()).toBe(200);

    // Log out everywhere: the session ends; a new login works.
    await menuAction(page, name, 'Log out everywhere');
    await confirmDialog(page, 'Log out everywhere');
    await expect(page.getByText('The account has been signed out everywhere.', { exact: true })).toBeVisible();
    expect((await me()).status()).toBe(401);
    const again = (await (await login(request, email, 'desk-456')).json()).token as string;

    // Disable: confirmed; the account's token stops working and it cannot sign in; enable again.
    await menuAction(page, name, 'Disable');
    await confirmDialog(page, 'Disable');
    await expect(card(page, name)).toContainText('Disabled');
    expect((await request.get('/api/v1/auth/me', { headers: { authorization: again } })).status()).toBe(401);
    expect((await login(request, email, 'desk-456')).status()).toBe(401);
    await shot(page, 'users-list');
    await menuAction(page, name, 'Enable');
    await expect(card(page, name)).not.toContainText('Disabled');
    expect((await login(request, email, 'desk-456')).status()).toBe(200);

    // The own account offers no disable or remove admin.
    await page.getByRole('button', { name: 'Actions for Asha Verma (Reception)' }).click();
    await expect(page.getByRole('menuitem', { name: 'Set password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Disable' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Remove admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // The closed menu leaves the page (its dropdown, still at the desktop position, would widen the phone page).
    await expect(page.getByRole('menu')).toHaveCount(0);

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card(page, name)).toBeVisible();
    await shot(page, 'users-phone');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
  });

  test('a staff member who is not an admin has no link and no access', async ({ page, request }) => {
    const token = await apiToken(request, 'staff');
    const id = tag();
    const email = `plain.${id}@clinic.test`;
    const created = await request.post('/api/v1/admin/users', {
      headers: { authorization: token },
      data: { fullName: `Plain Staff ${id}`, email, password: 'plain-123' },
    });
    expect(created.status()).toBe(201);
    const session = await loginWith(page, request, { email, password: 'plain-123', role: 'staff' }, '/staff/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
    await page.goto('/staff/users');
    await expect(page.getByText('Only an admin can do this')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New staff account' })).toHaveCount(0);
    expect((await request.get('/api/v1/admin/users', { headers: { authorization: session.token } })).status()).toBe(403);
  });
});
