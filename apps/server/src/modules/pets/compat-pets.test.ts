/**
 * The pet calls as the business's existing web client uses them (issue 9): any breed it offers, the customer form
 * on /pet/addpet, vaccinations saved on edit, the unpaged lists and the pet history's `visits`.
 */
import { DOG_BREEDS, PET_LIST_UNPAGED_MAX, PET_MSG } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { owners, pets, users, vaccinations, visitItems, visits, visitTypes } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeOwner, makePet, phone } from '../../../test/factories.ts';
import { visitToPay } from '../../../test/payments-fixtures.ts';
import { recordPayment } from '../payments/payments.service.ts';
import { aBody, aPet, uniq } from '../../../test/pet-forms.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const post = (url: string, payload: unknown, token: string = staff.token) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token });
const get = (url: string, token: string = staff.token) => t.call({ method: 'GET', url: `/api/v1${url}`, token });
const details = async (id: string) => (await get(`/pet/getpetdetails/${id}`)).json().pet;
const db = () => t.database.db;

describe('breeds: any breed the existing client sends, for any species', () => {
  it("accepts each of the client's 54 dog breeds, stored as sent", async () => {
    const res = await post('/pet/addpet', aBody({ pets: DOG_BREEDS.slice(0, 20).map((breed) => aPet({ breed })) }));
    expect(res.statusCode).toBe(201);
    for (const part of [DOG_BREEDS.slice(20, 40), DOG_BREEDS.slice(40)]) {
      expect((await post('/pet/addpet', aBody({ pets: part.map((breed) => aPet({ breed })) }))).statusCode).toBe(201);
    }
    const first = await details(res.json().petIds[5]);
    expect(first.breed).toBe('Poodle (Toy, Miniature, Standard)');
  });

  it.each([
    ['species other with a dog breed', { species: 'other', breed: 'Indie' }, { breed: 'Indie', customBreed: null }],
    ['a cat with a dog breed', { species: 'cat', breed: 'Akita Inu' }, { breed: 'Akita Inu', customBreed: null }],
    ['Other without a custom breed', { breed: 'Other' }, { breed: 'Other', customBreed: null }],
    ['Other with a blank custom breed', { breed: 'Other', customBreed: '  ' }, { breed: 'Other', customBreed: null }],
    ['Other with a custom breed', { breed: 'Other', customBreed: ' Kanni ' }, { breed: 'Other', customBreed: 'Kanni' }],
    ['a breed no list has, trimmed', { breed: '  Chippiparai  ' }, { breed: 'Chippiparai', customBreed: null }],
    ['a breed of 80 characters', { breed: 'B'.repeat(80) }, { breed: 'B'.repeat(80), customBreed: null }],
  ])('staff add: %s', async (_, pet, stored) => {
    const res = await post('/pet/addpet', aBody({ pets: [aPet(pet)] }));
    expect(res.statusCode).toBe(201);
    expect(await details(res.json().petIds[0])).toMatchObject(stored);
  });

  it.each([
    ['empty', '', PET_MSG.breed],
    ['blank', '   ', PET_MSG.breed],
    ['81 characters', 'B'.repeat(81), 'At most 80 characters'],
    ['a control character', 'Beagle\u0007', 'Must not contain control characters'],
    ['a line break', 'Bea\ngle', 'Must not contain control characters'],
  ])('refuses a breed that is %s', async (_, breed, message) => {
    const body = aBody({ pets: [aPet({ breed })] });
    const res = await post('/pet/addpet', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['pets.0.breed']).toBe(message);
    expect(await db().select().from(owners).where(eq(owners.phone, body.phone))).toHaveLength(0);
  });

  it('edit: any breed for the species, and Other without a custom breed stores Other', async () => {
    const pet = await makePet(db(), { breed: 'Other', customBreed: 'Old custom' });
    const base = { id: pet.id, name: 'Sheru', sex: 'Male', color: 'Black', dob: '2020-01-01', registrationDate: '2025-12-01' };
    expect((await post('/pet/editpetdetails', { ...base, species: 'other', breed: 'Gaddi Kutta' })).statusCode).toBe(200);
    expect(await details(pet.id)).toMatchObject({ species: 'other', breed: 'Gaddi Kutta', customBreed: null });
    expect((await post('/pet/editpetdetails', { ...base, breed: 'Other' })).statusCode).toBe(200);
    expect(await details(pet.id)).toMatchObject({ species: 'other', breed: 'Other', customBreed: null });
  });
});

