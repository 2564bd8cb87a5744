import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { newCustomerWithPets } from './customer-kit';
import { apiToken, expect, loginAs, loginWith, test } from './fixtures';

/**
 * GST documents (issue 17) in the browser, on a server with a business GSTIN (playwright.config.ts): a grooming sale
 * (SAC 999729 at 18 %, price including GST) paid in cash issues a tax invoice and a receipt; staff open the invoice from
 * the visit detail dialog's ledger, see it as it prints, and download its PDF, whose total is the screen's; an admin
 * voids the visit from the dialog and the credit note naming the invoice appears, its PDF total matching too; the
 * owner finds the documents under My Documents. At laptop and phone width; SHOTS_DIR keeps the screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;
const GSTIN = '06AAACP1234C1Z5';
const SAC = '999729';

interface VisitType {
  _id: string;
  code: string;
  purpose: string;
  price: number;
}

async function staffApi(request: APIRequestContext) {
  const headers = { authorization: await apiToken(request, 'staff') };
  return {
    async grooming(): Promise<VisitType> {
      const res = await request.get('/api/v1/visit/getallvisittypes', { headers });
      return (await res.json()).visitTypes.find((v: VisitType) => v.code === 'grooming');
    },
    /** The grooming type's GST (the Prices screen's fields); restored to 'not taxed' when the tests end. */
    async setGst(typeId: string, body: Record<string, unknown>) {
      const res = await request.patch(`/api/v1/admin/visit-types/${typeId}`, { headers, data: body });
      expect(res.status(), await res.text()).toBe(200);
    },
    async sale(petId: string, type: VisitType) {
      const res = await request.post('/api/v1/visit/addgroomingvisit', {
        headers,
        data: {
          petId,
          visitType: type._id,
          details: {
            planId: null,
            selectedPayment: 'cash',
            isSubscriptionAvailed: false,
            discount: 0,
            price: type.price,
            finalPrice: type.price,
          },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
  };
}

/** The text of a downloaded PDF. */
async function pdfText(download: Download): Promise<string> {
  const path = await download.path();
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The document's grand total as the screen shows it (the last row of the Totals table). */
async function screenTotal(sheet: Locator, label: string): Promise<string> {
  const row = sheet.getByRole('table', { name: 'Totals' }).getByRole('row', { name: new RegExp(`^${label}`) });
  return ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim();
}

/** Downloads the shown document's PDF: its file name is the number, its text the number and the screen's total. */
async function checkPdf(page: Page, number: string, total: string) {
  const pending = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await pending;
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const text = await pdfText(download);
  expect(text).toContain(number);
  expect(text).toContain(GSTIN);
  expect(text).toContain(total);
  return text;
}

async function shot(page: Page, name: string, width: number, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/documents-${name}-${width}.png`, fullPage, animations: 'disabled' });
}

async function openVisitDialog(page: Page, petName: string) {
  await page.goto('/staff/history');
  await page.getByLabel('Pet name').fill(petName);
  const entry = page.getByRole('list', { name: 'All Pets' }).getByRole('button', { name: new RegExp(petName) });
  await entry.click();
  await expect(page.getByRole('heading', { name: petName, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'View Visits' }).click();
  await page
    .getByRole('button', { name: /^View details of Grooming of/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Grooming details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

let grooming: VisitType;

test.beforeAll(async ({ request }) => {
  const staff = await staffApi(request);
  grooming = await staff.grooming();
  await staff.setGst(grooming._id, { sacCode: SAC, gstRate: 18, gstExempt: false, priceIncludesTax: true });
});

test.afterAll(async ({ request }) => {
  const staff = await staffApi(request);
  await staff.setGst(grooming._id, { sacCode: null, gstRate: 0 });
});

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`a sale's tax invoice and, after a void, its credit note: on screen, printed and as PDF; the owner's My Documents (${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    const petName = `Inv${Date.now().toString(36)}`;
    const customer = await newCustomerWithPets(request, [petName]);
    const staff = await staffApi(request);
    await staff.sale(customer.petIds[0]!, grooming);

    // Staff: the visit detail dialog's ledger links the charge to its tax invoice and the payment to its receipt.
    await loginAs(page, request, 'staff');
    let dialog = await openVisitDialog(page, petName);
    const ledger = dialog.getByRole('region', { name: 'Ledger' });
    const invoiceLink = ledger.getByRole('link', { name: /^Tax Invoice T\/\d{4}-\d{2}\/\d{6}$/ });
    await expect(invoiceLink).toBeVisible();
    await expect(ledger.getByRole('link', { name: /^Receipt / })).toBeVisible();
    await shot(page, 'dialog', width, false);
    const invoiceNo = ((await invoiceLink.textContent()) ?? '').replace('Tax Invoice ', '');
    await invoiceLink.click();

    // The invoice as it prints: GSTIN, buyer, SAC, CGST and SGST at 9 % each of the taxable value, the total, in words.
    await expect(page).toHaveURL(/\/staff\/documents\/[0-9a-f]{24}$/);
    const invoice = page.getByTestId('tax-document');
    await expect(invoice.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
    await expect(invoice).toContainText(invoiceNo);
    await expect(invoice).toContainText(`GSTIN ${GSTIN}`);
    await expect(invoice).toContainText(petName);
    await expect(invoice.getByRole('region', { name: 'Lines' })).toContainText(`SAC ${SAC}`);
    await expect(invoice.getByRole('region', { name: 'Lines' })).toContainText('18%');
    await expect(invoice.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
    await expect(invoice.getByRole('columnheader', { name: 'IGST' })).toHaveCount(0);
    await expect(invoice).toContainText('Amount in words: Rupees');
    const total = await screenTotal(invoice, 'Total');
    expect(total).toBe(`₹${grooming.price.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    await shot(page, 'invoice', width);
    // Printed: the sheet alone (no header, no buttons).
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(invoice).toBeVisible();
    await shot(page, 'invoice-print', width);
    await page.emulateMedia({ media: 'screen' });
    await checkPdf(page, invoiceNo, total);

    // An admin voids the visit from the dialog: a credit note for the invoice appears in the ledger.
    dialog = await openVisitDialog(page, petName);
    await dialog.getByRole('button', { name: 'Void visit' }).click();
    const voiding = page.getByRole('dialog', { name: 'Void visit' });
    await voiding.getByLabel(/Reason for voiding/).fill('Entered twice');
    await voiding.getByRole('button', { name: 'Void visit' }).click();
    await expect(voiding).toBeHidden();
    await expect(dialog.getByText('Voided: Entered twice')).toBeVisible();
    const creditLink = dialog.getByRole('region', { name: 'Ledger' }).getByRole('link', { name: /^Credit Note C\// });
    await expect(creditLink).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Void visit' })).toHaveCount(0);
    await shot(page, 'dialog-voided', width, false);
    const creditNo = ((await creditLink.textContent()) ?? '').replace('Credit Note ', '');
    await creditLink.click();

    const note = page.getByTestId('tax-document');
    await expect(note.getByRole('heading', { name: 'Credit Note' })).toBeVisible();
    await expect(note).toContainText(creditNo);
    await expect(note.getByRole('link', { name: invoiceNo })).toBeVisible();
    const credited = await screenTotal(note, 'Total credited');
    expect(credited).toBe(total);
    await shot(page, 'credit-note', width);
    const noteText = await checkPdf(page, creditNo, credited);
    expect(noteText).toContain(invoiceNo);

    // The owner: My Documents from the dashboard lists the invoice, the receipt and the credit note; one opens.
    await loginWith(page, request, customer.creds, '/customer/dashboard');
    await page
      .getByRole('navigation', { name: 'More for you' })
      .getByRole('link', { name: /My Documents/ })
      .click();
    await expect(page).toHaveURL(/\/customer\/documents$/);
    const mine = page.getByRole('list', { name: 'My documents' });
    await expect(mine.getByRole('link', { name: `Tax Invoice ${invoiceNo}` })).toBeVisible();
    await expect(mine.getByRole('link', { name: `Credit Note ${creditNo}` })).toBeVisible();
    await expect(mine.getByRole('link', { name: /^Receipt / })).toBeVisible();
    await shot(page, 'my-documents', width);
    await mine.getByRole('link', { name: `Credit Note ${creditNo}` }).click();
    await expect(page).toHaveURL(/\/customer\/documents\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('tax-document')).toContainText(creditNo);
    await expect(page.getByRole('button', { name: 'Email to owner' })).toHaveCount(0);
    await shot(page, 'customer-credit-note', width);
    await checkPdf(page, creditNo, credited);
    // The receipt of the cash payment: who paid, how much, how.
    await page.getByRole('link', { name: 'My documents' }).click();
    await mine.getByRole('link', { name: /^Receipt / }).click();
    const receipt = page.getByTestId('tax-document');
    await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(receipt.getByRole('region', { name: 'Payment' })).toContainText('Cash');
    expect(await screenTotal(receipt, 'Amount received')).toBe(total);
    await shot(page, 'receipt', width);
  });
}

test('a document that does not exist: Document not found', async ({ page, request }) => {
  await loginAs(page, request, 'staff', '/staff/documents/000000000000000000000000');
  await expect(page.getByText('Document not found')).toBeVisible();
});
