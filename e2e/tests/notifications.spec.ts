import { DESKTOP, newCustomerWithPets, PHONE, shoot } from './customer-kit';
import { expect, loginAs, loginWith, test, uniqueTag } from './fixtures';

/**
 * Live notifications (issue 19): staff see a booking made by a customer appear in the header's bell without a reload
 * (pushed over the server-sent events stream), and the customer finds the booking in their own inbox.
 */
test.describe('notifications', () => {
  test('a customer books; the staff bell shows it without a reload; the customer sees it in their inbox', async ({
    page,
    request,
    browser,
  }) => {
    const petName = `Zuzu ${uniqueTag()}`;
    const customer = await newCustomerWithPets(request, [petName]);
    const headers = { authorization: customer.token };

    // Staff on their dashboard, the live stream open.
    await page.setViewportSize(DESKTOP);
    const streamOpened = page.waitForResponse(
      (r) => r.url().includes('/api/v1/staff/notifications/stream') && r.status() === 200,
    );
    await loginAs(page, request, 'staff', '/staff/dashboard');
    await streamOpened;
    const bell = page.getByTestId('inbox-bell').first();
    await expect(bell).toHaveAttribute('data-count', /^\d+$/);
    // On connect the client reloads the list once (nothing missed while it was away); let that settle first.
    await page.waitForTimeout(1500);
    const before = Number(await bell.getAttribute('data-count'));
    const listReloads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/staff\/notifications(\?|$)/.test(r.url())) listReloads.push(r.url());
    });

    // The customer books a grooming slot (another user, through the API).
    const services = await (await request.get('/api/v1/customerappointment/services', { headers })).json();
    const grooming = services.services.find((s: { name: string }) => s.name === 'Grooming');
    const booked = await request.post('/api/v1/customerappointment/createappoint', {
      headers,
      data: {
        serviceId: grooming._id,
        appointmentDate: services.earliestDate,
        appointmentTime: '16:30',
        petId: customer.petIds[0],
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // Pushed: the count goes up and the entry is in the bell's list, with no reload of the page or the list.
    await expect(bell).toHaveAttribute('data-count', String(before + 1), { timeout: 8000 });
    await expect(page.getByTestId('staff-live-announcer')).toHaveText('New notification: New online booking');
    expect(listReloads).toEqual([]);
    await page
      .getByRole('button', { name: `Notifications: ${before + 1} unread` })
      .first()
      .click();
    const dropdown = page.getByRole('dialog', { name: 'Recent notifications' });
    const item = dropdown.getByRole('listitem').filter({ hasText: petName });
    await expect(item).toBeVisible();
    await expect(item).toHaveAccessibleName('Unread: New online booking');
    await expect(item.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/staff/onlinecustomerappointment');
    await shoot(page, 'staff-bell');
    await item.getByRole('button', { name: 'Mark read: New online booking' }).click();
    await expect(bell).toHaveAttribute('data-count', String(before));
    // At phone width the header's other bell opens the same list.
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.locator('[data-testid="inbox-bell"]:visible button').click();
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByRole('listitem').filter({ hasText: petName })).toHaveAccessibleName('New online booking');
    if (process.env.SHOTS_DIR) {
      await page.waitForTimeout(400); // the dropdown's opening transition
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/staff-bell-open-390.png` });
    }
    await page.keyboard.press('Escape');

    // The customer (phone width) sees the booking in their inbox, with the badge in the header.
    const ctx = await browser.newContext({ viewport: PHONE });
    const phone = await ctx.newPage();
    await loginWith(phone, request, customer.creds, '/customer/notifications');
    await expect(phone.getByRole('heading', { name: 'My Notifications' })).toBeVisible();
    const entry = phone.getByRole('listitem', { name: `Unread: Appointment booked: Grooming for ${petName}` });
    await expect(entry).toBeVisible();
    await expect(phone.getByTestId('customer-bell').first()).toHaveAttribute('data-count', '1');
    await shoot(phone, 'customer-inbox');
    await entry.getByRole('button', { name: /^Mark read/ }).click();
    await expect(phone.getByRole('listitem', { name: `Appointment booked: Grooming for ${petName}` })).toBeVisible();
    await expect(phone.getByTestId('customer-bell').first()).toHaveAttribute('data-count', '0');
    await ctx.close();
  });
});
