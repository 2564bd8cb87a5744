import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test, uniqueTag } from './fixtures';

const tag = () => `Rx${uniqueTag()}`;

async function staffApi(request: APIRequestContext) {
  const token = await apiToken(request, 'staff');
  const headers = { authorization: token };
  return {
    async addItem(body: Record<string, unknown>) {
      const res = await request.post('/api/v1/inventory/addinventory', { data: body, headers });
      expect(res.status()).toBe(201);
      return (await res.json()).item as { _id: string; itemName: string; stock: number };
    },
    async item(id: string) {
      return (await (await request.get(`/api/v1/inventory/getinventoryitemdetails/${id}`, { headers })).json()).item;
    },
    /** A demo pet whose name no other pet on the first page shares (so Pet Records can find it by name). */
    async anyPet(): Promise<{ _id: string; name: string }> {
      const res = await request.get('/api/v1/pet/getallpets', { headers });
      expect(res.ok()).toBeTruthy();
      const list = (await res.json()).list as { _id: string; name: string }[];
      const unique = list.filter((p) => list.filter((q) => q.name === p.name).length === 1);
      expect(unique.length).toBeGreaterThan(0);
      return unique[unique.length - 1]!;
    },
    async prescriptions(petId: string) {
      const res = await request.get(`/api/v1/prescription/getprescription/${petId}`, { headers });
      expect(res.ok()).toBeTruthy();
      return (await res.json()).data as any[];
    },
  };
}

/** Opens the prescription form for a pet the way the app does: the pet id in navigation state. */
async function openPrescriptionFor(page: Page, petId: string | null) {
  await page.evaluate((id) => {
    window.history.pushState({ usr: id ? { petId: id } : null, key: `rx${Date.now()}`, idx: 1 }, '', '/staff/prescription');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, petId);
  await expect(page.getByRole('heading', { name: 'Veterinary Prescription Form' })).toBeVisible();
}

async function pick(page: Page, select: string, itemName: string) {
  const box = page.getByRole('combobox', { name: select, exact: true });
  await box.click();
  await box.fill(itemName.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(itemName) }).click();
}

/** Pet Records: search the pet by name (the list is virtualised and grows while other tests run), then pick it. */
async function choosePetInRecords(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Pet Records' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pet name' }).fill(name);
  await page
    .getByRole('list', { name: 'All Pets' })
    .getByRole('button', { name: new RegExp(`^${name} `) })
    .click();
}

const tomorrow = () => {
  const d = new Date(Date.now() + 5.5 * 3600_000 + 86_400_000);
  return d.toISOString().slice(0, 10);
};

