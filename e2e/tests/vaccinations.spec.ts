import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, loginAs, test, uniquePhone, uniqueTag as tag } from './fixtures';

/**
 * Vaccination records and the admission rule (issue 11): dates and a batch / serial number on the add and edit
 * forms and in Pet Records' panel; 'Vaccinations due' with Remind owner; the admission warning and its
 * acknowledgement on New Visit (Hostel), also when the server refuses the save (409). Screenshots at 1280 and 390.
 */

const PHONE_WIDTH = { width: 390, height: 844 };
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/vaccinations-${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize(PHONE_WIDTH);
  await page.screenshot({ path: `${SHOTS}/vaccinations-${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function api(request: APIRequestContext) {
  const headers = { authorization: await apiToken(request, 'staff') };
  return {
    today: async (): Promise<string> => (await (await request.get('/api/v1/reminders/presets', { headers })).json()).today,
    byName: async (name: string) =>
      (await (await request.get('/api/v1/pet/getfilteredpetsbynameandphone', { headers, params: { name } })).json()).list,
    pet: async (id: string) => (await (await request.get(`/api/v1/pet/getpetdetails/${id}`, { headers })).json()).pet,
    edit: async (pet: Record<string, unknown>, vaccinations: unknown[]) => {
      const res = await request.post('/api/v1/pet/editpetdetails', { headers, data: { ...pet, id: pet._id, vaccinations } });
      expect(res.status(), await res.text()).toBe(200);
    },
    boarding: async (petId: string) =>
      (await (await request.post('/api/v1/boarding/checkboarding', { headers, data: { _id: petId } })).json()).boardingDetails,
  };
}

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const dayLabel = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
};

/** Opens New Visit for a pet the way Pet Records does: the pet id in navigation state. */
async function openNewVisit(page: Page, petId: string) {
  await page.evaluate((id) => {
    window.history.pushState({ usr: { petId: id }, key: `nv${Date.now()}`, idx: 1 }, '', '/staff/nvisit2');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, petId);
}

async function chooseHostel(page: Page) {
  await page.getByRole('combobox', { name: 'Purpose of visit' }).click();
  await page.getByRole('option', { name: 'Hostel', exact: true }).click();
}

/** Payment type Advance, then cash with the confirmation ticked. */
async function payCash(page: Page) {
  const typeDialog = page.getByRole('dialog', { name: 'Payment Type' });
  await typeDialog.getByRole('radio', { name: 'Advance Payment' }).check();
  await typeDialog.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await dialog.getByRole('button', { name: 'Cash Payment' }).click();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

test('dates and a batch / serial number on the add and edit forms and in the vaccination panel', async ({ page, request }) => {
  const a = await api(request);
  const name = `Vx${tag()}`;
  await loginAs(page, request, 'staff', '/staff/pet');
  await page.getByLabel('Owner name').fill('Nisha Kapoor');
  await page.getByLabel(/^Phone( \*)?$/).fill(uniquePhone());
  await page.getByLabel('Address').fill('Sector 21, Gurugram');
  const pet = page.getByRole('group', { name: 'Pet 1' });
  await pet.getByLabel('Pet name').fill(name);
  await pet.getByLabel('Breed').selectOption('Beagle');
  await pet.getByLabel('Sex').selectOption('Female');
  await pet.getByLabel('Color').fill('Tan');
  await pet.getByLabel('Date of birth').fill('2023-02-10');
  await pet.getByRole('button', { name: 'Add vaccination' }).click();
  await pet.getByLabel('Vaccine name').fill('Rabies (Nobivac)');
  await pet.getByLabel('Number of doses').fill('2');
  await pet.getByLabel('Date given').fill('2026-03-01');
  await pet.getByLabel('Batch / serial no.').fill('NB-4471');
  await pet.getByLabel('Next due').fill('2027-03-01');
  await shots(page, 'add-form');
  await page.getByRole('button', { name: 'Save owner and pets' }).click();
  await expect(page.getByText('Data saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/history$/);

  // Pet Records opens with the new pet: its vaccination panel shows every field.
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Vaccinations/ }).click();
  const panel = page.getByRole('region', { name: 'Vaccinations' });
  for (const text of ['Rabies (Nobivac)', '2', '1 Mar 2026', 'NB-4471', '1 Mar 2027']) await expect(panel).toContainText(text);
  await expect(panel.getByRole('columnheader', { name: 'Batch / serial no.' })).toBeVisible();
  await shots(page, 'panel');
  await panel.getByRole('row', { name: 'Vaccination Rabies (Nobivac)' }).click();
  await expect(page.getByRole('dialog', { name: 'Vaccination details' })).toContainText('NB-4471');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Back to pet details' }).click();

  // The edit form shows the record; a new serial is saved on the same row.
  await page.getByRole('button', { name: 'Edit Pet Details' }).click();
  const form = page.getByRole('form', { name: 'Edit pet details' });
  await expect(form.getByLabel('Batch / serial no.')).toHaveValue('NB-4471');
  await expect(form.getByLabel('Date given')).toHaveValue('01/03/2026');
  await form.getByLabel('Batch / serial no.').fill('NB-4480');
  await shots(page, 'edit-form');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();
  const [found] = await a.byName(name);
  expect((await a.pet(found._id)).vaccinations).toMatchObject([
    { name: 'Rabies (Nobivac)', numberOfDose: 2, givenOn: '2026-03-01', serialNo: 'NB-4480', nextDue: '2027-03-01' },
  ]);
});

test('Vaccinations due: overdue, today and upcoming; Remind owner once a day; remind all asks first', async ({
  page,
  request,
}) => {
  const a = await api(request);
  const today = await a.today();
  const t = tag();
  const owner = `Owner ${t}`;
  const { petIds } = await addOwnerWithDog(request, {
    ownerName: owner,
    email: `${t}@vaccines.test`,
    pet: {
      name: `Due${t}`,
      vaccinations: [
        { name: 'Rabies', numberOfDose: 2, givenOn: addDays(today, -370), nextDue: addDays(today, -5) },
        { name: 'DHPP', numberOfDose: 1, nextDue: today },
        { name: 'Leptospirosis', numberOfDose: 1, nextDue: addDays(today, 12) },
      ],
    },
  });
  await loginAs(page, request, 'staff', '/staff/reminders');
  await page.getByRole('tab', { name: 'Vaccinations due' }).click();
  // The header speaks of vaccinations; the follow-ups' Remind All belongs to the other tab.
  await expect(page.getByText('Vaccinations overdue and coming due; remind their owners by email.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remind All', exact: true })).toHaveCount(0);
  const overdue = page.getByRole('region', { name: 'Overdue' });
  const dueToday = page.getByRole('region', { name: 'Due today' });
  const upcoming = page.getByRole('region', { name: 'Due in the next 30 days' });
  await expect(overdue.getByRole('row', { name: new RegExp(`Due${t}.*Rabies`) })).toContainText(dayLabel(addDays(today, -5)));
  await expect(dueToday.getByRole('row', { name: new RegExp(`Due${t}.*DHPP`) })).toBeVisible();
  await expect(upcoming.getByRole('row', { name: new RegExp(`Due${t}.*Leptospirosis`) })).toContainText(owner);
  await shots(page, 'due-list');

  // Remind owner: one email to the owner listing all three; every row of that owner then reads 'Reminded today'.
  await overdue.getByRole('button', { name: `Remind owner of Due${t} about Rabies` }).click();
  await expect(page.getByText('1 owner reminded')).toBeVisible();
  for (const region of [overdue, dueToday, upcoming]) {
    await expect(region.getByRole('row', { name: new RegExp(`Due${t}`) })).toContainText('Reminded today');
  }
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByText(`vaccinations due for Due${t}`).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Vaccinations due' }).click();

  // Remind all shown asks first; cancelling sends nothing.
  const all = page.getByRole('button', { name: 'Remind all shown' });
  if (await all.isEnabled()) {
    await all.click();
    const dialog = page.getByRole('dialog', { name: 'Remind owners' });
    await expect(dialog).toContainText("about their pets' due vaccinations");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  expect(petIds).toHaveLength(1);
});

test('New Visit (Hostel): the admission warning needs the acknowledgement; a refusal from the server shows it too', async ({
  page,
  request,
}) => {
  const a = await api(request);
  const t = tag();
  // A dog without vaccination records.
  const { petIds } = await addOwnerWithDog(request, { pet: { name: `Adm${t}`, vaccinations: [] } });
  const petId = petIds[0]!;
  await loginAs(page, request, 'staff', '/staff/dashboard');
  await openNewVisit(page, petId);
  await chooseHostel(page);
  const warning = page.getByRole('alert', { name: 'Admission rule: check this pet before boarding' });
  await expect(warning).toContainText('No record of Rabies');
  await expect(warning).toContainText('No record of DHPP');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(warning.getByText('Tick this to board the pet anyway')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Payment Type' })).toHaveCount(0);
  await shots(page, 'warning');
  await warning.getByRole('checkbox', { name: 'I have checked and accept this pet' }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payCash(page);
  await expect(page.getByText('Dog boarded successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  expect((await a.boarding(petId)).boardingType.purpose).toBe('Hostel');

  // A dog that met the rule when the form opened, whose records changed before Save: the server's 409 shows the
  // list and the box; ticked, the save goes through.
  const second = (await addOwnerWithDog(request, { pet: { name: `Adm2${t}` } })).petIds[0]!;
  await openNewVisit(page, second);
  await chooseHostel(page);
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  await expect(warning).toHaveCount(0);
  await a.edit(await a.pet(second), [{ name: 'Rabies', numberOfDose: 1 }]);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payCash(page);
  await expect(page.getByText('Admission rule: No record of DHPP. Confirm to board anyway.')).toBeVisible();
  await expect(warning).toContainText('No record of DHPP');
  await shots(page, 'refused');
  await warning.getByRole('checkbox', { name: 'I have checked and accept this pet' }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payCash(page);
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  expect((await a.boarding(second)).boardingType.purpose).toBe('Hostel');
});

test('Prices: the admission rule card shows the rule and lets an admin change the core vaccines', async ({ page, request }) => {
  const headers = { authorization: await apiToken(request, 'staff') };
  const core = async () => (await (await request.get('/api/v1/settings/core-vaccines', { headers })).json()).names;
  await loginAs(page, request, 'staff', '/staff/prices');
  const section = page.getByRole('region', { name: 'Admission rule' });
  await expect(section).toContainText('is under 4 months old');
  await expect(section).toContainText('A record without dates counts as present.');
  const input = section.getByRole('combobox', { name: 'Core vaccines' });
  try {
    await input.fill('Leptospirosis');
    await input.press('Enter');
    await section.getByRole('button', { name: 'Save core vaccines' }).click();
    await expect(page.getByText('Core vaccines saved')).toBeVisible();
    expect(await core()).toEqual(['Rabies', 'DHPP', 'Leptospirosis']);
    await section.scrollIntoViewIfNeeded();
    await shots(page, 'prices-card');
  } finally {
    await request.put('/api/v1/admin/core-vaccines', { headers, data: { names: ['Rabies', 'DHPP'] } });
  }
  expect(await core()).toEqual(['Rabies', 'DHPP']);
});
