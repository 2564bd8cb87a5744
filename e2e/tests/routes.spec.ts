import { expect, loginAs, test } from './fixtures';

/** Every route of spec 000 §2 renders (no error screen, no uncaught page error). */
const PUBLIC = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/aboutus',
  '/contactus',
  '/privacypolicy',
  '/refundpolicy',
  '/termsandcondition',
  '/shippingpolicy',
  '/customerservice',
];
const STAFF = [
  '/staff/history',
  '/staff/dashboard',
  '/staff/pet',
  '/staff/inventory',
  '/staff/inventoryList',
  '/staff/editinventory',
  '/staff/editInventory',
  '/staff/alertlist',
  '/staff/BreedManagement',
  '/staff/salesSection',
  '/staff/saleshistory',
  '/staff/reminders',
  '/staff/attendance',
  '/staff/petByDate',
  '/staff/nvisit',
  '/staff/nvisit2',
  '/staff/buysubscription',
  '/staff/deboard',
  '/staff/reservations',
  '/staff/prescription',
  '/staff/onlinecustomerappointment',
  '/staff/account',
  '/staff/documents/000000000000000000000000',
  '/staff/reportcards',
  '/staff/reportcards/000000000000000000000000',
  '/staff/import',
];
const CUSTOMER = [
  '/customer/dashboard',
  '/customer/bookservice',
  '/customer/bookappointment',
  '/customer/seeappointment',
  '/customer/buysubscription',
  '/customer/petform',
  '/customer/subscription',
  '/customer/viewvisit',
  '/customer/viewpetvisit/000000000000000000000000',
  '/customer/documents',
  '/customer/documents/000000000000000000000000',
  '/customer/reportcards',
  '/customerpetform',
];

async function expectRenders(page: import('@playwright/test').Page, path: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.getByText('Something went wrong', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`, 'i'));
  expect(errors).toEqual([]);
}

test('every public route renders', async ({ page }) => {
  for (const path of PUBLIC) await expectRenders(page, path);
});

test('every staff route renders for staff', async ({ page, request }) => {
  await loginAs(page, request, 'staff');
  for (const path of STAFF) await expectRenders(page, path);
});

test('every customer route renders for a customer', async ({ page, request }) => {
  await loginAs(page, request, 'customer');
  for (const path of CUSTOMER) await expectRenders(page, path);
});
