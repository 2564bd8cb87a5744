import { addDays, DOG_BREEDS, PET_MSG, todayIn } from '@pawdesk/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { owners, pets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeOwner, makeOwnerWithoutPhone, makePet, phone } from '../../../test/factories.ts';
import { aBody, aPet, uniq } from '../../../test/pet-forms.ts';
import { addOwnerWithPets, PHONE_OWNERS_FIRST_MAX } from './pets.service.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const today = () => todayIn('Asia/Kolkata');
const post = (url: string, payload: unknown, token: string | undefined = staff.token) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token });
const get = (url: string, token: string | undefined = staff.token) => t.call({ method: 'GET', url: `/api/v1${url}`, token });

const ownersWithPhone = (p: string) => t.database.db.select().from(owners).where(eq(owners.phone, p));
const petsNamed = (names: string[]) => t.database.db.select().from(pets).where(inArray(pets.name, names));

/** Adds an owner with pets through the service, past the request schema (so the database has the last word). */
const addDirect = (p: string, ps: Record<string, unknown>[]) =>
  addOwnerWithPets(
    t.database.db,
    {
      ownerName: 'Tx Test',
      phone: p,
      email: null,
      address: 'Gurugram',
      pets: ps.map((x) => ({ customBreed: null, vaccinations: [], ...x })) as never,
    },
    null,
  );

async function petsOfOwnerPhone(p: string) {
  return t.database.db
    .select({ id: pets.id, name: pets.name })
    .from(pets)
    .innerJoin(owners, eq(pets.ownerId, owners.id))
    .where(eq(owners.phone, p));
}