describe("the breed filter finds a breed under the client's longer name", () => {
  it("'Poodle' finds 'Poodle' and 'Poodle (Toy, Miniature, Standard)', not other breeds; wildcards match themselves", async () => {
    const owner = await makeOwner(db());
    const made = async (breed: string) => (await makePet(db(), { ownerId: owner.id, species: 'rabbit', breed })).id;
    const [plain, long] = [await made('Poodle'), await made('Poodle (Toy, Miniature, Standard)')];
    await made('Toy Poodle');
    await made('Poodles');
    const odd = await made('A_b (x)');
    await made('Axb (x)');
    const ids = async (breed: string) =>
      (await get(`/pet/getfilteredpetsbybreedandspecies/?species=rabbit&breed=${encodeURIComponent(breed)}`))
        .json()
        .pets.map((p: { _id: string }) => p._id)
        .sort();
    expect(await ids('Poodle')).toEqual([plain, long].sort());
    expect(await ids('A_b')).toEqual([odd]);
  });
});

/* ───────────── POST /pet/addpet with a customer token (the existing client's customer form) ───────────── */

describe('POST /pet/addpet by a customer', () => {
  const customerPet = (o: Record<string, unknown> = {}) => aPet({ segment: 'Day Care', ...o });
  const ownersOf = (userId: string) => db().select().from(owners).where(eq(owners.userId, userId));
  const petsOf = (ownerId: string) => db().select().from(pets).where(eq(pets.ownerId, ownerId));

  it("registers the pets under the caller's own owner record, created from the account, whatever the owner fields say", async () => {
    const c = await t.user('customer', { fullName: 'Kavya Reddy' });
    const body = aBody({
      ownerName: 'Somebody Else',
      email: 'else@x.in',
      pets: [customerPet(), customerPet({ segment: 'Veterinary' })],
    });
    const res = await post('/pet/addpet', body, c.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Data saved successfully', ownerExisted: false });
    const [own] = await ownersOf(c.id);
    expect(own).toMatchObject({ id: res.json().ownerId, name: 'Kavya Reddy', email: c.email, phone: body.phone });
    expect((await petsOf(own!.id)).map((p) => p.segment).sort()).toEqual(['Day Care', 'Veterinary']);
    expect(await details(res.json().petIds[0])).toMatchObject({ owner: { _id: own!.id, name: 'Kavya Reddy' } });
  });

  it("fills a new owner record from the profile's phone and address before the body's", async () => {
    const c = await t.user('customer', { fullName: 'Tanvi Desai' });
    const mine = phone();
    await db().update(users).set({ phone: mine, address: 'Profile address' }).where(eq(users.id, c.id));
    const res = await post('/pet/addpet', aBody({ pets: [customerPet()] }), c.token);
    expect(res.statusCode).toBe(201);
    expect((await ownersOf(c.id))[0]).toMatchObject({ phone: mine, address: 'Profile address' });
  });

  it('adds later pets to the same record and leaves its details as they are', async () => {
    const c = await t.user('customer', { fullName: 'Rahul Chawla' });
    const first = (await post('/pet/addpet', aBody({ pets: [customerPet()] }), c.token)).json();
    const [before] = await ownersOf(c.id);
    const again = await post('/pet/addpet', aBody({ address: 'Somewhere new', pets: [customerPet()] }), c.token);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ ownerId: first.ownerId, ownerExisted: true });
    expect(await ownersOf(c.id)).toEqual([before]);
    expect(await petsOf(first.ownerId)).toHaveLength(2);
  });

  it('never attaches pets to another owner whose phone the body names: 409 for a first registration', async () => {
    const victim = await makeOwner(db(), { name: 'Victim' });
    const c = await t.user('customer', { fullName: 'Sneaky' });
    const res = await post('/pet/addpet', aBody({ phone: victim.phone, ownerName: 'Victim', pets: [customerPet()] }), c.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: PET_MSG.customerPhoneTaken });
    expect(await petsOf(victim.id)).toHaveLength(0);
    expect(await ownersOf(c.id)).toHaveLength(0);
  });

  it("with an owner record of their own, another owner's phone in the body still lands on their own record", async () => {
    const victim = await makeOwner(db(), { name: 'Victim' });
    const c = await t.user('customer', { fullName: 'Sneaky Two' });
    await post('/pet/addpet', aBody({ pets: [customerPet()] }), c.token);
    const res = await post('/pet/addpet', aBody({ phone: victim.phone, pets: [customerPet()] }), c.token);
    expect(res.statusCode).toBe(201);
    const [own] = await ownersOf(c.id);
    expect(res.json().ownerId).toBe(own!.id);
    expect(await petsOf(victim.id)).toHaveLength(0);
    expect((await db().select().from(owners).where(eq(owners.id, victim.id)))[0]).toMatchObject({ name: 'Victim' });
  });

  it('requires a segment for every pet (spec 001 §5) and saves nothing without one', async () => {
    const c = await t.user('customer', { fullName: 'No Segment' });
    const res = await post('/pet/addpet', aBody({ pets: [customerPet(), aPet()] }), c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'pets.1.segment': PET_MSG.segment });
    expect(await ownersOf(c.id)).toHaveLength(0);
    const bad = await post('/pet/addpet', aBody({ pets: [customerPet({ segment: 'Boarding' })] }), c.token);
    expect(bad.json().errors['pets.0.segment']).toBe(PET_MSG.segment);
  });

  it('a staff add keeps a segment the body carries and needs none', async () => {
    const res = await post('/pet/addpet', aBody({ pets: [aPet(), aPet({ segment: 'Veterinary' })] }));
    expect(res.statusCode).toBe(201);
    expect((await details(res.json().petIds[0])).segment).toBeNull();
    expect((await details(res.json().petIds[1])).segment).toBe('Veterinary');
  });

  // Only real on PostgreSQL: without the account's owner lock two first registrations make two owners or a 409.
  it('concurrent first registrations by one account: all 201, one owner record', async () => {
    const c = await t.user('customer', { fullName: 'Double Clicker' });
    const p = phone();
    const res = await Promise.all(
      Array.from({ length: 8 }, () => post('/pet/addpet', aBody({ phone: p, pets: [customerPet()] }), c.token)),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const mine = await ownersOf(c.id);
    expect(mine).toHaveLength(1);
    expect(await petsOf(mine[0]!.id)).toHaveLength(8);
    expect(res.filter((r) => r.json().ownerExisted === false)).toHaveLength(1);
  });
});

