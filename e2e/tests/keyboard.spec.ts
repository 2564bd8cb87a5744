import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, loginWith, test, uniquePhone, uniqueTag as tag } from './fixtures';
import { api as deboardApi, inr, rowOf } from './deboard-kit';
import { customerGet, newCustomerWithPets } from './customer-kit';
import { shopSale } from './sales-kit';
import { activate, expectFocusTrapped, expectFocusVisible, tabTo, typeInto } from './keyboard-kit';

/**
 * The busiest flows with the keyboard alone (issue 22): after signing in through the API (set-up), no click, fill,
 * check or select on the page: Tab / Shift+Tab to move, typing, Enter and Space to act, arrows in lists, Escape to
 * close. Each flow asserts what its mouse spec asserts (message, address, records through the API), that the focus
 * is visible where it lands, and that dialogs keep and give back the focus.
 */

/** Pet Records: '/' jumps to the name search; type the name, Tab to the pet in All Pets, Enter. */
async function choosePetByKeyboard(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Pet Records' })).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole('searchbox', { name: 'Pet name' });
  if (!(await search.evaluate((el) => el === document.activeElement))) await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type(name);
  const list = page.getByRole('list', { name: 'All Pets' });
  const entry = list.getByRole('button', { name: new RegExp(`^${name} `) });
  // The newest pet heads the whole list too: wait for the search's answer, or the list is replaced while the focus is
  // in it (the focused row goes, and Tab starts again from where it was).
  await expect(list.getByRole('button', { name: / - Owner: / })).toHaveCount(1);
  await expect(entry).toHaveCount(1);
  await tabTo(page, entry);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** A combobox: Tab to it, type to filter (when given), ArrowDown to the option, Enter. */
async function pickOption(page: Page, box: Locator, option: string, opts?: { back?: boolean; max?: number }) {
  await tabTo(page, box, opts);
  await expectFocusVisible(page);
  const editable = await box.evaluate((el) => !(el as HTMLInputElement).readOnly);
  // A searchable select opens as it is typed in; a plain one with the arrow keys.
  if (editable) await page.keyboard.type(option.slice(0, 14));
  else await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: new RegExp(option) });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 10 && (await wanted.getAttribute('data-combobox-selected')) === null; i++)
    await page.keyboard.press('ArrowDown');
  await expect(wanted).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A radio group: Tab into it, then the arrow keys until `name` is checked. */