describe('POST /pet/addpet', () => {
  it('saves one owner with two pets (one breed Other) and vaccinations, answering the spec message', async () => {
    const body = aBody({
      email: 'Priya@Example.in',
      pets: [
        aPet({
          vaccinations: [
            { name: 'Rabies', numberOfDose: 1, givenOn: '2025-06-01', nextDue: '2026-06-01', serialNo: ' RB-2291 ' },
            { name: '', numberOfDose: '' },
          ],
        }),
        aPet({ breed: 'Other', customBreed: '  Indie mix ', sex: 'Female', neutered: true }),
      ],
    });
    const res = await post('/pet/addpet', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: 'Data saved successfully', ownerExisted: false });
    expect(json.petIds).toHaveLength(2);

    const first = (await get(`/pet/getpetdetails/${json.petIds[0]}`)).json().pet;
    expect(first).toMatchObject({
      name: body.pets[0]!.name,
      species: 'dog',
      breed: 'Beagle',
      customBreed: null,
      owner: { _id: json.ownerId, name: 'Priya Sharma', phone: body.phone, email: 'priya@example.in' },
    });
    // The blank vaccination row is dropped; the other keeps its dates and batch / serial number.
    expect(first.vaccinations).toEqual([
      {
        _id: expect.any(String),
        name: 'Rabies',
        numberOfDose: 1,
        givenOn: '2025-06-01',
        nextDue: '2026-06-01',
        serialNo: 'RB-2291',
      },
    ]);
    const second = (await get(`/pet/getpetdetails/${json.petIds[1]}`)).json().pet;
    expect(second).toMatchObject({ breed: 'Other', customBreed: 'Indie mix', sex: 'Female', neutered: true, vaccinations: [] });
  });

  it('adds the pets to the owner with the same phone instead of creating a duplicate owner', async () => {
    const p = phone();
    const a = (await post('/pet/addpet', aBody({ phone: p, ownerName: 'Arjun Singh' }))).json();
    const b = await post('/pet/addpet', aBody({ phone: p, ownerName: 'Someone Else', pets: [aPet(), aPet()] }));
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ ownerId: a.ownerId, ownerExisted: true });
    const rows = await ownersWithPhone(p);
    expect(rows).toHaveLength(1);
    // The owner on file keeps their details.
    expect(rows[0]!.name).toBe('Arjun Singh');
    expect(await petsOfOwnerPhone(p)).toHaveLength(3);
  });

  it('clears a custom breed when the breed is not Other', async () => {
    const res = await post('/pet/addpet', aBody({ pets: [aPet({ breed: 'Pug', customBreed: 'ignored' })] }));
    const pet = (await get(`/pet/getpetdetails/${res.json().petIds[0]}`)).json().pet;
    expect(pet.customBreed).toBeNull();
  });

  it('accepts a missing or empty email and a dob of today', async () => {
    const a = await post('/pet/addpet', aBody({ email: undefined, pets: [aPet({ dob: today() })] }));
    expect(a.statusCode).toBe(201);
    const b = await post('/pet/addpet', aBody({ email: '' }));
    expect(b.statusCode).toBe(201);
    expect((await get(`/pet/getpetdetails/${b.json().petIds[0]}`)).json().pet.owner.email).toBeNull();
  });

  it.each([
    ['ownerName', { ownerName: '' }, 'ownerName', PET_MSG.ownerName],
    ['ownerName (blank)', { ownerName: '   ' }, 'ownerName', PET_MSG.ownerName],
    ['phone missing', { phone: undefined }, 'phone', 'Phone number is required'],
    ['phone empty', { phone: '' }, 'phone', 'Phone number is required'],
    ['phone short', { phone: '98765' }, 'phone', 'Enter a valid 10-digit phone number'],
    ['phone long', { phone: '98765432101' }, 'phone', 'Enter a valid 10-digit phone number'],
    ['phone letters', { phone: '98765abcde' }, 'phone', 'Enter a valid 10-digit phone number'],
    ['email', { email: 'not-an-email' }, 'email', PET_MSG.email],
    ['address', { address: '' }, 'address', PET_MSG.address],
    ['no pets', { pets: [] }, 'pets', PET_MSG.pets],
    ['pet name', { pets: [aPet({ name: '' })] }, 'pets.0.name', PET_MSG.petName],
    ['species', { pets: [aPet({ species: undefined })] }, 'pets.0.species', PET_MSG.species],
    ['species unknown', { pets: [aPet({ species: 'dragon' })] }, 'pets.0.species', PET_MSG.species],
    ['breed', { pets: [aPet({ breed: '' })] }, 'pets.0.breed', PET_MSG.breed],
    ['breed too long', { pets: [aPet({ breed: 'B'.repeat(81) })] }, 'pets.0.breed', 'At most 80 characters'],
    ['sex', { pets: [aPet({ sex: '' })] }, 'pets.0.sex', PET_MSG.sex],
    ['color', { pets: [aPet({ color: '' })] }, 'pets.0.color', PET_MSG.color],
    ['dob', { pets: [aPet({ dob: '' })] }, 'pets.0.dob', PET_MSG.dob],
    ['dob malformed', { pets: [aPet({ dob: '2021-02-30' })] }, 'pets.0.dob', PET_MSG.invalidDate],
    ['dob tomorrow', { pets: [aPet({ dob: addDays(todayIn('Asia/Kolkata'), 1) })] }, 'pets.0.dob', PET_MSG.dobFuture],
    ['registrationDate', { pets: [aPet({ registrationDate: undefined })] }, 'pets.0.registrationDate', PET_MSG.registrationDate],
    [
      'doses not numeric',
      { pets: [aPet({ vaccinations: [{ name: 'Rabies', numberOfDose: 'two' }] })] },
      'pets.0.vaccinations.0.numberOfDose',
      PET_MSG.doses,
    ],
    [
      'vaccination given in the future',
      { pets: [aPet({ vaccinations: [{ name: 'Rabies', givenOn: addDays(todayIn('Asia/Kolkata'), 2) }] })] },
      'pets.0.vaccinations.0.givenOn',
      PET_MSG.givenOnFuture,
    ],
    [
      'next due before given',
      { pets: [aPet({ vaccinations: [{ name: 'Rabies', givenOn: '2025-06-01', nextDue: '2025-01-01' }] })] },
      'pets.0.vaccinations.0.nextDue',
      PET_MSG.nextDueBeforeGiven,
    ],
  ])('rejects %s with 400 and the message', async (_, patch, field, message) => {
    const body = aBody(patch);
    const res = await post('/pet/addpet', body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.success).toBe(false);
    expect(json.errors[field]).toBe(message);
    expect(typeof json.message).toBe('string');
    // nothing saved for this phone
    if (typeof body.phone === 'string' && /^\d{10}$/.test(body.phone)) {
      expect(await ownersWithPhone(body.phone)).toHaveLength(0);
    }
  });

  it('answers the phone message as the top-level message when it is the first problem', async () => {
    const res = await post('/pet/addpet', aBody({ phone: '12345' }));
    expect(res.json().message).toBe('Enter a valid 10-digit phone number');
  });

  it('judges "today" for the date of birth in the business time zone', async () => {
    // Kiritimati (UTC+14) is always a calendar day ahead of Pago Pago (UTC-11).
    const ahead = await createTestApp({ tz: 'Pacific/Kiritimati' });
    const behind = await createTestApp({ tz: 'Pacific/Pago_Pago' });
    try {
      const dob = todayIn('Pacific/Kiritimati');
      expect(dob > todayIn('Pacific/Pago_Pago')).toBe(true);
      const addOn = async (app: TestApp) =>
        app.call({
          method: 'POST',
          url: '/api/v1/pet/addpet',
          payload: aBody({ pets: [aPet({ dob })] }),
          token: (await app.user('staff')).token,
        });
      const r1 = await addOn(ahead);
      expect(r1.statusCode).toBe(201);
      const r2 = await addOn(behind);
      expect(r2.statusCode).toBe(400);
      expect(r2.json().errors['pets.0.dob']).toBe(PET_MSG.dobFuture);
    } finally {
      await ahead.close();
      await behind.close();
    }
  });

  it('saves nothing when one pet of several is invalid', async () => {
    const body = aBody({ pets: [aPet(), aPet({ color: '' }), aPet()] });
    const res = await post('/pet/addpet', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['pets.1.color']).toBe(PET_MSG.color);
    expect(await ownersWithPhone(body.phone as string)).toHaveLength(0);
    expect(await petsNamed(body.pets.map((p) => p.name as string))).toHaveLength(0);
  });

  it('rolls the owner and earlier pets back when the database refuses a later pet', async () => {
    const p = phone();
    const names = [uniq('Ok'), uniq('Bad')];
    await expect(
      addDirect(p, [
        aPet({ name: names[0] }),
        // passes no schema: the sex check constraint of the table refuses it mid-transaction
        aPet({ name: names[1], sex: 'Unknown' }),
      ]),
    ).rejects.toThrow();
    expect(await ownersWithPhone(p)).toHaveLength(0);
    expect(await petsNamed(names)).toHaveLength(0);
  });

  it('rolls back the pets when a vaccination cannot be saved', async () => {
    const p = phone();
    const name = uniq('Vacc');
    await expect(
      addDirect(p, [aPet({ name, vaccinations: [{ name: 'Rabies', numberOfDose: 1, givenOn: 'not-a-date', nextDue: null }] })]),
    ).rejects.toThrow();
    expect(await petsNamed([name])).toHaveLength(0);
    expect(await ownersWithPhone(p)).toHaveLength(0);
  });
});

