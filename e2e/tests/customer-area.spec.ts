import { apiToken, expect, test, uniquePhone, uniqueTag } from './fixtures';

/**
 * The customer area on a phone (issue 19): a new owner signs up, completes the profile the pet form asks for,
 * registers a dog with a vaccination date, sees it on the dashboard, and finds the visit staff recorded, with its
 * documents, under Visits.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: import('@playwright/test').Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/customer-area-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/customer-area-${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

async function noSideways(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a new owner signs up, completes the profile, registers a dog, and sees its visit and documents', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const tag = uniqueTag();
  const email = `area.${tag}@owner.test`;
  const fullName = `Ritika ${tag}`;
  const petName = `Bruno${tag}`;

  // Sign up (the form asks for no phone or address), then log in as a pet owner.
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Pet Owner').check();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('secret123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${fullName}` })).toBeVisible();
  await expect(page.getByText('No registered pets found.')).toBeVisible();
  await expect(page.getByTestId('card-month-visits')).toHaveText('0');
  await noSideways(page);

  // Register New Pet: the profile comes first, and the customer comes back to the form.
  await page.getByRole('link', { name: 'Register New Pet' }).click();
  await expect(page.getByText('Complete your profile first')).toBeVisible();
  await shot(page, 'complete-profile');
  await page.getByRole('link', { name: 'Complete my profile' }).click();
  await expect(page).toHaveURL(/\/customer\/profile\?next=/);
  await page.getByLabel('Phone').fill(uniquePhone('8'));
  await page.getByLabel('Address').fill('Sector 56, Gurugram');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/customer\/petform$/);

  const form = page.getByRole('form', { name: 'Register New Pet' });
  await form.getByLabel('Pet name').fill(petName);
  await form.getByLabel('Species').selectOption('dog');
  await form.getByLabel('Breed').selectOption('Beagle');
  await form.getByLabel('Sex').selectOption('Male');
  await form.getByLabel('Color').fill('Tan');
  await form.getByLabel('Date of birth').fill('2022-03-14');
  await form.getByLabel('Day Care').check();
  await form.getByRole('button', { name: 'Add vaccination' }).click();
  await form.getByLabel('Vaccine name').fill('Rabies');
  await form.getByLabel('Number of doses').fill('1');
  await form.getByLabel('Date given').fill('2026-01-10');
  await form.getByLabel('Batch / serial no.').fill('RB-2291');
  await shot(page, 'pet-form');
  await form.getByRole('button', { name: 'Register Pet' }).click();
  await expect(page.getByText('Data saved successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your registered pets' })).toContainText(petName);

  // The vaccination date and serial number were kept.
  const login = await (
    await request.post('/api/v1/auth/login', { data: { email, password: 'secret123', role: 'customer' } })
  ).json();
  const mine = await (
    await request.post('/api/v1/customer/pet/getallpets', { headers: { authorization: login.token }, data: {} })
  ).json();
  const pet = mine.pets[0];
  expect(pet.vaccinations).toEqual([expect.objectContaining({ name: 'Rabies', givenOn: '2026-01-10', serialNo: 'RB-2291' })]);

  // Staff record a paid Veterinary visit for the dog (through the API).
  const staff = await apiToken(request, 'staff');
  const types = (await (await request.get('/api/v1/visit/getallvisittypes', { headers: { authorization: staff } })).json())
    .visitTypes as { _id: string; code: string; consultationPricePvt: number }[];
  const vet = types.find((t) => t.code === 'veterinary')!;
  const price = vet.consultationPricePvt;
  const saved = await request.post('/api/v1/visit/addveterinaryvisit', {
    headers: { authorization: staff },
    data: {
      petId: pet._id,
      visitType: vet._id,
      customerType: 'pvtltd',
      details: { price, discount: 0, finalPrice: price, selectedPayment: 'cash' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  // The dashboard: the dog under My Pets, and This Month's visit and amount.
  await page.goto('/customer/dashboard');
  const myPets = page.getByRole('list', { name: 'My Pets' });
  await expect(myPets).toContainText(petName);
  await expect(page.getByTestId('card-month-visits')).toHaveText('1');
  await expect(page.getByTestId('card-month-spent')).toContainText(
    `₹${price.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await expect(page.getByRole('heading', { name: 'Need help?' })).toBeVisible();
  await noSideways(page);
  await shot(page, 'dashboard');

  // Visits: Choose Pet, then the dog's visit with its documents.
  await page
    .getByRole('navigation', { name: 'More for you' })
    .getByRole('link', { name: /Visits/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Choose Pet' })).toBeVisible();
  await page.getByRole('button', { name: `${petName}: view visits` }).click();
  await expect(page.getByRole('heading', { name: 'Pet Visits' })).toBeVisible();
  const visit = page.getByRole('article', { name: `${petName} visit` });
  await expect(visit).toContainText('Veterinary');
  await visit.getByRole('button', { name: `Documents of ${petName}'s visit` }).click();
  const receipt = visit.getByRole('link', { name: /^Receipt / });
  await expect(receipt).toBeVisible();
  // Veterinary care is exempt: a bill of supply beside the receipt.
  await expect(visit.getByRole('link', { name: /^Bill of Supply / })).toBeVisible();
  await noSideways(page);
  await shot(page, 'visits');
  await receipt.click();
  await expect(page).toHaveURL(/\/customer\/documents\/[0-9a-f]{24}$/);
  await expect(page.getByText(petName).first()).toBeVisible();
});
