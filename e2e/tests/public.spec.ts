import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';

/** The home catalogue of spec 000 §9: name, duration in words, price in rupees. */
const CATALOGUE = [
  ['Boarding/Hostel', '24 hours', '₹1,000.00'],
  ['Day Boarding/Hostel', '24 hours', '₹1,000.00'],
  ['Day School', '8 hours', '₹650.00'],
  ['Dog Park', '3 hours', '₹350.00'],
  ['Grooming', '1 hour', '₹700.00'],
  ['Play School', '2 hours', '₹450.00'],
] as const;

const serviceCard = (page: Page, scope: string, name: string) =>
  page.locator(`${scope} article`).filter({ has: page.getByRole('heading', { name, exact: true }) });

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Shipping Policy' })).toBeVisible();
}

test.describe('home page', () => {
  test('shows the business, the catalogue with durations and prices, hours, windows, the age rule and location', async ({
    page,
  }) => {
    const business = await (await page.request.get('/api/v1/site/business')).json();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(business.business.name);
    await expect(page.locator('h1')).toHaveCount(1);

    for (const [name, duration, price] of CATALOGUE) {
      const card = serviceCard(page, '#services', name);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(duration);
      await expect(card).toContainText(price);
    }

    const main = page.getByRole('main');
    await expect(main).toContainText('Mon-Sun 7:30 AM to 7:30 PM');
    await expect(main).toContainText('7:30-9:30 AM');
    await expect(main).toContainText('5:30-7:30 PM');
    await expect(main).toContainText('A dog must be at least 4 months old with core vaccinations.');
    await expect(main.getByRole('heading', { name: 'Veterinary care' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Find us in Gurugram' })).toBeVisible();
    await expect(main).toContainText(business.business.address);
    await expectFooter(page);

    await main.getByRole('link', { name: 'Book a service' }).first().click();
    await expect(page).toHaveURL(/\/customerservice$/);
    await page.goto('/');
    await main.getByRole('link', { name: 'Sign up' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('on a phone the mobile menu opens with the public links and nothing overflows', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    for (const label of ['Home', 'About us', 'Contact us', 'Login', 'Sign up']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'About us', exact: true }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  });
});

test('about us tells the story of the resort', async ({ page }) => {
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  const main = page.getByRole('main');
  await expect(main).toContainText('Gurugram');
  await expect(main).toContainText('Veterinary care');
  await expect(main).toContainText('A dog must be at least 4 months old with core vaccinations.');
  await expectFooter(page);
});

test.describe('contact us', () => {
  test('validates on the client: required fields, email shape and phone digits', async ({ page }) => {
    await page.goto('/contactus');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Comment is required')).toBeVisible();

    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/^Phone/).fill('12345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Email format is invalid')).toBeVisible();
    await expect(page.getByText('Enter a valid 10-digit phone number')).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows the server field errors beside their fields', async ({ page }) => {
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'This address cannot receive mail',
          errors: { email: 'This address cannot receive mail' },
        }),
      }),
    );
    await page.goto('/contactus');
    await page.getByLabel(/^Name/).fill('Asha Verma');
    await page.getByLabel(/^Email/).fill('asha@example.com');
    await page.getByLabel(/^Comment/).fill('Do you have space next weekend?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('This address cannot receive mail')).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/^Name/)).toHaveValue('Asha Verma');
  });

  test('submits to the server, disables the button while sending, confirms and resets', async ({ page }) => {
    await page.goto('/contactus');
    const main = page.getByRole('main');
    await expect(main).toContainText('Mon-Sun 7:30 AM to 7:30 PM');

    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/v1/contact', async (route) => {
      await held;
      await route.continue();
    });

    await page.getByLabel(/^Name/).fill('  Asha Verma ');
    await page.getByLabel(/^Email/).fill('asha@example.com');
    await page.getByLabel(/^Phone/).fill('9876543210');
    await page.getByLabel(/^Comment/).fill('Do you have space for a Beagle next weekend?');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/contact') && r.method() === 'POST');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await request).postDataJSON()).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      phone: '9876543210',
      comment: 'Do you have space for a Beagle next weekend?',
    });
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    release();
    expect((await response).status()).toBe(201);

    await expect(page.getByText('Form submitted successfully!')).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveValue('');
    await expect(page.getByLabel(/^Comment/)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expectFooter(page);
  });
});