describe('GET /pet/getallpets (paged)', () => {
  it('answers {success, list, nextCursor}, newest first, bounded by limit, with no duplicates across pages', async () => {
    // 7 new pets, each in its own request so their created_at differ.
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post('/pet/addpet', aBody({ pets: [aPet({ name: uniq(`Page${i}`) })] }));
      ids.push(res.json().petIds[0]);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/pet/getallpets?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.success).toBe(true);
      expect(json.list.length).toBeLessThanOrEqual(3);
      seen.push(...json.list.map((p: { _id: string }) => p._id));
      cursor = json.nextCursor;
      pages++;
    } while (cursor && pages < 1000);
    expect(new Set(seen).size).toBe(seen.length);
    // The newest 7 pets come first, newest first.
    expect(seen.slice(0, 7)).toEqual([...ids].reverse());
    // Every pet of the table is listed once.
    const total = await t.database.db.select({ id: pets.id }).from(pets);
    expect(seen.length).toBe(total.length);
    expect(new Set(seen)).toEqual(new Set(total.map((r) => r.id)));
  });

  it('pages correctly through pets created in the same transaction (equal created_at)', async () => {
    const p = phone();
    const body = aBody({ phone: p, pets: Array.from({ length: 5 }, () => aPet()) });
    const created: string[] = (await post('/pet/addpet', body)).json().petIds;
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 3; i++) {
      const json: { list: { _id: string }[]; nextCursor: string | null } = (
        await get(`/pet/getfilteredpetsbynameandphone?phone=${p}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...json.list.map((x) => x._id));
      cursor = json.nextCursor;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(created));
  });

  it('answers up to 500 without a limit and refuses a limit over 100 or a bad cursor', async () => {
    const def = (await get('/pet/getallpets')).json();
    expect(def.list.length).toBeLessThanOrEqual(500);
    expect((await get('/pet/getallpets?limit=101')).statusCode).toBe(400);
    expect((await get('/pet/getallpets?limit=0')).statusCode).toBe(400);
    const bad = await get('/pet/getallpets?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Invalid cursor' });
  });

  it('returns the owner with each pet', async () => {
    const body = aBody();
    await post('/pet/addpet', body);
    const first = (await get('/pet/getallpets?limit=1')).json().list[0];
    expect(first).toMatchObject({ name: body.pets[0]!.name, owner: { name: 'Priya Sharma', phone: body.phone } });
  });
});

describe('GET /pet/getfilteredpetsbynameandphone', () => {
  it('finds by name anywhere in it, case-insensitively', async () => {
    const tag = uniq('zq');
    const names = [`${tag}Sheru`, `Big${tag.toUpperCase()}`, `x${tag}x`];
    for (const n of names) await post('/pet/addpet', aBody({ pets: [aPet({ name: n })] }));
    await post('/pet/addpet', aBody({ pets: [aPet({ name: 'Unrelated' })] }));
    const res = await get(`/pet/getfilteredpetsbynameandphone/?name=${tag.toUpperCase()}&phone=`);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(
      res
        .json()
        .list.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual([...names].sort());
  });

  it('treats % and _ in the name literally', async () => {
    const tag = uniq('lit');
    await post('/pet/addpet', aBody({ pets: [aPet({ name: `${tag}50%_off` })] }));
    await post('/pet/addpet', aBody({ pets: [aPet({ name: `${tag}50xxoff` })] }));
    const res = await get(`/pet/getfilteredpetsbynameandphone?name=${encodeURIComponent(`${tag}50%_`)}`);
    expect(res.json().list.map((p: { name: string }) => p.name)).toEqual([`${tag}50%_off`]);
  });

  it('finds by owner phone prefix, not by digits elsewhere in the phone', async () => {
    const prefix = `7${String(Date.now()).slice(-5)}`;
    const p1 = `${prefix}0001`;
    const p2 = `${prefix}0002`;
    await post('/pet/addpet', aBody({ phone: p1 }));
    await post('/pet/addpet', aBody({ phone: p2, pets: [aPet(), aPet()] }));
    await post('/pet/addpet', aBody({ phone: `6${prefix.slice(0, 4)}00000` }));
    const res = (await get(`/pet/getfilteredpetsbynameandphone?phone=${prefix}`)).json();
    expect(res.list).toHaveLength(3);
    expect(res.list.every((p: { owner: { phone: string } }) => p.owner.phone.startsWith(prefix))).toBe(true);
    const middle = (await get(`/pet/getfilteredpetsbynameandphone?phone=${prefix.slice(1)}`)).json();
    expect(middle.list.some((p: { owner: { phone: string } }) => p.owner.phone === p1)).toBe(false);
  });

  it('finds by a phone prefix that many owners share (the dense-prefix plan)', async () => {
    const prefix = `64${String(Date.now()).slice(-3)}`;
    const many = Array.from({ length: PHONE_OWNERS_FIRST_MAX + 5 }, (_, i) => ({
      name: `Dense ${i}`,
      phone: `${prefix}${String(i).padStart(5, '0')}`,
      address: 'Gurugram',
    }));
    const inserted = await t.database.db.insert(owners).values(many).returning({ id: owners.id, phone: owners.phone });
    const withPets = [inserted[0]!, inserted[250]!, inserted.at(-1)!];
    const petIds: string[] = [];
    for (const o of withPets) petIds.push((await makePet(t.database.db, { ownerId: o.id })).id);
    const res = (await get(`/pet/getfilteredpetsbynameandphone?phone=${prefix}&limit=2`)).json();
    expect(res.list).toHaveLength(2);
    const next = (await get(`/pet/getfilteredpetsbynameandphone?phone=${prefix}&limit=2&cursor=${res.nextCursor}`)).json();
    expect(next.nextCursor).toBeNull();
    const found = [...res.list, ...next.list].map((p: { _id: string }) => p._id);
    expect(found.sort()).toEqual([...petIds].sort());
    // A longer prefix narrows it to one owner (the owners-first plan).
    const one = (await get(`/pet/getfilteredpetsbynameandphone?phone=${withPets[1]!.phone}`)).json();
    expect(one.list.map((p: { _id: string }) => p._id)).toEqual([petIds[1]]);
  });

  it('combines name and phone', async () => {
    const p = phone();
    const tag = uniq('combo');
    await post('/pet/addpet', aBody({ phone: p, pets: [aPet({ name: `${tag}A` }), aPet({ name: 'Other name' })] }));
    await post('/pet/addpet', aBody({ pets: [aPet({ name: `${tag}B` })] }));
    const res = (await get(`/pet/getfilteredpetsbynameandphone?name=${tag}&phone=${p.slice(0, 8)}`)).json();
    expect(res.list.map((x: { name: string }) => x.name)).toEqual([`${tag}A`]);
  });

  it('is bounded by limit and answers an empty list for no match', async () => {
    const tag = uniq('many');
    await post('/pet/addpet', aBody({ pets: Array.from({ length: 4 }, (_, i) => aPet({ name: `${tag}${i}` })) }));
    const res = (await get(`/pet/getfilteredpetsbynameandphone?name=${tag}&limit=2`)).json();
    expect(res.list).toHaveLength(2);
    expect(res.nextCursor).toEqual(expect.any(String));
    const none = (await get('/pet/getfilteredpetsbynameandphone?name=nosuchpetanywhere')).json();
    expect(none).toEqual({ success: true, list: [], nextCursor: null });
  });

  it('refuses a phone search with letters', async () => {
    const res = await get('/pet/getfilteredpetsbynameandphone?phone=98a');
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /pet/getpetdetails/{id} and /pet/getpethistory/{id}', () => {
  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await get('/pet/getpetdetails/123')).statusCode).toBe(400);
    const unknown = await get('/pet/getpetdetails/0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Pet not found' });
    expect((await get('/pet/getpethistory/xyz')).statusCode).toBe(400);
    expect((await get('/pet/getpethistory/0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('answers an empty history for a pet without visits', async () => {
    const pet = await makePet(t.database.db);
    const res = await get(`/pet/getpethistory/${pet.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, history: [], visits: [] });
  });
});