/* ───────────── POST /pet/editpetdetails saves vaccinations ───────────── */

describe('POST /pet/editpetdetails with vaccinations', () => {
  const edit = (id: string, o: Record<string, unknown> = {}) =>
    post('/pet/editpetdetails', {
      id,
      name: 'Bruno',
      species: 'dog',
      breed: 'Beagle',
      sex: 'Male',
      color: 'Brown',
      dob: '2021-04-02',
      registrationDate: '2026-01-15',
      ...o,
    });
  const stored = async (petId: string) =>
    (await details(petId)).vaccinations.map((v: Record<string, unknown>) => ({
      name: v.name,
      numberOfDose: v.numberOfDose,
      givenOn: v.givenOn,
    }));

  it('replaces the list; entries come back as received and matched ones keep their dates', async () => {
    const pet = await makePet(db(), { vaccinations: [] });
    await db()
      .insert(vaccinations)
      .values([
        { petId: pet.id, name: 'Rabies', numberOfDose: 1, givenOn: '2025-03-01' },
        { petId: pet.id, name: 'DHPPiL', numberOfDose: 2, givenOn: '2025-04-01' },
      ]);
    const res = await edit(pet.id, {
      vaccinations: [
        { name: 'rabies', numberOfDose: 2 },
        { name: 'Leptospirosis', numberOfDose: '1' },
        { name: '', numberOfDose: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Changes saved successfully' });
    expect(await stored(pet.id)).toEqual([
      { name: 'rabies', numberOfDose: 2, givenOn: '2025-03-01' },
      { name: 'Leptospirosis', numberOfDose: 1, givenOn: null },
    ]);
  });

  it("the client's round trip: the list it read, with one more, saves as sent (matched by _id)", async () => {
    const pet = await makePet(db(), { vaccinations: [{ name: 'Rabies', numberOfDose: 1 }] });
    const read = (await details(pet.id)).vaccinations;
    const res = await edit(pet.id, { vaccinations: [...read, { name: 'Corona', numberOfDose: 3 }] });
    expect(res.statusCode).toBe(200);
    const after = (await details(pet.id)).vaccinations;
    expect(after[0]).toEqual(read[0]);
    expect(after.map((v: { name: string; numberOfDose: number }) => [v.name, v.numberOfDose])).toEqual([
      ['Rabies', 1],
      ['Corona', 3],
    ]);
  });

  it('leaves the list as it is when the edit has no vaccinations key, and clears it for []', async () => {
    const pet = await makePet(db(), { vaccinations: [{ name: 'Rabies', numberOfDose: 1 }] });
    expect((await edit(pet.id)).statusCode).toBe(200);
    expect(await stored(pet.id)).toEqual([{ name: 'Rabies', numberOfDose: 1, givenOn: null }]);
    expect((await edit(pet.id, { vaccinations: null })).statusCode).toBe(200);
    expect(await stored(pet.id)).toHaveLength(1);
    expect((await edit(pet.id, { vaccinations: [] })).statusCode).toBe(200);
    expect(await stored(pet.id)).toEqual([]);
  });

  it('refuses bad entries with the field message and changes nothing', async () => {
    const pet = await makePet(db(), { name: 'Unchanged', vaccinations: [{ name: 'Rabies', numberOfDose: 1 }] });
    const res = await edit(pet.id, { name: 'Changed', vaccinations: [{ name: 'Rabies', numberOfDose: 'two' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['vaccinations.0.numberOfDose']).toBe(PET_MSG.doses);
    expect(await details(pet.id)).toMatchObject({ name: 'Unchanged', vaccinations: [{ name: 'Rabies', numberOfDose: 1 }] });
    const many = await edit(pet.id, { vaccinations: Array.from({ length: 31 }, () => ({ name: 'X' })) });
    expect(many.json().errors.vaccinations).toBe('At most 30 vaccinations');
  });
});

/* ───────────── the lists without a limit: up to 500, newest first ───────────── */

describe('pet lists without a limit (the existing client never pages)', () => {
  const N = PET_LIST_UNPAGED_MAX + 20;
  const tag = uniq('Bulk');
  const breed = uniq('Breed');
  let newest = '';

  // 520 pets of one owner with one name tag and one breed, newer than any other pet of this file.
  beforeAll(async () => {
    const owner = await makeOwner(db());
    const base = Date.UTC(2036, 0, 1);
    const rows = Array.from({ length: N }, (_, i) => ({
      id: newId(),
      ownerId: owner.id,
      name: `${tag} ${i}`,
      species: 'reptile',
      breed,
      sex: 'Male' as const,
      color: 'Green',
      registrationDate: '2026-01-01',
      createdAt: new Date(base + i * 1000),
    }));
    await db().insert(pets).values(rows);
    newest = rows.at(-1)!.id;
  });

  const sep = (url: string) => (url.includes('?') ? '&' : '?');
  it.each([
    ['name search', (): string => `/pet/getfilteredpetsbynameandphone/?name=${encodeURIComponent(tag)}&phone=`, 'list', true],
    [
      'breed filter',
      (): string => `/pet/getfilteredpetsbybreedandspecies/?species=reptile&breed=${encodeURIComponent(breed)}`,
      'pets',
      true,
    ],
    ['all pets', (): string => '/pet/getallpets', 'list', false],
  ] as const)('%s: 500 rows newest first with nextCursor; with limit 50 a page of 50', async (_, path, field, onlyOurs) => {
    const url = path();
    const all = (await get(url)).json();
    expect(all[field]).toHaveLength(PET_LIST_UNPAGED_MAX);
    expect(all[field][0]._id).toBe(newest);
    expect(typeof all.nextCursor).toBe('string');
    if (onlyOurs) {
      const rest = (await get(`${url}${sep(url)}cursor=${all.nextCursor}`)).json();
      expect(rest[field]).toHaveLength(N - PET_LIST_UNPAGED_MAX);
      expect(rest.nextCursor).toBeNull();
    }
    const paged = (await get(`${url}${sep(url)}limit=50`)).json();
    expect(paged[field]).toHaveLength(50);
    expect(paged[field].map((p: { _id: string }) => p._id)).toEqual(all[field].slice(0, 50).map((p: { _id: string }) => p._id));
    expect((await get(`${url}${sep(url)}limit=101`)).statusCode).toBe(400);
  });
});

/* ───────────── GET /pet/getpethistory/{id}: visits beside history ───────────── */

describe('GET /pet/getpethistory/{id} answers visits', () => {
  it('each visit as the client reads it, with itemDetails from the medicine and vaccine lines', async () => {
    const pet = await makePet(db());
    const [type] = await db().select().from(visitTypes).where(eq(visitTypes.purpose, 'Veterinary'));
    const [shopType] = await db().select().from(visitTypes).where(eq(visitTypes.purpose, 'Shop'));
    const [vet] = await db()
      .insert(visits)
      .values({ petId: pet.id, visitTypeId: type!.id, purpose: 'Veterinary', pricePaise: 120_050, quantity: 2, volumeML: 1.5 })
      .returning();
    await db()
      .insert(visitItems)
      .values([
        { visitId: vet!.id, kind: 'vaccine', name: 'Rabies Vaccine', quantity: 1, doseNumber: 2, volume: 1 },
        { visitId: vet!.id, kind: 'medicine', name: 'Meloxicam', quantity: 3, unit: 'ml' },
      ]);
    const [shop] = await db()
      .insert(visits)
      .values({
        petId: pet.id,
        visitTypeId: shopType!.id,
        purpose: 'Shop',
        pricePaise: 50_000,
        createdAt: new Date('2020-01-01'),
      })
      .returning();
    await db().insert(visitItems).values({ visitId: shop!.id, kind: 'shop', name: 'Chew toy', quantity: 1, pricePaise: 50_000 });

    const res = await get(`/pet/getpethistory/${pet.id}`);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.history).toHaveLength(2);
    expect(json.visits).toHaveLength(2);
    expect(json.visits[0]).toMatchObject({
      _id: vet!.id,
      createdAt: expect.any(String),
      purpose: 'Veterinary',
      price: 1200.5,
      item: null,
      quantity: 2,
      volumeML: 1.5,
      itemDetails: [
        { item: { itemName: 'Rabies Vaccine' }, dose: 2 },
        { item: { itemName: 'Meloxicam' }, dose: 3 },
      ],
    });
    expect(json.visits[1]).toMatchObject({ _id: shop!.id, purpose: 'Shop', price: 500, itemDetails: [] });
    // `history` keeps its shape; `visits` only adds itemDetails.
    const { itemDetails: _, ...rest } = json.visits[0];
    expect(rest).toEqual(json.history[0]);
  });
});

/* ───────────── payments recorded without a method read 'Method not recorded' ───────────── */

describe('visit payments carry the method label', () => {
  it("a visit paid without a method: details.payment.method not_recorded, methodLabel 'Method not recorded'", async () => {
    const { owner, pet, visit } = await visitToPay(db(), { pricePaise: 35_000 });
    await recordPayment(db(), {
      ownerId: owner.id,
      now: new Date(),
      petId: pet.id,
      for: { visitId: visit.id },
      amountPaise: 35_000,
      method: 'not_recorded',
      tz: 'Asia/Kolkata',
    });
    const listed = (await get(`/visit/getparticularpetvisit?petId=${pet.id}`)).json().List[0];
    expect(listed.details.payment).toMatchObject({ method: 'not_recorded', methodLabel: 'Method not recorded', amount: 350 });
    const one = (await get(`/visit/getvisitdetails/${visit.id}`)).json().data;
    expect(one.details.payment).toMatchObject({ method: 'not_recorded', methodLabel: 'Method not recorded' });
    const unpaid = await visitToPay(db(), { pricePaise: 10_000 });
    const none = (await get(`/visit/getparticularpetvisit?petId=${unpaid.pet.id}`)).json().List[0];
    expect(none.details.payment).toMatchObject({ method: null, methodLabel: null });
  });
});
