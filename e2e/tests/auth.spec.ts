import { DEMO, expect, loginAs, STORAGE_KEYS, test } from './fixtures';

test.describe('sign-in', () => {
  test('the login button stays disabled until role, email and password are filled', async ({ page }) => {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Login' });
    await expect(button).toBeDisabled();
    await page.getByLabel(/^Email/).fill(DEMO.staff.email);
    await expect(button).toBeDisabled();
    await page.getByLabel(/^Password/).fill(DEMO.staff.password);
    await expect(button).toBeDisabled();
    await page.getByLabel('Staff Member').check();
    await expect(button).toBeEnabled();
    await page.getByLabel(/^Email/).fill('');
    await expect(button).toBeDisabled();
  });

  test('staff logs in and reaches the staff dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Staff Member').check();
    await page.getByLabel(/^Email/).fill(DEMO.staff.email);
    await page.getByLabel(/^Password/).fill(DEMO.staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Pet Owner Master' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inventory Master' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reminders Panel' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('staff');
  });

  test('customer logs in and reaches the customer dashboard with their name', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Pet Owner').check();
    await page.getByLabel(/^Email/).fill(DEMO.customer.email);
    await page.getByLabel(/^Password/).fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Welcome, Rohan Mehta/ })).toBeVisible();
  });

  test('a wrong password shows the server message and stays on login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Staff Member').check();
    await page.getByLabel(/^Email/).fill(DEMO.staff.email);
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email, password or role');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout clears every stored key', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), STORAGE_KEYS);
    expect(stored).toEqual([null, null, null, null, null]);
  });

  test('signup validates, shows server field errors, then goes to login', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel(/^Full name/).fill('Meera Nair');
    await page.getByLabel(/^Email/).fill(DEMO.customer.email);
    await page.getByLabel(/^Password/).fill('secret12');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
    const email = `meera.${Date.now()}@example.in`;
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Account created successfully! Please login to continue.')).toBeVisible();
  });
});

test.describe('guards (spec 000 §6)', () => {
  test('an unauthenticated user on a staff or customer path goes to login', async ({ page }) => {
    await page.goto('/staff/inventoryList');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/customer/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an authenticated user on a login path goes to their own dashboard', async ({ page, request }) => {
    await loginAs(page, request, 'customer', '/login');
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
  });

  test('a staff user on a customer path goes to login, then on to the staff dashboard', async ({ page, request }) => {
    await loginAs(page, request, 'staff', '/customer/subscription');
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
  });

  test('a customer on a staff path goes to login, then on to the customer dashboard', async ({ page, request }) => {
    await loginAs(page, request, 'customer', '/staff/history');
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