describe('POST /pet/editpetdetails', () => {
  it('saves the edit with the spec message', async () => {
    const pet = await makePet(t.database.db);
    const edit = {
      name: 'Sheru',
      breed: 'Other',
      customBreed: 'Himalayan Sheepdog',
      sex: 'Female',
      color: 'Black',
      dob: '2020-01-01',
      neutered: true,
      registrationDate: '2025-12-01',
    };
    const res = await post('/pet/editpetdetails', { id: pet.id, species: 'dog', ...edit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Changes saved successfully' });
    const after = (await get(`/pet/getpetdetails/${pet.id}`)).json().pet;
    expect(after).toMatchObject(edit);
  });

  it('keeps the species when none is sent', async () => {
    const cat = await makePet(t.database.db, { species: 'cat', breed: 'Persian' });
    const base = { id: cat.id, name: 'Kitty', sex: 'Female', color: 'White', dob: '2020-01-01', registrationDate: '2025-12-01' };
    const ok = await post('/pet/editpetdetails', { ...base, breed: 'Siamese' });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/pet/getpetdetails/${cat.id}`)).json().pet).toMatchObject({ species: 'cat', breed: 'Siamese' });
  });

  it.each([
    ['name', { name: '' }, 'name', PET_MSG.petName],
    ['breed', { breed: '' }, 'breed', PET_MSG.breed],
    ['breed too long', { breed: 'B'.repeat(81) }, 'breed', 'At most 80 characters'],
    ['sex', { sex: 'X' }, 'sex', PET_MSG.sex],
    ['color', { color: ' ' }, 'color', PET_MSG.color],
    ['dob', { dob: '' }, 'dob', PET_MSG.dob],
    ['dob future', { dob: addDays(todayIn('Asia/Kolkata'), 1) }, 'dob', PET_MSG.dobFuture],
    ['registration date', { registrationDate: '' }, 'registrationDate', PET_MSG.registrationDate],
  ])('rejects a missing or bad %s', async (_, patch, field, message) => {
    const pet = await makePet(t.database.db, { name: 'Unchanged' });
    const res = await post('/pet/editpetdetails', {
      id: pet.id,
      name: 'Changed',
      species: 'dog',
      breed: 'Beagle',
      sex: 'Male',
      color: 'Brown',
      dob: '2020-01-01',
      registrationDate: '2025-12-01',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await get(`/pet/getpetdetails/${pet.id}`)).json().pet.name).toBe('Unchanged');
  });

  it('answers 400 for a malformed id and 404 for an unknown pet', async () => {
    const body = { name: 'A', breed: 'Beagle', sex: 'Male', color: 'B', dob: '2020-01-01', registrationDate: '2025-12-01' };
    expect((await post('/pet/editpetdetails', { ...body, id: 'nope' })).statusCode).toBe(400);
    expect((await post('/pet/editpetdetails', { ...body, id: 'fedcba9876543210fedcba98' })).statusCode).toBe(404);
  });
});

describe('POST /pet/editownerdetails', () => {
  it('saves the edit with the spec message', async () => {
    const owner = await makeOwner(t.database.db);
    const p = phone();
    const res = await post('/pet/editownerdetails', {
      id: owner.id,
      name: 'Meera Nair',
      phone: p,
      email: 'Meera@Example.in',
      address: 'DLF Phase 4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Changes saved successfully' });
    const [row] = await t.database.db.select().from(owners).where(eq(owners.id, owner.id));
    expect(row).toMatchObject({ name: 'Meera Nair', phone: p, email: 'meera@example.in', address: 'DLF Phase 4' });
  });

  it.each([
    ['name', { name: '' }, 'name', PET_MSG.ownerName],
    ['phone', { phone: '' }, 'phone', 'Phone number is required'],
    ['phone digits', { phone: '123456789' }, 'phone', 'Enter a valid 10-digit phone number'],
    ['email', { email: 'x@' }, 'email', PET_MSG.email],
    ['address', { address: '' }, 'address', PET_MSG.address],
  ])('rejects a bad %s', async (_, patch, field, message) => {
    const owner = await makeOwner(t.database.db);
    const res = await post('/pet/editownerdetails', {
      id: owner.id,
      name: 'N',
      phone: phone(),
      address: 'A',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it("answers 409 for another owner's phone and keeps both owners unchanged", async () => {
    const a = await makeOwner(t.database.db);
    const b = await makeOwner(t.database.db);
    const res = await post('/pet/editownerdetails', { id: a.id, name: 'A', phone: b.phone, address: 'X' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: PET_MSG.phoneTaken, errors: { phone: PET_MSG.phoneTaken } });
    const [row] = await t.database.db.select().from(owners).where(eq(owners.id, a.id));
    expect(row!.phone).toBe(a.phone);
  });

  it('answers 400 for a malformed id and 404 for an unknown owner', async () => {
    const body = { name: 'A', phone: phone(), address: 'X' };
    expect((await post('/pet/editownerdetails', { ...body, id: '1' })).statusCode).toBe(400);
    expect((await post('/pet/editownerdetails', { ...body, id: 'fedcba9876543210fedcba98' })).statusCode).toBe(404);
  });
});

describe('owners imported from the original system without a phone (issue 21)', () => {
  /** Two phone-less owners (owners.phone is unique only when present), one with two pets, as the importer leaves them. */
  async function imported() {
    const tag = uniq('nophone');
    const a = await makeOwnerWithoutPhone(t.database.db, { name: `Old ${tag}`, address: 'Sohna Road' });
    const b = await makeOwnerWithoutPhone(t.database.db, { name: `Older ${tag}` });
    const rex = await makePet(t.database.db, { ownerId: a.id, name: `${tag}Rex`, registrationDate: '2025-04-02' });
    const tom = await makePet(t.database.db, { ownerId: a.id, name: `${tag}Tom` });
    const lone = await makePet(t.database.db, { ownerId: b.id, name: `${tag}Lone` });
    return { tag, a, b, rex, tom, lone };
  }
  const ownerOf = (list: { _id: string; owner: unknown }[], id: string) => list.find((p) => p._id === id)?.owner;

  it('are listed and looked up with phone null: all pets, details, by name, by registration date', async () => {
    const { tag, a, rex, lone } = await imported();
    const all = await get('/pet/getallpets?limit=10');
    expect(all.statusCode).toBe(200);
    expect(ownerOf(all.json().list, rex.id)).toMatchObject({ _id: a.id, phone: null, address: 'Sohna Road' });
    const details = await get(`/pet/getpetdetails/${rex.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().pet.owner).toMatchObject({ _id: a.id, name: a.name, phone: null, email: null });
    const byName = (await get(`/pet/getfilteredpetsbynameandphone/?name=${tag}&phone=`)).json();
    expect(byName.list).toHaveLength(3);
    expect(byName.list.every((p: { owner: { phone: unknown } }) => p.owner.phone === null)).toBe(true);
    const byDate = await get('/pet/getpetsbyregistrationdate/2025-04-02');
    expect(byDate.statusCode).toBe(200);
    expect(ownerOf(byDate.json().pets, rex.id)).toMatchObject({ phone: null });
    expect(ownerOf(byName.list, lone.id)).toMatchObject({ phone: null });
  });

  it('a phone search never finds them; `ownerId` lists one owner’s pets, whatever their phone', async () => {
    const { tag, a, rex, tom } = await imported();
    const byPhone = (await get('/pet/getfilteredpetsbynameandphone?phone=0')).json();
    expect(byPhone.list.some((p: { name: string }) => p.name.startsWith(tag))).toBe(false);
    const mine = await get(`/pet/getfilteredpetsbynameandphone?ownerId=${a.id}&limit=50`);
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .list.map((p: { _id: string }) => p._id)
        .sort(),
    ).toEqual([rex.id, tom.id].sort());
    // With a phone owner too, and combined with a name; empty means none, a malformed id is a 400.
    const withPhone = await makeOwner(t.database.db);
    const hers = await makePet(t.database.db, { ownerId: withPhone.id, name: `${tag}Hers` });
    const combined = (await get(`/pet/getfilteredpetsbynameandphone?ownerId=${withPhone.id}&name=${tag}`)).json();
    expect(combined.list.map((p: { _id: string }) => p._id)).toEqual([hers.id]);
    expect((await get(`/pet/getfilteredpetsbynameandphone?name=${tag}Rex&ownerId=`)).json().list).toHaveLength(1);
    expect((await get('/pet/getfilteredpetsbynameandphone?ownerId=nope')).statusCode).toBe(400);
  });

  it('Edit Owner saves the other details without a phone (it stays empty), or with one added', async () => {
    const { a, rex } = await imported();
    for (const blank of [{ phone: '' }, {}, { phone: null }]) {
      const res = await post('/pet/editownerdetails', { id: a.id, name: 'Renamed', address: 'Golf Course Road', ...blank });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Changes saved successfully' });
    }
    const [row] = await t.database.db.select().from(owners).where(eq(owners.id, a.id));
    expect(row).toMatchObject({ name: 'Renamed', phone: null, address: 'Golf Course Road' });
    // A bad phone is still refused; another owner's is a 409.
    const bad = await post('/pet/editownerdetails', { id: a.id, name: 'Renamed', address: 'X', phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toBe(PET_MSG.phoneInvalid);
    const other = await makeOwner(t.database.db);
    const taken = await post('/pet/editownerdetails', { id: a.id, name: 'Renamed', address: 'X', phone: other.phone });
    expect(taken.statusCode).toBe(409);
    const p = phone();
    expect((await post('/pet/editownerdetails', { id: a.id, name: 'Renamed', address: 'X', phone: p })).statusCode).toBe(200);
    expect((await get(`/pet/getpetdetails/${rex.id}`)).json().pet.owner.phone).toBe(p);
    expect((await get(`/pet/getfilteredpetsbynameandphone?phone=${p}`)).json().list.map((x: { _id: string }) => x._id)).toContain(
      rex.id,
    );
  });

  it('Edit Owner never clears the phone of an owner who has one (400, the spec message)', async () => {
    const owner = await makeOwner(t.database.db);
    for (const blank of [{ phone: '' }, {}, { phone: null }]) {
      const res = await post('/pet/editownerdetails', { id: owner.id, name: 'N', address: 'A', ...blank });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Phone number is required', errors: { phone: 'Phone number is required' } });
    }
    const [row] = await t.database.db.select().from(owners).where(eq(owners.id, owner.id));
    expect(row).toMatchObject({ phone: owner.phone, name: owner.name });
  });

  it('a new owner at the desk still needs a phone', async () => {
    const res = await post('/pet/addpet', aBody({ phone: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toBe('Phone number is required');
  });
});

describe('GET /pet/getfilteredpetsbybreedandspecies', () => {
  it('filters by species, by species and breed, and answers {success, pets}', async () => {
    const owner = await makeOwner(t.database.db);
    const tag = uniq('brd');
    await makePet(t.database.db, { ownerId: owner.id, name: `${tag}1`, species: 'rabbit', breed: 'Mini Rex' });
    await makePet(t.database.db, { ownerId: owner.id, name: `${tag}2`, species: 'rabbit', breed: 'Himalayan' });
    await makePet(t.database.db, { ownerId: owner.id, name: `${tag}3`, species: 'cat', breed: 'Persian' });

    const rabbits = (await get('/pet/getfilteredpetsbybreedandspecies/?species=rabbit')).json();
    expect(rabbits.success).toBe(true);
    const mine = rabbits.pets.filter((p: { name: string }) => p.name.startsWith(tag));
    expect(mine.map((p: { name: string }) => p.name).sort()).toEqual([`${tag}1`, `${tag}2`]);
    expect(rabbits.pets.every((p: { species: string }) => p.species === 'rabbit')).toBe(true);

    const rex = (await get('/pet/getfilteredpetsbybreedandspecies/?species=rabbit&breed=Mini%20Rex')).json();
    expect(rex.pets.every((p: { breed: string }) => p.breed === 'Mini Rex')).toBe(true);
    expect(rex.pets.some((p: { name: string }) => p.name === `${tag}1`)).toBe(true);
    expect(rex.pets[0].owner).toMatchObject({ _id: owner.id, name: owner.name });
  });

  it('is bounded and paged', async () => {
    const owner = await makeOwner(t.database.db);
    for (let i = 0; i < 3; i++) await makePet(t.database.db, { ownerId: owner.id, species: 'fish', breed: 'Guppy' });
    const a = (await get('/pet/getfilteredpetsbybreedandspecies/?species=fish&breed=Guppy&limit=2')).json();
    expect(a.pets).toHaveLength(2);
    const b = (
      await get(`/pet/getfilteredpetsbybreedandspecies/?species=fish&breed=Guppy&limit=2&cursor=${a.nextCursor}`)
    ).json();
    expect(b.pets.length).toBeGreaterThanOrEqual(1);
    expect(b.pets.map((p: { _id: string }) => p._id)).not.toContain(a.pets[0]._id);
  });

  it('refuses an unknown species', async () => {
    const res = await get('/pet/getfilteredpetsbybreedandspecies/?species=dragon');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.species).toBe('Unknown species');
  });
});

describe('GET /pet/getpetsbyregistrationdate/{date}', () => {
  it("lists the day's pets only", async () => {
    const day = '2019-03-07';
    const owner = await makeOwner(t.database.db);
    const a = await makePet(t.database.db, { ownerId: owner.id, registrationDate: day, species: 'cat', breed: 'Persian' });
    const b = await makePet(t.database.db, { ownerId: owner.id, registrationDate: day });
    await makePet(t.database.db, { ownerId: owner.id, registrationDate: '2019-03-08' });
    const res = await get(`/pet/getpetsbyregistrationdate/${day}`);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.success).toBe(true);
    expect(json.pets.map((p: { _id: string }) => p._id).sort()).toEqual([a.id, b.id].sort());
    expect(json.pets[0].owner.name).toBe(owner.name);
  });

  it('answers an empty list for a day without registrations', async () => {
    expect((await get('/pet/getpetsbyregistrationdate/1999-01-01')).json()).toEqual({ success: true, pets: [] });
  });

  it.each(['2026-13-01', '2026-02-30', '22-11-2026', 'today'])('answers 400 for the malformed date %s', async (d) => {
    const res = await get(`/pet/getpetsbyregistrationdate/${d}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('permissions of the staff routes', () => {
  const someId = '0123456789abcdef01234567';
  const routes: [string, string, unknown?][] = [
    ['GET', '/pet/getallpets'],
    ['GET', '/pet/getfilteredpetsbynameandphone?name=a'],
    ['GET', `/pet/getpetdetails/${someId}`],
    ['GET', `/pet/getpethistory/${someId}`],
    ['POST', '/pet/editpetdetails', {}],
    ['POST', '/pet/editownerdetails', {}],
    ['GET', '/pet/getfilteredpetsbybreedandspecies?species=dog'],
    ['GET', '/pet/getpetsbyregistrationdate/2026-01-01'],
  ];

  it.each(routes)('%s %s: 401 without a token, 403 for a customer', async (method, url, payload) => {
    const anon = await t.call({ method: method as 'GET', url: `/api/v1${url}`, payload: payload as object });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().success).toBe(false);
    const bad = await t.call({ method: method as 'GET', url: `/api/v1${url}`, payload: payload as object, token: 'garbage' });
    expect(bad.statusCode).toBe(401);
    const cust = await t.call({
      method: method as 'GET',
      url: `/api/v1${url}`,
      payload: payload as object,
      token: customer.token,
    });
    expect(cust.statusCode).toBe(403);
  });

  it('POST /pet/addpet: 401 without a token or with a bad one (customers: compat-pets.test.ts)', async () => {
    const body = aBody();
    expect((await t.call({ method: 'POST', url: '/api/v1/pet/addpet', payload: body })).statusCode).toBe(401);
    expect((await post('/pet/addpet', body, 'garbage')).statusCode).toBe(401);
    expect(await ownersWithPhone(body.phone as string)).toHaveLength(0);
  });
});

describe('breed lists', () => {
  it('accepts every one of the 54 dog breeds and Other', async () => {
    const list = [...DOG_BREEDS, 'Other'];
    const add = (breeds: string[]) =>
      post(
        '/pet/addpet',
        aBody({ pets: breeds.map((breed) => aPet({ breed, customBreed: breed === 'Other' ? 'Mix' : undefined })) }),
      );
    expect((await add(list.slice(0, 20))).statusCode).toBe(201);
    expect((await add(list.slice(20, 40))).statusCode).toBe(201);
    expect((await add(list.slice(40))).statusCode).toBe(201);
  });
});
