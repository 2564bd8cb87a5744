import type { APIRequestContext } from '@playwright/test';
import { apiToken, type Credentials, expect, loginWith, test } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;

/** A new customer account (signed up through the API), so the demo customer stays as it is. */
async function newCustomer(request: APIRequestContext, fullName: string): Promise<Credentials> {
  const email = `profile.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@owner.test`;
  const res = await request.post('/api/v1/auth/signup', { data: { fullName, email, password: 'secret123', role: 'customer' } });
  expect(res.status()).toBe(201);
  return { email, password: 'secret123', role: 'customer' };
}

const randomPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

test.describe('customer profile (/customer/profile)', () => {
  test('edits name, phone and address with inline errors; the email is read-only; saved details come back', async ({
    page,
    request,
  }) => {
    const creds = await newCustomer(request, 'Meera Kapoor');
    await loginWith(page, request, creds, '/customer/dashboard');
    await page
      .getByRole('navigation', { name: 'More for you' })
      .getByRole('link', { name: /My Profile/ })
      .click();
    await expect(page).toHaveURL(/\/customer\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    const name = page.getByLabel('Full name');
    const email = page.getByLabel('Email');
    const phone = page.getByLabel('Phone');
    const address = page.getByLabel('Address');
    await expect(name).toHaveValue('Meera Kapoor');
    await expect(email).toHaveValue(creds.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(phone).toHaveValue('');

    // Nothing saved yet: every problem shows inline at once.
    await name.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('Address is required')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-errors.png`, fullPage: true });

    const mine = randomPhone();
    await name.fill('Meera K. Kapoor');
    await phone.fill(`+91 ${mine.slice(0, 5)} ${mine.slice(5)}`);
    await expect(phone).toHaveValue(mine);
    await address.fill('Flat 12, DLF Phase 3\nGurugram');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile saved successfully')).toBeVisible();
    // The header (the stored login user) takes the new name.
    await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Meera K. Kapoor');

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Meera K. Kapoor');
    await expect(page.getByLabel('Phone')).toHaveValue(mine);
    await expect(page.getByLabel('Address')).toHaveValue('Flat 12, DLF Phase 3\nGurugram');
    // Login now answers the phone and address too (the existing client prefills its pet form from them).
    const login = await (await request.post('/api/v1/auth/login', { data: creds })).json();
    expect(login.user).toMatchObject({ phone: mine, address: 'Flat 12, DLF Phase 3\nGurugram' });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-desktop.png`, fullPage: true });
  });

  test("another owner's phone is refused inline, nothing is saved", async ({ page, request }) => {
    const taken = randomPhone();
    const staff = await apiToken(request, 'staff');
    const add = await request.post('/api/v1/pet/addpet', {
      headers: { authorization: staff },
      data: {
        ownerName: 'Somebody Else',
        phone: taken,
        address: 'Sector 45',
        pets: [
          {
            name: 'Tom',
            species: 'dog',
            breed: 'Indie',
            sex: 'Male',
            color: 'Black',
            dob: '2022-01-01',
            registrationDate: '2026-01-01',
          },
        ],
      },
    });
    expect(add.status()).toBe(201);
    const creds = await newCustomer(request, 'Arjun Rao');
    await loginWith(page, request, creds, '/customer/profile');
    await page.getByLabel('Phone').fill(taken);
    await page.getByLabel('Address').fill('Sohna Road');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const message =
      'This phone number is already registered to another owner at the clinic. Use a different number or contact the clinic.';
    await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(message);
    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue('');
  });

  test('reached from the profile menu, and fits a phone screen', async ({ page, request }) => {
    const creds = await newCustomer(request, 'Kiran Shah');
    await loginWith(page, request, creds, '/customer/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/customer\/profile$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByLabel('Full name')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-phone.png`, fullPage: true });
  });

  test('the customer area guard applies: staff are sent to their own dashboard', async ({ page, request }) => {
    await loginWith(page, request, { email: 'staff@pawdesk.test', password: 'staff123', role: 'staff' }, '/customer/profile');
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
  });
});