test.describe('policy pages', () => {
  test('privacy policy and terms name the business', async ({ page }) => {
    const { business } = await (await page.request.get('/api/v1/site/business')).json();
    await page.goto('/privacypolicy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('main')).toContainText(business.name);
    await expect(page.getByRole('heading', { name: 'Information we collect' })).toBeVisible();
    await expectFooter(page);

    await page.goto('/termsandcondition');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    await expect(page.getByRole('main')).toContainText(business.name);
    await expect(page.getByRole('main')).toContainText('A dog must be at least 4 months old with core vaccinations.');
    await expectFooter(page);
  });

  test('refund policy gives the window, the deductions and the processing time', async ({ page }) => {
    await page.goto('/refundpolicy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
    const main = page.getByRole('main');
    await expect(main).toContainText('within 4 days');
    await expect(page.getByRole('row', { name: /Under ₹20,000\s*₹5,000/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /₹20,000 and above\s*₹7,500/ })).toBeVisible();
    await expect(main).toContainText('processed in 15 days');
    await expect(main).toContainText('report damaged or defective items within 4 days');
    await expectFooter(page);
  });

  test('shipping policy: self-collection, requirements, hours, holding periods, contact and thanks', async ({ page }) => {
    await page.goto('/shippingpolicy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping & Delivery Policy');
    const main = page.getByRole('main');
    for (const text of [
      'We do not offer shipping or delivery.',
      'All purchases are self-collected',
      'Resort Reception Desk',
      'A valid ID and the order confirmation are required',
      'Items are ready within 24-48 hours',
      'Wait for the order confirmation by email or SMS.',
      'Bring a valid photo ID.',
      'Have the order number or receipt ready.',
      'held for at most 30 days',
      'Perishable items are held for at most 7 days.',
      'Uncollected items may be disposed of',
      'By phone during collection hours',
      'We respond within 24 hours.',
      'Thank you',
    ]) {
      await expect(main).toContainText(text);
    }
    await expect(page.getByRole('row', { name: /Mon-Fri\s*9:00 AM-8:00 PM/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Saturday\s*9:00 AM-6:00 PM/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Sunday\s*10:00 AM-5:00 PM/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Public holidays\s*Limited hours/ })).toBeVisible();
    await expectFooter(page);
  });
});

test.describe('customer service list', () => {
  test('lists the services from the API; a visitor who books is sent to login', async ({ page }) => {
    const { data } = await (await page.request.get('/api/v1/customerservices/getallservices')).json();
    expect(data.length).toBeGreaterThan(0);
    await page.goto('/customerservice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    await expect(page.getByRole('button', { name: /^Book Now/ })).toHaveCount(data.length);
    for (const [name, duration, price] of CATALOGUE) {
      const card = serviceCard(page, 'main', name);
      await expect(card).toContainText(duration);
      await expect(card).toContainText(price);
    }
    await page.getByRole('button', { name: 'Book Now: Grooming' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // After login the visitor lands on the booking page of that service (it rides in ?service=).
    const from = await page.evaluate(() => window.history.state?.usr?.from);
    const grooming = data.find((s: { name: string }) => s.name === 'Grooming');
    expect(from).toBe(`/customer/bookservice?service=${grooming.visitTypeId}`);
  });

  test('a signed-in customer books with the service in navigation state', async ({ page, request }) => {
    const { data } = await (await page.request.get('/api/v1/customerservices/getallservices')).json();
    const park = data.find((s: { name: string }) => s.name === 'Dog Park');
    await loginAs(page, request, 'customer', '/customerservice');
    await page.getByRole('button', { name: 'Book Now: Dog Park' }).click();
    await expect(page).toHaveURL(new RegExp(`/customer/bookservice\\?service=${park.visitTypeId}$`));
    const state = await page.evaluate(() => window.history.state?.usr);
    expect(state).toEqual({
      service: { _id: park._id, visitTypeId: park.visitTypeId, name: 'Dog Park', price: 350, duration: 180 },
    });
    await expect(page.getByTestId('booking-service')).toHaveText('Dog Park');
  });

  test('shows the server message with Try Again, recovers, and shows an empty state', async ({ page }) => {
    let mode: 'fail' | 'empty' | 'live' = 'fail';
    await page.route('**/api/v1/customerservices/getallservices', (route) => {
      if (mode === 'fail')
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Service catalogue is being updated' }),
        });
      if (mode === 'empty')
        return route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"data":[]}' });
      return route.continue();
    });
    await page.goto('/customerservice');
    await expect(page.getByRole('alert').filter({ hasText: 'Service catalogue is being updated' })).toBeVisible({
      timeout: 15_000,
    });
    mode = 'live';
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Book Now: Day School' })).toBeVisible();

    mode = 'empty';
    await page.reload();
    await expect(page.getByText('No services are available right now')).toBeVisible();
  });

  test('a network failure shows the fallback message', async ({ page }) => {
    await page.route('**/api/v1/customerservices/getallservices', (route) => route.abort());
    await page.goto('/customerservice');
    await expect(page.getByText('Failed to fetch services')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
