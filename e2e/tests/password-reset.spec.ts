import type { APIRequestContext, Page } from '@playwright/test';
import { PHONE, shoot } from './customer-kit';
import { apiToken, type Credentials, expect, loginAs, test, uniqueTag } from './fixtures';

test.use({ viewport: PHONE });

async function newCustomer(request: APIRequestContext, fullName: string): Promise<Credentials> {
  const email = `reset.${uniqueTag()}@owner.test`;
  const res = await request.post('/api/v1/auth/signup', { data: { fullName, email, password: 'secret123', role: 'customer' } });
  expect(res.status()).toBe(201);
  return { email, password: 'secret123', role: 'customer' };
}

/** The path of the newest reset link emailed to the address, read from the test server's outbox (admin only). */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const admin = await apiToken(request, 'staff');
  const res = await request.get(`/api/v1/test/emails?to=${encodeURIComponent(email)}`, { headers: { authorization: admin } });
  expect(res.ok()).toBeTruthy();
  const mail = (await res.json()).emails.find((m: { kind: string }) => m.kind === 'password-reset');
  expect(mail, `a reset email to ${email}`).toBeTruthy();
  const url = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.body)?.[0];
  expect(url).toBeTruthy();
  const u = new URL(url!);
  return u.pathname + u.search;
}

async function loginInForm(page: Page, creds: Credentials) {
  await page.getByRole('radio', { name: 'Pet Owner' }).check();
  await page.getByLabel(/^Email/).fill(creds.email);
  await page.getByLabel(/^Password/).fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('password reset (phone)', () => {
  test('forgot password → the emailed link → a new password → log in with it; old sessions end', async ({ page, request }) => {
    const creds = await newCustomer(request, 'Ritu Malhotra');
    // A session on another device, from before the reset.
    const before = (await (await request.post('/api/v1/auth/login', { data: creds })).json()).token as string;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel(/^Email/).fill(creds.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for this email, we have sent a link')).toBeVisible();
    await shoot(page, 'forgot-password-sent');

    const link = await resetLinkFor(request, creds.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel(/^New password/).fill('new-secret-7');
    await page.getByLabel(/^Confirm new password/).fill('new-secret-8');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await shoot(page, 'reset-password-form');
    await page.getByLabel(/^Confirm new password/).fill('new-secret-7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();

    // The session from before the reset is over.
    expect((await request.get('/api/v1/auth/me', { headers: { authorization: before } })).status()).toBe(401);

    // The old password no longer works; the new one does.
    await loginInForm(page, creds);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email, password or role' })).toBeVisible();
    await loginInForm(page, { ...creds, password: 'new-secret-7' });
    await expect(page).toHaveURL(/\/customer\/dashboard$/);

    // The link works once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('third-secret');
    await page.getByLabel(/^Confirm new password/).fill('third-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This reset link has already been used. Please request a new one.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });

  test('a signed-in page without a session: Please login to continue, then back to it with its query; logout ends the session', async ({
    page,
    request,
  }) => {
    const creds = await newCustomer(request, 'Kabir Sethi');
    await page.goto('/customer/profile?from=email');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please login to continue')).toBeVisible();
    await shoot(page, 'login-to-continue');
    await loginInForm(page, creds);
    await expect(page).toHaveURL(/\/customer\/profile\?from=email$/);

    // Your sessions: this device is listed and marked.
    const sessions = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await shoot(page, 'profile-sessions');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect((await request.get('/api/v1/auth/me', { headers: { authorization: token! } })).status()).toBe(200);

    // Logout from the phone menu: the server ends the session, so the token is refused even if it was copied.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).locator('..').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await request.get('/api/v1/auth/me', { headers: { authorization: token! } })).status()).toBe(401);
  });

  test('staff reach their sessions from the menu (My Account)', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/staff\/account$/);
    await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();
    await shoot(page, 'staff-account');
  });
});