test.describe('prescriptions', () => {
  test('rows in several sections, live total by customer type, pay by cash, saved with stock taken and follow-up', async ({
    page,
    request,
  }) => {
    const api = await staffApi(request);
    const t = tag();
    // [NGO, customer] prices: tablet 5/8, ml 10/20, item 100/150
    const tab = await api.addItem({
      itemName: `${t} Doxycycline`,
      stock: 30,
      stockUnit: 'tablet',
      itemType: 'medicine',
      unitMinRetailPriceNGO: 5,
      unitMaxRetailPriceCustomer: 8,
    });
    const syr = await api.addItem({
      itemName: `${t} Lactulose Syrup`,
      stock: 40,
      stockUnit: 'ml',
      itemType: 'medicine',
      unitMinRetailPriceNGO: 10,
      unitMaxRetailPriceCustomer: 20,
    });
    const vac = await api.addItem({
      itemName: `${t} Leptospira Vaccine`,
      stock: 3,
      stockUnit: 'item',
      itemType: 'vaccine',
      unitMinRetailPriceNGO: 100,
      unitMaxRetailPriceCustomer: 150,
    });
    const pet = await api.anyPet();
    const before = (await api.prescriptions(pet._id)).length;

    // from Pet Records: choose the pet, then Add Prescription (the pet id travels in navigation state)
    await loginAs(page, request, 'staff', '/staff/history');
    await choosePetInRecords(page, pet.name);
    await page.getByRole('button', { name: 'Add Prescription' }).click();
    await expect(page).toHaveURL(/\/staff\/prescription$/);
    await expect(page.getByRole('heading', { name: 'Veterinary Prescription Form' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${pet.name}`))).toBeVisible();
    const total = page.getByTestId('rx-total');
    const note = page.getByTestId('rx-pricing-note');
    await expect(total).toHaveText('₹0.00');
    await expect(note).toHaveText('Standard Pricing');
    await expect(page.getByRole('button', { name: 'Save Prescription' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Tablet' }).click();
    await pick(page, 'Tablet #1', tab.itemName);
    await expect(page.getByRole('combobox', { name: 'Tablet #1', exact: true })).toHaveValue(
      `${tab.itemName} (Stock: 30 tablet)`,
    );
    await page.getByRole('textbox', { name: 'Quantity for Tablet #1' }).fill('3');
    await expect(total).toHaveText('₹24.00');

    await page.getByRole('button', { name: 'Add ML Item' }).click();
    await pick(page, 'ML Item #1', syr.itemName);
    await page.getByRole('textbox', { name: 'Quantity for ML Item #1' }).fill('2');
    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    await pick(page, 'Item #1', vac.itemName);
    // 3×8 + 2×20 + 1×150
    await expect(total).toHaveText('₹214.00');
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Customer Type' }).click();
    await page.getByRole('option', { name: 'NGO' }).click();
    // 3×5 + 2×10 + 1×100
    await expect(total).toHaveText('₹135.00');
    await expect(note).toHaveText('NGO Pricing');

    // a second row of the same item counts against its stock together with the first
    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    await pick(page, 'Item #2', vac.itemName);
    await page.getByRole('textbox', { name: 'Quantity for Item #2' }).fill('3');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText(`Item #2: Only 3 units available for ${vac.itemName}`).first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove Item #2' }).click();
    await expect(total).toHaveText('₹135.00');

    // follow-up needs all three fields
    await page.getByLabel('Follow-up Purpose', { exact: true }).fill('Recheck skin');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText('Follow-up date is required when scheduling follow-up').first()).toBeVisible();
    await page.getByLabel('Follow-up Date', { exact: true }).fill(tomorrow());
    await page.getByLabel('Follow-up Time', { exact: true }).fill('10:30');
    await page.getByRole('textbox', { name: 'Diagnosis' }).fill('Pyoderma');

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Options' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cash Payment' }).click();
    await expect(dialog.getByRole('button', { name: 'Cash Payment' })).toHaveAttribute('aria-pressed', 'true');
    await expect(submit).toBeDisabled();
    const box = dialog.getByRole('checkbox', { name: 'I confirm that the payment of ₹ 135.00 has been completed' });
    await box.check();
    await expect(submit).toBeEnabled();
    await box.uncheck();
    await expect(submit).toBeDisabled();
    await box.check();
    await submit.click();

    await expect(page.getByText('Payment Done Successfully! Prescription saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/history$/);

    const list = await api.prescriptions(pet._id);
    expect(list.length).toBe(before + 1);
    expect(list[0]).toMatchObject({
      customerType: 'NGO',
      totalPrice: 135,
      diagnosis: 'Pyoderma',
      nextFollowUp: tomorrow(),
      followUpTime: '10:30',
      followUpPurpose: 'Recheck skin',
      tablets: [{ id: { itemName: tab.itemName }, quantity: 3 }],
      ml: [{ id: { itemName: syr.itemName }, quantity: 2 }],
      items: [{ id: { itemName: vac.itemName }, quantity: 1 }],
      payment: { method: 'cash', amount: 135 },
    });
    expect((await api.item(tab._id)).stock).toBe(27);
    expect((await api.item(syr._id)).stock).toBe(38);
    expect((await api.item(vac._id)).stock).toBe(2);

    // Pet Records' View Vet History lists it; the details modal shows item names and quantities
    await choosePetInRecords(page, pet.name);
    await page.getByRole('button', { name: 'View Vet History' }).click();
    await page.getByRole('row').filter({ hasText: 'Pyoderma' }).first().click();
    const details = page.getByRole('dialog', { name: 'Prescription details' });
    await expect(details).toContainText(`${tab.itemName} × 3`);
    await expect(details).toContainText(`${syr.itemName} × 2`);
    await expect(details).toContainText(`${vac.itemName} × 1`);
    await expect(details).toContainText('₹135.00');
    await expect(details).toContainText('Cash · ₹135.00 paid');
  });

  test('pays by payment link and records that method; Cancel closes the modal without saving', async ({ page, request }) => {
    const api = await staffApi(request);
    const t = tag();
    const tab = await api.addItem({
      itemName: `${t} Cetirizine`,
      stock: 10,
      stockUnit: 'tablet',
      unitMinRetailPriceNGO: 2,
      unitMaxRetailPriceCustomer: 4.5,
    });
    const pet = await api.anyPet();
    const before = (await api.prescriptions(pet._id)).length;

    await loginAs(page, request, 'staff', '/staff/dashboard');
    await openPrescriptionFor(page, pet._id);
    await page.getByRole('button', { name: 'Add Tablet' }).click();
    await pick(page, 'Tablet #1', tab.itemName);
    await page.getByRole('textbox', { name: 'Quantity for Tablet #1' }).fill('2');
    await expect(page.getByTestId('rx-total')).toHaveText('₹9.00');

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await api.prescriptions(pet._id)).length).toBe(before);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Options' });
    await dialog.getByRole('button', { name: 'Payment Link' }).click();
    await dialog.getByRole('checkbox', { name: /₹ 9\.00/ }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    // A payment link asks for the money: the prescription is saved with the payment pending, never 'Payment Done'.
    await expect(
      page.getByText(/^Prescription saved\. (A payment link for the total was sent to the owner|The owner has no email address)/),
    ).toBeVisible();
    const list = await api.prescriptions(pet._id);
    expect(list[0]).toMatchObject({
      totalPrice: 9,
      customerType: 'pvtltd',
      payment: { method: 'payment_link', amount: 9, status: 'pending', receiptNo: null },
    });
  });

  test('messages: no pet, no rows, no item chosen, bad quantity; Reset Form clears everything', async ({ page, request }) => {
    const api = await staffApi(request);
    const tab = await api.addItem({
      itemName: `${tag()} Famotidine`,
      stock: 5,
      stockUnit: 'tablet',
      unitMaxRetailPriceCustomer: 3,
    });
    await loginAs(page, request, 'staff', '/staff/dashboard');

    await openPrescriptionFor(page, null);
    await expect(
      page.getByRole('alert').filter({ hasText: 'A pet must be selected. Please select a pet before proceeding.' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add Tablet' }).click();
    await pick(page, 'Tablet #1', tab.itemName);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'A pet must be selected' }).last()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const pet = await api.anyPet();
    await openPrescriptionFor(page, pet._id);
    await page.getByRole('button', { name: 'Save Prescription' }).click();
    await expect(page.getByText('Please add at least one medication (Item, Tablet, MG, or ML) before proceeding.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Mg Item' }).click();
    await page.getByRole('button', { name: 'Save Prescription' }).click();
    await expect(page.getByText('Please select a valid MG item for MG Item #1').first()).toBeVisible();

    await page.getByRole('button', { name: 'Remove MG Item #1' }).click();
    await page.getByRole('button', { name: 'Add Tablet' }).click();
    await pick(page, 'Tablet #1', tab.itemName);
    await page.getByRole('textbox', { name: 'Quantity for Tablet #1' }).fill('6');
    await expect(page.getByTestId('rx-total')).toHaveText('₹18.00');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText(`Tablet #1: Only 5 units available for ${tab.itemName}`).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Customer Type' }).click();
    await page.getByRole('option', { name: 'NGO' }).click();
    await page.getByRole('textbox', { name: 'Diagnosis' }).fill('Gastritis');
    await page.getByRole('button', { name: 'Reset Form' }).click();
    await expect(page.getByRole('combobox', { name: 'Customer Type' })).toHaveValue('Pvt Ltd');
    await expect(page.getByTestId('rx-total')).toHaveText('₹0.00');
    await expect(page.getByRole('combobox', { name: 'Tablet #1', exact: true })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Diagnosis' })).toHaveValue('');
    await expect(page.getByLabel('Follow-up Date', { exact: true })).toHaveValue('');
  });
});
