import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniqueTag as tag } from './fixtures';

/**
 * The owner's statement (issue 15 "Owner accounts"): an overpayment made the way it happens (a sale paid in cash, then
 * voided by an admin: its money moves to the owner's unapplied balance) applied to a later visit from Pet Records'
 * Account panel; the printable statement; and the staff dashboard's Notifications card, whose notice about money
 * captured on a voided order opens that owner's statement.
 */

const SHOTS = 'test-results';
const V = '/api/v1';
const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function staffHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, 'staff')}` };
}

/** A shop sale of one item at `price` to the dog, saved through the API with the payment method asked for. */
async function shopSale(request: APIRequestContext, petId: string, method: 'cash' | 'card', price: number) {
  const headers = await staffHeaders(request);
  const types = await (await request.get(`${V}/visit/getallvisittypes`, { headers })).json();
  const shop = types.visitTypes.find((v: { code: string }) => v.code === 'shop');
  const saved = await request.post(`${V}/visit/addshopvisit`, {
    headers,
    data: {
      petId,
      visitType: shop._id,
      items: [{ name: 'Raincoat', price, quantity: 1, category: 'Apparel' }],
      details: { totalCalculatedPrice: price, selectedPayment: method },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return (await saved.json()).visit._id as string;
}

/** POST /visit/voidvisit as the demo admin. */
async function voidVisit(request: APIRequestContext, visitId: string, reason: string) {
  const res = await request.post(`${V}/visit/voidvisit`, { headers: await staffHeaders(request), data: { visitId, reason } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function statementOf(request: APIRequestContext, petId: string) {
  const res = await request.get(`${V}/payments/statement`, { headers: await staffHeaders(request), params: { petId } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Every identity of the statement, to the paisa. */
type Totals = Record<
  'charged' | 'credited' | 'paid' | 'refunded' | 'due' | 'unapplied' | 'wallet' | 'deposit' | 'overpaid' | 'balance',
  number
>;
function expectReconciled(s: { entries: { effect: number; balance: number }[]; totals: Totals; openSales: { due: number }[] }) {
  const p = (r: number) => Math.round(r * 100);
  let running = 0;
  for (const e of s.entries) {
    running += p(e.effect);
    expect(p(e.balance)).toBe(running);
  }
  const t = s.totals;
  expect(p(t.balance)).toBe(running);
  expect(p(t.balance)).toBe(p(t.charged) - p(t.credited) - p(t.paid) + p(t.refunded));
  expect(p(t.balance)).toBe(p(t.due) - p(t.unapplied) - p(t.wallet) - p(t.deposit) - p(t.overpaid));
  expect(p(t.due)).toBe(s.openSales.reduce((n, o) => n + p(o.due), 0));
}

/** Pet Records with the pet selected (as Add Pet lands there; `panel: 'statement'` opens its Account). */
async function openPetRecords(page: Page, request: APIRequestContext, petId: string, petName: string, panel?: 'statement') {
  await loginAs(page, request, 'staff', '/staff/dashboard');
  await page.evaluate(
    ({ id, p }) => {
      window.history.pushState({ usr: { petId: id, panel: p }, key: `st${Date.now()}`, idx: 1 }, '', '/staff/history');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { id: petId, p: panel },
  );
  await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
}

/** Screenshots at 1280 and 390 px wide (back to 1280 after). */
async function shots(page: Page, name: string, fullPage = true) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/statement-${name}-1280.png`, fullPage, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/statement-${name}-390.png`, fullPage, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('owner statement', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // window.print() opens the browser's dialog; the test counts the calls instead.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
  });

  test('an overpayment from a voided cash sale, applied to a later visit: the sale’s due drops and the balance reconciles', async ({
    page,
    request,
  }) => {
    const petName = `St${tag()}`;
    const ownerName = `Owner ${tag()}`;
    const petId = (await addOwnerWithDog(request, { ownerName, pet: { name: petName } })).petIds[0]!;
    // ₹1,200 paid in cash, then the visit voided: its charge is credited and the ₹1,200 held as unapplied.
    const voided = await shopSale(request, petId, 'cash', 1200);
    const v = await voidVisit(request, voided, 'Raincoat never collected');
    expect(v.unapplied).toBe(1200);
    // A later visit of ₹1,500, to be paid by card (its order not paid yet).
    const later = await shopSale(request, petId, 'card', 1500);
    const before = await statementOf(request, petId);
    expectReconciled(before);
    expect(before.totals).toMatchObject({ due: 1500, unapplied: 1200, balance: 300 });

    await openPetRecords(page, request, petId, petName);
    await page.getByRole('button', { name: /^Account/ }).click();
    const panel = page.getByRole('region', { name: 'Account' });
    await expect(panel.getByText(`Owner: ${ownerName}`)).toBeVisible();
    await expect(panel.getByTestId('statement-due')).toContainText(rupees(1500));
    await expect(panel.getByTestId('statement-held')).toContainText(`Unapplied ${rupees(1200)}`);
    await expect(panel.getByTestId('statement-balance')).toContainText(`Owes ${rupees(300)}`);
    const table = panel.getByRole('table', { name: 'Statement entries' });
    await expect(table).toContainText('Credit on Shop (voided)');
    await expect(table).toContainText('Overpayment on Shop (voided) moved to the unapplied balance');
    await expect(panel.getByText(`${rupees(1500)} due`)).toBeVisible();
    await shots(page, 'panel');

    // The printable copy: letterhead, owner, entries and totals; printing starts when it opens.
    const business = (await (await request.get(`${V}/site/business`)).json()).business;
    await panel.getByRole('button', { name: 'Print statement' }).click();
    const sheet = page.getByRole('dialog', { name: 'Printable statement' });
    await expect(sheet.getByRole('heading', { name: business.name })).toBeVisible();
    await expect(sheet).toContainText(business.address);
    await expect(sheet).toContainText(ownerName);
    await expect(sheet.getByRole('table', { name: 'Totals' })).toContainText(`BalanceOwes ${rupees(300)}`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await shots(page, 'printable', false);
    // What the paper gets: the sheet alone, without the app or the toolbar.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(sheet.getByRole('button', { name: 'Print' })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/statement-printed-1280.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Apply the ₹1,200 held to the later visit: the amount starts at the lesser of held and due.
    await panel.getByRole('button', { name: 'Apply to a sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply to a sale' });
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('1,200');
    await expect(dialog.getByRole('combobox', { name: /^Sale/ })).toHaveValue(/^₹1,500\.00 due · Shop · /);
    await shots(page, 'apply', false);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog).toContainText(`Apply ${rupees(1200)} from the owner's unapplied balance to Shop`);
    await expect(dialog).toContainText(`${rupees(300)} will still be due on the sale`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Applied to the sale')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(panel.getByTestId('statement-due')).toContainText(rupees(300));
    await expect(panel.getByTestId('statement-held')).toContainText('Nothing held');
    await expect(panel.getByTestId('statement-balance')).toContainText(`Owes ${rupees(300)}`);
    await expect(panel.getByText(`${rupees(300)} due`)).toBeVisible();
    await expect(table).toContainText('Applied to Shop from the unapplied balance');
    await expect(panel.getByRole('button', { name: 'Apply to a sale' })).toBeDisabled();
    await shots(page, 'applied');

    const after = await statementOf(request, petId);
    expectReconciled(after);
    expect(after.totals).toMatchObject({ charged: 2700, credited: 1200, paid: 1200, due: 300, unapplied: 0, balance: 300 });
    expect(after.openSales).toEqual([expect.objectContaining({ visitId: later, due: 300 })]);
    // The card payment asked for ₹1,500 would now collect more than is due: it was voided (no double collection).
    expect(after.entries.filter((e: { method: string }) => e.method === 'card').map((e: { status: string }) => e.status)).toEqual(
      ['void'],
    );
  });

  test('the dashboard’s Notifications card: money captured on a voided order, opened on the owner’s statement, then marked read', async ({
    page,
    request,
  }) => {
    const headers = await staffHeaders(request);
    // Earlier specs leave notifications (some dated ahead by the test clock, so listed first): start from none unread.
    expect((await request.post(`${V}/staff/notifications/read`, { headers, data: { all: true } })).status()).toBe(200);
    const petName = `Nt${tag()}`;
    const petId = (await addOwnerWithDog(request, { pet: { name: petName } })).petIds[0]!;
    // A card order is opened, the visit voided (the order's payment voided with it), then the owner pays the order
    // anyway: the capture is held on the unapplied balance and staff are told.
    const visitId = await shopSale(request, petId, 'card', 700);
    const order = (await (await request.post(`${V}/payments/create-order`, { headers, data: { notes: { visitId } } })).json())
      .order;
    await voidVisit(request, visitId, 'Booked twice');
    const paid = await (
      await request.post(`${V}/payments/offline/checkout/${order.id}/pay`, { headers, data: { outcome: 'success' } })
    ).json();
    const verified = await request.post(`${V}/payments/verify-payment`, { headers, data: paid });
    expect(verified.status(), await verified.text()).toBe(200);
    const title = `${rupees(700)} received that pays no sale`;

    await loginAs(page, request, 'staff', '/staff/dashboard');
    const card = page.getByRole('region', { name: 'Notifications' });
    const item = card.getByRole('listitem', { name: title });
    await expect(item).toBeVisible();
    await expect(card.getByTestId('notifications-unread')).toContainText(/\d+ unread/);
    const unread = Number((await card.getByTestId('notifications-unread').textContent())?.match(/\d+/)?.[0]);
    await expect(page.getByTestId('inbox-bell').first()).toHaveAttribute('data-count', String(unread));
    await shots(page, 'dashboard');

    await item.getByRole('link', { name: 'Open statement' }).click();
    await expect(page).toHaveURL(/\/staff\/history$/);
    const panel = page.getByRole('region', { name: 'Account' });
    await expect(panel.getByTestId('statement-held')).toContainText(`Unapplied ${rupees(700)}`);
    await expect(panel.getByRole('table', { name: 'Statement entries' })).toContainText(petName);

    await page.goBack();
    await card.getByRole('button', { name: `Mark read: ${title}` }).click();
    await expect(item).toBeHidden();
    await expect(page.getByTestId('inbox-bell').first()).toHaveAttribute('data-count', String(unread - 1));
    await shots(page, 'dashboard-read');
  });
});
