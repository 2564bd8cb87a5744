import { apiToken, expect, loginAs, test } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;

test.describe("the existing web client's calls, as Pawdesk's screens show them", () => {
  test("a prescription saved without a payment method (the client's) reads 'Method not recorded' in Vet History", async ({
    page,
    request,
  }) => {
    const headers = { authorization: await apiToken(request, 'staff') };
    const name = `Nomethod${Date.now().toString(36)}`;
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const pet = {
      name,
      species: 'dog',
      breed: 'Akita Inu',
      sex: 'Male',
      color: 'White',
      dob: '2022-01-01',
      registrationDate: '2026-01-01',
    };
    const added = await request.post('/api/v1/pet/addpet', {
      headers,
      data: { ownerName: 'Client Owner', phone, address: 'Sector 45', pets: [pet] },
    });
    expect(added.status()).toBe(201);
    const petId = (await added.json()).petIds[0] as string;
    const item = await request.post('/api/v1/inventory/addinventory', {
      headers,
      data: { itemName: `${name} Tablet`, stock: 10, stockUnit: 'tablet', itemType: 'medicine', unitMaxRetailPriceCustomer: 12 },
    });
    const itemId = (await item.json()).item._id as string;
    // As the existing client sends it: no selectedPayment.
    const rx = await request.post('/api/v1/prescription/addprescription', {
      headers,
      data: { petId, customerType: 'pvtltd', tablets: [{ id: itemId, quantity: 2 }], diagnosis: 'Tick fever', totalPrice: 24 },
    });
    expect(rx.status()).toBe(201);

    await loginAs(page, request, 'staff', '/staff/history');
    await page.getByRole('searchbox', { name: 'Pet name' }).fill(name);
    await page
      .getByRole('list', { name: 'All Pets' })
      .getByRole('button', { name: new RegExp(`^${name} `) })
      .click();
    await page.getByRole('button', { name: 'View Vet History' }).click();
    await page.getByRole('row').filter({ hasText: 'Tick fever' }).first().click();
    const details = page.getByRole('dialog', { name: 'Prescription details' });
    await expect(details).toContainText('Method not recorded · ₹24.00 paid');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rx-method-not-recorded.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rx-method-not-recorded-phone.png`, fullPage: true });
  });
});