async function chooseRadio(page: Page, group: Locator, name: string) {
  const wanted = group.getByRole('radio', { name });
  await tabTo(page, group.getByRole('radio').first());
  await expectFocusVisible(page);
  for (let i = 0; i < 6 && !(await wanted.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeChecked();
  await expect(wanted).toBeFocused();
}

/** Payment Options by keyboard: Cash Payment, the confirmation for `amount` (Space), Submit. */
async function payByKeyboard(page: Page, amount: number) {
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const cash = dialog.getByRole('button', { name: 'Cash Payment' });
  await activate(page, cash);
  await expect(cash).toHaveAttribute('aria-pressed', 'true');
  const box = dialog.getByRole('checkbox', {
    name: `I confirm that the payment of ₹ ${inr(amount).slice(1)} has been completed`,
  });
  await activate(page, box, 'Space');
  await expect(box).toBeChecked();
  await activate(page, dialog.getByRole('button', { name: 'Submit' }));
}

async function staffGet(request: APIRequestContext, url: string, params?: Record<string, string>) {
  const res = await request.get(`/api/v1${url}`, { headers: { authorization: await apiToken(request, 'staff') }, params });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

test.describe('keyboard only', () => {
  // Every key is a round trip to the browser: the flows take longer than a click-through on a loaded machine.
  test.describe.configure({ timeout: 120_000 });
  test('add a pet: owner and pet fields, native selects by typing, Save with Enter', async ({ page, request }) => {
    const t = tag();
    const phone = uniquePhone();
    const name = `Kb${t}`;
    await loginAs(page, request, 'staff', '/staff/pet');
    await expect(page.getByRole('heading', { name: 'Add New Pet & Owner' })).toBeVisible();

    // The owner name has the focus on arrival.
    const ownerName = page.getByLabel('Owner name');
    await expect(ownerName).toBeFocused();
    await page.keyboard.type('Kabir Malhotra');
    await expectFocusVisible(page);
    await typeInto(page, page.getByLabel(/^Phone( \*)?$/), phone);
    await typeInto(page, page.getByLabel('Email (optional)'), 'kabir.kb@example.in');
    await typeInto(page, page.getByLabel('Address'), 'Sector 56, Gurugram');

    const pet1 = page.getByRole('group', { name: 'Pet 1' });
    await typeInto(page, pet1.getByLabel('Pet name'), name);
    // Native selects: type-ahead picks the option.
    await tabTo(page, pet1.getByLabel('Breed'));
    await expectFocusVisible(page);
    await page.keyboard.type('Labrador');
    await expect(pet1.getByLabel('Breed')).toHaveValue('Labrador Retriever');
    await tabTo(page, pet1.getByLabel('Sex'));
    await page.keyboard.type('Female');
    await expect(pet1.getByLabel('Sex')).toHaveValue('Female');
    await typeInto(page, pet1.getByLabel('Color'), 'Golden');
    await typeInto(page, pet1.getByLabel('Date of birth'), '14/03/2022');
    await tabTo(page, pet1.getByRole('checkbox', { name: 'Neutered' }));
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await expect(pet1.getByRole('checkbox', { name: 'Neutered' })).toBeChecked();
    // A vaccination row: the button adds it, Tab reaches its fields.
    await activate(page, pet1.getByRole('button', { name: 'Add vaccination' }));
    await typeInto(page, pet1.getByLabel('Vaccine name'), 'Rabies');
    await typeInto(page, pet1.getByLabel('Number of doses'), '1');

    const save = page.getByRole('button', { name: 'Save owner and pets' });
    await tabTo(page, save);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Data saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/history$/);
    // Pet Records opens with the new pet, the search field focused.
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByLabel('Pet name')).toBeFocused();

    const { list } = await staffGet(request, '/pet/getfilteredpetsbynameandphone', { name });
    expect(list).toHaveLength(1);
    const { pet } = await staffGet(request, `/pet/getpetdetails/${list[0]._id}`);
    expect(pet).toMatchObject({ name, breed: 'Labrador Retriever', sex: 'Female', color: 'Golden', dob: '2022-03-14' });
    expect(pet.neutered).toBe(true);
    expect(JSON.stringify(pet)).toContain('Rabies');
    expect(JSON.stringify(pet)).toContain(phone);
  });

  test('write a prescription: from Pet Records, rows by combobox, NGO pricing, cash through Payment Options', async ({
    page,
    request,
  }) => {
    const t = tag();
    const token = await apiToken(request, 'staff');
    const addItem = async (body: Record<string, unknown>) => {
      const res = await request.post('/api/v1/inventory/addinventory', { data: body, headers: { authorization: token } });
      expect(res.status()).toBe(201);
      return (await res.json()).item as { _id: string; itemName: string };
    };
    const tab = await addItem({
      itemName: `Kb${t} Doxycycline`,
      stock: 30,
      stockUnit: 'tablet',
      itemType: 'medicine',
      unitMinRetailPriceNGO: 5,
      unitMaxRetailPriceCustomer: 8,
    });
    const syr = await addItem({
      itemName: `Kb${t} Lactulose Syrup`,
      stock: 40,
      stockUnit: 'ml',
      itemType: 'medicine',
      unitMinRetailPriceNGO: 10,
      unitMaxRetailPriceCustomer: 20,
    });
    const petName = `Rx${t}`;
    const { petIds } = await addOwnerWithDog(request, { pet: { name: petName } });

    await loginAs(page, request, 'staff', '/staff/history');
    await choosePetByKeyboard(page, petName);
    await activate(page, page.getByRole('button', { name: 'Add Prescription' }));
    await expect(page).toHaveURL(/\/staff\/prescription$/);
    await expect(page.getByRole('heading', { name: 'Veterinary Prescription Form' })).toBeVisible();
    const total = page.getByTestId('rx-total');

    // A row: its Add button, then the item's combobox (type, arrow down, Enter) and the quantity.
    await activate(page, page.getByRole('button', { name: 'Add Tablet' }));
    await pickOption(page, page.getByRole('combobox', { name: 'Tablet #1', exact: true }), tab.itemName);
    await expect(page.getByRole('combobox', { name: 'Tablet #1', exact: true })).toHaveValue(
      `${tab.itemName} (Stock: 30 tablet)`,
    );
    await typeInto(page, page.getByRole('textbox', { name: 'Quantity for Tablet #1' }), '3');
    await expect(total).toHaveText('₹24.00');
    await activate(page, page.getByRole('button', { name: 'Add ML Item' }), 'Enter', { back: true, max: 40 });
    await pickOption(page, page.getByRole('combobox', { name: 'ML Item #1', exact: true }), syr.itemName);
    await typeInto(page, page.getByRole('textbox', { name: 'Quantity for ML Item #1' }), '2');
    await expect(total).toHaveText('₹64.00');

    // Customer Type: a select whose list opens with the arrow keys.
    await pickOption(page, page.getByRole('combobox', { name: 'Customer Type' }), 'NGO', { back: true, max: 60 });
    await expect(page.getByRole('combobox', { name: 'Customer Type' })).toHaveValue('NGO');
    await expect(total).toHaveText('₹35.00');
    await typeInto(page, page.getByRole('textbox', { name: 'Diagnosis' }), 'Pyoderma');

    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    await tabTo(page, proceed, { max: 40 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Payment Options' });
    await expect(dialog).toBeVisible();
    // The dialog takes the focus and keeps it; Escape closes it and gives the focus back to its opener.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(proceed).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();

    const cash = dialog.getByRole('button', { name: 'Cash Payment' });
    await tabTo(page, cash);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(cash).toHaveAttribute('aria-pressed', 'true');
    const box = dialog.getByRole('checkbox', { name: 'I confirm that the payment of ₹ 35.00 has been completed' });
    await tabTo(page, box);
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await tabTo(page, submit);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');

    await expect(page.getByText('Payment Done Successfully! Prescription saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/history$/);
    const { data } = await staffGet(request, `/prescription/getprescription/${petIds[0]}`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      customerType: 'NGO',
      totalPrice: 35,
      diagnosis: 'Pyoderma',
      tablets: [{ id: { itemName: tab.itemName }, quantity: 3 }],
      ml: [{ id: { itemName: syr.itemName }, quantity: 2 }],
      payment: { method: 'cash', amount: 35 },
    });
    const stock = async (id: string) => (await staffGet(request, `/inventory/getinventoryitemdetails/${id}`)).item.stock;
    expect(await stock(tab._id)).toBe(27);
    expect(await stock(syr._id)).toBe(38);
  });

  test('record a hostel visit with a partial payment, then deboard it paying the rest: New Visit and Deboard', async ({
    page,
    request,
  }) => {
    const a = deboardApi(request, await apiToken(request, 'staff'));
    const hostel = await a.type('hostel');
    const { petId, name } = await a.newPet();
    const total = hostel.price * 2;

    await loginAs(page, request, 'staff', '/staff/history');
    await choosePetByKeyboard(page, name);
    await activate(page, page.getByRole('button', { name: 'Add Visit' }));
    await expect(page).toHaveURL(/\/staff\/nvisit2?$/);
    await expect(page.getByTestId('visit-pet')).toContainText(name);
    await pickOption(page, page.getByRole('combobox', { name: 'Purpose of visit' }), 'Hostel');
    await expect(page.getByRole('combobox', { name: 'Purpose of visit' })).toHaveValue('Hostel');
    await typeInto(page, page.getByRole('textbox', { name: 'Number of days' }), '2');
    await expect(page.getByTestId('price-total')).toHaveText(inr(total));
    await activate(page, page.getByRole('button', { name: 'Proceed to Payment' }), 'Enter', { max: 40 });

    // Payment Type: a radio group (arrow keys choose), the amount, Next.
    const typeDialog = page.getByRole('dialog', { name: 'Payment Type' });
    await expect(typeDialog).toBeVisible();
    await expect.poll(() => typeDialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await chooseRadio(page, typeDialog.getByRole('radiogroup'), 'Partial Payment');
    await typeInto(page, typeDialog.getByRole('textbox', { name: 'Amount collected now' }), '500');
    await activate(page, typeDialog.getByRole('button', { name: 'Next' }));
    await payByKeyboard(page, 500);
    await expect(page.getByText('Dog boarded successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    const visits = (await staffGet(request, '/visit/getparticularpetvisit', { petId })).List;
    expect(visits[0]).toMatchObject({ visitType: { purpose: 'Hostel' }, price: total });
    expect(visits[0].details.payment.amount).toBe(500);
    expect(visits[0].details.paymentLeft).toBe(total - 500);
    expect((await a.boarding(petId)).boardingType.purpose).toBe('Hostel');

    // Deboard through the menu: the dashboard's content has the focus; Shift+Tab goes back up to the navigation.
    const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deboard', exact: true });
    await tabTo(page, menuLink, { back: true, max: 40 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/staff\/deboard$/);
    await activate(page, page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Hostel' }), 'Enter', {
      max: 40,
    });
    await expect(page).toHaveURL(/\/staff\/deboard\?type=[0-9a-f]{24}$/);
    const row = rowOf(page, name);
    await expect(row.getByText('Boarded', { exact: true })).toBeVisible();
    const details = row.getByRole('button', { name: 'Show Details' });
    await tabTo(page, details, { max: 80 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(name) });
    await expect(dialog.getByTestId('deboard-due')).toHaveText(inr(total - 500));
    // With money due the focus waits on Take payment.
    const takePayment = dialog.getByRole('button', { name: `Take payment of ${inr(total - 500)}` });
    await expect(takePayment).toBeFocused();
    await expectFocusVisible(page);
    await expectFocusTrapped(page, dialog, 8);
    await tabTo(page, takePayment);
    await page.keyboard.press('Enter');
    await payByKeyboard(page, total - 500);
    await expect(page.getByText('Pet deboarded successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Not Boarded')).toBeVisible();
    expect(await a.boarding(petId)).toBeNull();
    // The focus comes back to the row's button that opened the details.
    await expect(details).toBeFocused();
  });

  test('take a refund: Pet Records → View Visits → Cancel & refund, the reason, Confirm; the focus stays on the visit', async ({
    page,
    request,
  }) => {
    // ₹8,000 paid in cash: under ₹20,000 the policy keeps ₹5,000 and refunds ₹3,000 (refunds.spec.ts).
    const sale = await shopSale(request, 'cash', 8000);
    await loginAs(page, request, 'staff', '/staff/history');
    await choosePetByKeyboard(page, sale.petName);
    await activate(page, page.getByRole('button', { name: 'View Visits' }), 'Enter', { max: 40 });
    const visit = page.getByRole('list', { name: 'Visits' }).getByRole('listitem').first();
    await expect(visit).toContainText(`Paid ${inr(8000)} · Cash`);
    const cancel = visit.getByRole('button', { name: 'Cancel & refund' });
    await tabTo(page, cancel, { max: 40 });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Cancel & refund' });
    await expect(dialog.getByText('Within the refund window')).toBeVisible();
    const reason = dialog.getByRole('textbox', { name: /Reason for cancelling/ });
    await expect(reason).toBeFocused();
    await expectFocusVisible(page);
    await expectFocusTrapped(page, dialog, 8);
    // Escape closes it and gives the focus back to Cancel & refund; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reason).toBeFocused();
    await page.keyboard.type('Owner returned the bed unused');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await tabTo(page, confirm);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');

    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Sale cancelled and refund recorded' }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(visit.getByLabel('Refunds')).toContainText(`Refund ${inr(3000)} · Cash · Receipt R/`);
    await expect(visit).toContainText(`Charged ${inr(5000)} · Paid ${inr(5000)} · Cash`);
    // Its button gone, the focus stays on the visit.
    await expect(visit).toBeFocused();
    await expectFocusVisible(page);
    const res = await request.get('/api/v1/payments/statement', {
      headers: { authorization: await apiToken(request, 'staff') },
      params: { petId: sale.petId },
    });
    expect(res.status(), await res.text()).toBe(200);
    const statement = await res.json();
    expect(statement.totals.due).toBe(0);
    const refunds = statement.entries.filter(
      (e: { kind: string; visitId: string }) => e.kind === 'refund' && e.visitId === sale.visitId,
    );
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 3000, method: 'cash', status: 'completed', receiptNo: expect.stringMatching(/^R\//) }),
    ]);
  });

  test.describe('on a fixed day', () => {
    // The server's clock at 10:00 on 1 Mar 2027 in Gurugram (appointments.spec.ts): tomorrow is 2 Mar 2027. Put back
    // in afterAll, which has a request context of its own even when the test timed out.
    const clock = async (request: APIRequestContext, at: string | null) => {
      const res = await request.post('/api/v1/test/clock', {
        headers: { authorization: await apiToken(request, 'staff') },
        data: { at },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    test.beforeAll(({ request }) => clock(request, '2027-03-01T04:30:00.000Z'));
    test.afterAll(({ request }) => clock(request, null));

    test('book an appointment as an owner: Our Services → Book Now, the day typed, a time, pay online, the checkout', async ({
      page,
      request,
    }) => {
      const { creds, token } = await newCustomerWithPets(request, ['Bruno']);
      const services = await customerGet(request, token, '/customerappointment/services');
      const grooming = services.services.find((s: { code: string }) => s.code === 'grooming') as { price: number };
      await loginWith(page, request, creds, '/customerservice');
      await activate(page, page.getByRole('button', { name: 'Book Now: Grooming' }), 'Enter', { max: 40 });
      await expect(page).toHaveURL(/\/customer\/book(service|appointment)\?service=/);
      await expect(page.getByTestId('booking-service')).toHaveText('Grooming', { timeout: 30_000 });
      // The one pet is chosen already.
      await expect(page.getByRole('combobox', { name: /^Pet/ })).toHaveValue(/[0-9a-f]{24}/);

      await typeInto(page, page.getByRole('textbox', { name: /^Date/ }), '02/03/2027', { max: 40 });
      await expectFocusVisible(page);
      // The times: each a radio; Tab reaches the first free one, Space takes it.
      const times = page.getByRole('radiogroup', { name: 'Time' });
      await expect(times.getByRole('radio').first()).toBeAttached();
      // The first free time (on a server used before, earlier ones may be taken).
      const time = (await times.locator('input[type=radio]:not(:disabled)').first().getAttribute('value'))!;
      const slot = times.getByRole('radio', { name: time, exact: true });
      await tabTo(page, slot, { max: 40 });
      await expectFocusVisible(page);
      await page.keyboard.press('Space');
      await expect(slot).toBeChecked();
      await typeInto(page, page.getByRole('textbox', { name: 'Notes' }), 'Nervous with dryers', { max: 40 });
      // Payment: a segmented control; the arrow keys move to Pay online now.
      const online = page.getByRole('radio', { name: 'Pay online now' });
      await tabTo(page, page.getByRole('radio', { name: 'Pay at the desk' }), { max: 10 });
      await expectFocusVisible(page);
      await page.keyboard.press('ArrowRight');
      await expect(online).toBeChecked();
      await expect(page.getByTestId('booking-total')).toHaveText(inr(grooming.price));
      const book = page.getByRole('button', { name: `Pay ${inr(grooming.price)} and book` });
      await tabTo(page, book, { max: 10 });
      await expectFocusVisible(page);
      await page.keyboard.press('Enter');

      // The offline provider's checkout: a dialog holding the focus; its Pay button by Tab and Enter.
      const checkout = page.getByRole('dialog', { name: 'Card checkout' });
      await expect(checkout.getByTestId('checkout-amount')).toHaveText(inr(grooming.price));
      await expect.poll(() => checkout.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expectFocusTrapped(page, checkout, 6);
      await activate(page, checkout.getByRole('button', { name: `Pay ${inr(grooming.price)}` }));

      await expect(page).toHaveURL(/\/customer\/seeappointment\?paid=1$/, { timeout: 30_000 });
      await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
      const card = page.getByTestId('appointment-card');
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('appointment-status')).toHaveText('Pending');
      await expect(card.getByTestId('appointment-when')).toHaveText(`2 Mar 2027 at ${time}`);
      await expect(card.getByTestId('appointment-payment')).toHaveText(`Paid online ${inr(grooming.price)}`);
      const me = (await (await request.post('/api/v1/auth/login', { data: creds })).json()).user;
      const { data } = await customerGet(request, token, `/customerappointment/getcustomerappoint/${me.customer_id ?? me.id}`);
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ appointmentDate: '2027-03-02', appointmentTime: time, notes: 'Nervous with dryers' });
      expect(data[0].payment).toMatchObject({ state: 'paid', paid: grooming.price });
    });
  });
});
