import { PET_MSG } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { owners, pets, users } from '../../db/schema/index.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeOwner, makePet, phone } from '../../../test/factories.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const petForm = (o: Record<string, unknown> = {}) => ({
  name: 'Coco',
  species: 'cat',
  breed: 'Persian',
  sex: 'Female',
  color: 'White',
  dob: '2022-08-15',
  neutered: true,
  registrationDate: '2026-02-01',
  segment: 'Day Care',
  phone: phone(),
  address: 'Sushant Lok 1, Gurugram',
  ...o,
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, payload: payload as object });

async function customerWithAccount(fullName: string) {
  const u = await t.user('customer', { fullName });
  return u;
}

describe('POST /customer/pet/addpet', () => {
  it("creates the caller's owner record from the account and form, and the pet with its segment", async () => {
    const c = await customerWithAccount('Kavya Reddy');
    const form = petForm({ vaccinations: [{ name: 'FVRCP', numberOfDose: '2' }, { name: '' }] });
    const res = await call('POST', '/customer/pet/addpet', c.token, form);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      success: true,
      message: 'Data saved successfully',
      pet: {
        name: 'Coco',
        species: 'cat',
        breed: 'Persian',
        segment: 'Day Care',
        owner: { name: 'Kavya Reddy', email: c.email, phone: form.phone, address: form.address },
      },
    });
    expect(json.pet.vaccinations).toEqual([expect.objectContaining({ name: 'FVRCP', numberOfDose: 2 })]);
    const [owner] = await t.database.db.select().from(owners).where(eq(owners.userId, c.id));
    expect(owner).toMatchObject({ phone: form.phone, name: 'Kavya Reddy' });
  });

  it('adds the second pet to the same owner record and updates phone and address from the form', async () => {
    const c = await customerWithAccount('Rahul Chawla');
    await call('POST', '/customer/pet/addpet', c.token, petForm());
    const newPhone = phone();
    const res = await call(
      'POST',
      '/customer/pet/addpet',
      c.token,
      petForm({ name: 'Bruno', phone: newPhone, address: 'New address' }),
    );
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(owners).where(eq(owners.userId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: newPhone, address: 'New address' });
    const list = (await call('POST', '/customer/pet/getallpets', c.token, {})).json();
    expect(list.pets.map((p: { name: string }) => p.name).sort()).toEqual(['Bruno', 'Coco']);
  });

  it("answers 409 when the phone is another owner's, and attaches nothing to that owner", async () => {
    const other = await makeOwner(t.database.db, { name: 'Someone Else' });
    const before = await t.database.db.select().from(pets).where(eq(pets.ownerId, other.id));
    const c = await customerWithAccount('Mallory');
    const res = await call('POST', '/customer/pet/addpet', c.token, petForm({ phone: other.phone, name: 'Intruder' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: PET_MSG.customerPhoneTaken,
      errors: { phone: PET_MSG.customerPhoneTaken },
    });
    expect(await t.database.db.select().from(pets).where(eq(pets.ownerId, other.id))).toHaveLength(before.length);
    expect(await t.database.db.select().from(owners).where(eq(owners.userId, c.id))).toHaveLength(0);
    expect(await t.database.db.select().from(pets).where(eq(pets.name, 'Intruder'))).toHaveLength(0);
  });

  it("answers 409 when a linked customer switches to another customer's phone", async () => {
    const a = await customerWithAccount('A');
    const b = await customerWithAccount('B');
    const pa = phone();
    await call('POST', '/customer/pet/addpet', a.token, petForm({ phone: pa }));
    await call('POST', '/customer/pet/addpet', b.token, petForm());
    const res = await call('POST', '/customer/pet/addpet', b.token, petForm({ phone: pa }));
    expect(res.statusCode).toBe(409);
    const [ownerA] = await t.database.db.select().from(owners).where(eq(owners.userId, a.id));
    const aPets = await t.database.db.select().from(pets).where(eq(pets.ownerId, ownerA!.id));
    expect(aPets).toHaveLength(1);
  });

  it('ignores an owner id or owner fields smuggled into the body', async () => {
    const victim = await makeOwner(t.database.db);
    const c = await customerWithAccount('Sneaky');
    const res = await call('POST', '/customer/pet/addpet', c.token, {
      ...petForm(),
      ownerId: victim.id,
      ownerName: 'Victim',
      email: 'victim@x.in',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().pet.owner._id).not.toBe(victim.id);
    expect(res.json().pet.owner.name).toBe('Sneaky');
    expect(await t.database.db.select().from(pets).where(eq(pets.ownerId, victim.id))).toHaveLength(0);
  });

  it.each([
    ['name', { name: '' }, 'name', PET_MSG.petName],
    ['species', { species: '' }, 'species', PET_MSG.species],
    ['breed', { breed: '' }, 'breed', PET_MSG.breed],
    ['breed too long', { breed: 'B'.repeat(81) }, 'breed', 'At most 80 characters'],
    ['sex', { sex: undefined }, 'sex', PET_MSG.sex],
    ['color', { color: '' }, 'color', PET_MSG.color],
    ['dob', { dob: '' }, 'dob', PET_MSG.dob],
    ['dob future', { dob: '2999-01-01' }, 'dob', PET_MSG.dobFuture],
    ['registration date', { registrationDate: '' }, 'registrationDate', PET_MSG.registrationDate],
    ['segment', { segment: undefined }, 'segment', PET_MSG.segment],
    ['segment unknown', { segment: 'Boarding' }, 'segment', PET_MSG.segment],
    ['phone', { phone: '' }, 'phone', 'Phone number is required'],
    ['phone digits', { phone: '12345' }, 'phone', 'Enter a valid 10-digit phone number'],
    ['address', { address: ' ' }, 'address', PET_MSG.address],
  ])('rejects a bad %s with 400 and the message', async (_, patch, field, message) => {
    const c = await customerWithAccount('V');
    const res = await call('POST', '/customer/pet/addpet', c.token, petForm(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await t.database.db.select().from(owners).where(eq(owners.userId, c.id))).toHaveLength(0);
  });

  it('accepts every species of the customer form', async () => {
    const c = await customerWithAccount('Zoo Keeper');
    const p = phone();
    for (const [species, breed] of [
      ['dog', 'Rajapalayam'],
      ['bird', 'Parrot'],
      ['fish', 'Goldfish'],
      ['rabbit', 'Mini Rex'],
      ['reptile', 'Turtle'],
      ['hamster', 'Dwarf Hamster'],
      ['other', 'Other'],
    ]) {
      const res = await call(
        'POST',
        '/customer/pet/addpet',
        c.token,
        petForm({ species, breed, phone: p, customBreed: breed === 'Other' ? 'Hedgehog' : undefined }),
      );
      expect(res.statusCode, `${species}/${breed}`).toBe(201);
    }
  });
});

describe('concurrent first registrations by one customer', () => {
  // Only real on PostgreSQL (PGlite runs one statement at a time); there it failed with 409 before the owner lock.
  it.each([
    ['the same form submitted 10 times at once', (_: number) => ({})],
    ['10 different pets at once', (i: number) => ({ name: `Pet ${i}` })],
  ])('%s: all 201, one owner, one pet per request', async (_, patch) => {
    const c = await customerWithAccount('Double Clicker');
    const p = phone();
    const n = 10;
    const res = await Promise.all(
      Array.from({ length: n }, (_, i) => call('POST', '/customer/pet/addpet', c.token, petForm({ phone: p, ...patch(i) }))),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    const mine = await t.database.db.select().from(owners).where(eq(owners.userId, c.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ phone: p, name: 'Double Clicker' });
    expect(await t.database.db.select().from(owners).where(eq(owners.phone, p))).toHaveLength(1);
    expect(await t.database.db.select().from(pets).where(eq(pets.ownerId, mine[0]!.id))).toHaveLength(n);
    expect(new Set(res.map((r) => r.json().pet.owner._id))).toEqual(new Set([mine[0]!.id]));
  });
});

describe("the caller's own pets only", () => {
  it('POST /customer/pet/getallpets and GET /customerappointment/getcustomerpets never show another customer’s pets', async () => {
    const a = await customerWithAccount('Customer A');
    const b = await customerWithAccount('Customer B');
    await call('POST', '/customer/pet/addpet', a.token, petForm({ name: 'A-pet' }));
    await call('POST', '/customer/pet/addpet', b.token, petForm({ name: 'B-pet' }));
    // A staff-registered owner carrying B's email, not linked to any account.
    await makePet(t.database.db, { ownerId: (await makeOwner(t.database.db, { email: b.email })).id, name: 'Unlinked' });

    for (const body of [{}, { email: b.email }, { customer: { email: b.email } }, { ownerId: 'x', userId: b.id }]) {
      const res = await call('POST', '/customer/pet/getallpets', a.token, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().pets.map((p: { name: string }) => p.name)).toEqual(['A-pet']);
    }
    for (const q of ['', `?email=${encodeURIComponent(b.email)}`, `?email=${encodeURIComponent(a.email)}`]) {
      const res = await call('GET', `/customerappointment/getcustomerpets${q}`, a.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      expect(res.json().pets.map((p: { name: string }) => p.name)).toEqual(['A-pet']);
    }
    const bList = (await call('GET', `/customerappointment/getcustomerpets?email=${a.email}`, b.token)).json();
    expect(bList.pets.map((p: { name: string }) => p.name)).toEqual(['B-pet']);
  });

  it('answers an empty list and the spec text for a customer without pets', async () => {
    const c = await customerWithAccount('New');
    const res = (await call('GET', '/customerappointment/getcustomerpets', c.token)).json();
    expect(res).toEqual({ success: true, pets: [], message: 'No registered pets found.' });
  });
});

describe('GET /customer/pet/ownerinfo', () => {
  it('starts from the account, then from the linked owner record', async () => {
    const c = await customerWithAccount('Tanvi Desai');
    await t.database.db.update(users).set({ phone: '9999912345', address: 'Account address' }).where(eq(users.id, c.id));
    const before = (await call('GET', '/customer/pet/ownerinfo', c.token)).json();
    expect(before.owner).toEqual({
      ownerName: 'Tanvi Desai',
      email: c.email,
      phone: '9999912345',
      address: 'Account address',
      linked: false,
    });
    const p = phone();
    await call('POST', '/customer/pet/addpet', c.token, petForm({ phone: p, address: 'Owner address' }));
    const after = (await call('GET', '/customer/pet/ownerinfo', c.token)).json();
    expect(after.owner).toMatchObject({ phone: p, address: 'Owner address', linked: true });
  });
});

describe('permissions of the customer routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/customer/pet/ownerinfo'],
    ['POST', '/customer/pet/addpet', {}],
    ['POST', '/customer/pet/getallpets', {}],
    ['GET', '/customerappointment/getcustomerpets?email=a@b.in'],
  ];
  it.each(routes)('%s %s: 401 without a token, 403 for staff', async (method, url, payload) => {
    expect((await call(method as 'GET', url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method as 'GET', url, staff.token, payload)).statusCode).toBe(403);
  });
});
