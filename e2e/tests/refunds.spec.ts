import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test } from './fixtures';
import { type Sale, shopSale } from './sales-kit';

/**
 * Cancelling a sale with its refund under the refund policy, and voiding a visit, from Pet Records as the admin
 * (issue 15). The e2e server has no Razorpay keys: card money goes back through the offline provider, whose staff-only
 * `POST /payments/offline/refunds/{refundId}/process` plays Razorpay's refund.processed webhook.
 */

const SHOTS = 'test-results';
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Pet Records with the pet selected (as Add Pet lands there), its visits open; answers the visit's list item. */
async function openVisits(page: Page, request: APIRequestContext, sale: Sale): Promise<Locator> {
  await loginAs(page, request, 'staff', '/staff/dashboard');
  await page.evaluate((id) => {
    window.history.pushState({ usr: { petId: id }, key: `rf${Date.now()}`, idx: 1 }, '', '/staff/history');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, sale.petId);
  await expect(page.getByRole('heading', { name: sale.petName, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'View Visits' }).click();
  const visit = page.getByRole('list', { name: 'Visits' }).getByRole('listitem').first();
  await expect(visit).toContainText('Shop');
  return visit;
}

/** Screenshots at 1280 and 390 px wide (back to 1280 after): the whole page, or what a dialog covers. */
async function shots(page: Page, name: string, fullPage = true) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/refunds-${name}-1280.png`, fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/refunds-${name}-390.png`, fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const figure = (dialog: Locator, label: string) =>
  dialog
    .getByLabel('Refund figures')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('+ dd');

test.describe('refunds and voids', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('cancel and refund a cash sale within the window: the quote, the refund with its R/ receipt, nothing owed', async ({
    page,
    request,
  }) => {
    // ₹8,000 paid in cash: under ₹20,000 the policy keeps ₹5,000 and refunds ₹3,000.
    const sale = await shopSale(request, 'cash', 8000);
    const visit = await openVisits(page, request, sale);
    await expect(visit).toContainText(`Paid ${rupees(8000)} · Cash`);

    await visit.getByRole('button', { name: 'Cancel & refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel & refund' });
    await expect(figure(dialog, 'Amount cancelled')).toHaveText(rupees(8000));
    await expect(figure(dialog, 'Paid')).toHaveText(rupees(8000));
    await expect(figure(dialog, 'Policy deduction')).toHaveText(rupees(5000));
    await expect(figure(dialog, 'Credit to the sale')).toHaveText(rupees(3000));
    await expect(figure(dialog, 'Refund')).toHaveText(rupees(3000));
    await expect(figure(dialog, 'Kept')).toHaveText(rupees(5000));
    await expect(dialog.getByText('Within the refund window')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'The refund comes from' })).toContainText(`Cash ${rupees(3000)} (receipt`);
    const reason = dialog.getByRole('textbox', { name: /Reason for cancelling/ });
    await expect(reason).toBeFocused();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await reason.fill('Owner returned the bed unused');
    await shots(page, 'cancel-dialog', false);
    // The override starts from the policy's amount and asks for its own reason; untick it to go with the policy.
    const override = dialog.getByRole('checkbox', { name: 'Override the policy amount' });
    await override.check();
    await expect(dialog.getByRole('textbox', { name: /Amount to refund/ })).toHaveValue('3,000');
    await expect(confirm).toBeDisabled();
    await shots(page, 'cancel-override', false);
    await override.uncheck();
    await confirm.click();

    await expect(toast(page, 'Sale cancelled and refund recorded')).toBeVisible();
    await expect(dialog).toBeHidden();
    const refunds = visit.getByLabel('Refunds');
    await expect(refunds).toContainText(`Refund ${rupees(3000)} · Cash · Receipt R/`);
    await expect(refunds).toContainText('Completed');
    await expect(refunds).toContainText(/R\/\d{4}-\d{2}\/\d{6}/);
    // The sale now charges the deduction the policy keeps, which stays paid; nothing is owed, and it cancels once.
    await expect(visit).toContainText(`Charged ${rupees(5000)} · Paid ${rupees(5000)} · Cash`);
    await expect(visit).toContainText(`Credited ${rupees(3000)} on cancellation`);
    await expect(visit).not.toContainText(' due');
    await expect(visit.getByRole('button', { name: 'Cancel & refund' })).toHaveCount(0);
    // Its button gone, the keyboard focus stays on the visit.
    await expect(visit).toBeFocused();
    await shots(page, 'refunded-visit');
  });

  test('a card sale refunded through the offline provider: pending until its webhook confirms it', async ({ page, request }) => {
    const sale = await shopSale(request, 'card', 6000);
    const visit = await openVisits(page, request, sale);
    await expect(visit).toContainText(`Paid ${rupees(6000)} · Card`);

    await visit.getByRole('button', { name: 'Cancel & refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel & refund' });
    await expect(figure(dialog, 'Refund')).toHaveText(rupees(1000));
    await expect(dialog.getByRole('list', { name: 'The refund comes from' })).toContainText(`Card ${rupees(1000)}`);
    await expect(dialog.getByRole('list', { name: 'The refund comes from' })).toContainText(
      'through the provider, confirmed when it reports back',
    );
    await dialog.getByRole('textbox', { name: /Reason for cancelling/ }).fill('Wrong size');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/payments/cancel-sale'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const cancelled = await (await answered).json();
    expect(cancelled.refunds).toHaveLength(1);
    expect(cancelled.refunds[0]).toMatchObject({ amount: 1000, method: 'card', status: 'pending' });
    await expect(toast(page, 'Sale cancelled and refund recorded')).toBeVisible();

    const refunds = visit.getByLabel('Refunds');
    await expect(refunds).toContainText(`Refund ${rupees(1000)} · Card`);
    await expect(refunds).toContainText('Pending');
    await shots(page, 'card-refund-pending');

    // The provider reports back: the offline provider plays Razorpay's refund.processed webhook.
    const token = await apiToken(request, 'staff');
    const refund = cancelled.refunds[0];
    const processed = await request.post(`/api/v1/payments/offline/refunds/${refund._id}/process`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(processed.status(), await processed.text()).toBe(200);
    expect((await processed.json()).refund.status).toBe('completed');

    await page.reload();
    const again = await openVisits(page, request, sale);
    await expect(again.getByLabel('Refunds')).toContainText(`Refund ${rupees(1000)} · Card`);
    await expect(again.getByLabel('Refunds')).toContainText('Completed');
    await expect(again.getByLabel('Refunds')).not.toContainText('Pending');
  });

  test('void a visit: it shows Voided with its reason and no money actions', async ({ page, request }) => {
    const sale = await shopSale(request, 'cash', 1200);
    const visit = await openVisits(page, request, sale);
    await visit.getByRole('button', { name: 'Void visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void visit' });
    await expect(dialog).toContainText(`The ${rupees(1200)} already paid moves to the owner's unapplied balance`);
    const reason = dialog.getByRole('textbox', { name: /Reason for voiding/ });
    await expect(reason).toBeFocused();
    await reason.fill('Entered for the wrong pet');
    await shots(page, 'void-dialog', false);
    await dialog.getByRole('button', { name: 'Void visit' }).click();

    await expect(toast(page, 'Visit voided')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(visit.getByText('Voided', { exact: true })).toBeVisible();
    await expect(visit).toContainText('Voided: Entered for the wrong pet');
    await expect(visit).toContainText(`${rupees(1200)} paid moved to the owner's unapplied balance`);
    // No money action is left on a voided visit: only its details open.
    await expect(visit.getByRole('button')).toHaveCount(1);
    await expect(visit.getByRole('button', { name: 'View details' })).toBeVisible();
    await expect(visit).toBeFocused();
    await shots(page, 'voided-visit');
  });
});
