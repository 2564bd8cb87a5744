/**
 * Bad input is a 400 with a clear message, from one place (the shared schema helpers, the JSON parser and the
 * validator of every route), never a 500. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { BROKEN_TEXT_MESSAGE, CONTROL_CHARS_MESSAGE } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, owners } from '../src/db/schema/index.ts';
import { makeItem, makePet, phone } from './factories.ts';
import { useTestApp, useTestUser } from './harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const V1 = '/api/v1';
const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: `${V1}${url}`,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
    token,
  });

const contact = (o: object = {}) => ({ name: 'Asha', email: 'asha@example.in', comment: 'Hello', ...o });
const pet = (o: object = {}) => ({
  name: 'Bruno',
  species: 'dog',
  breed: 'Beagle',
  sex: 'Male',
  color: 'Brown',
  dob: '2022-05-10',
  registrationDate: '2026-01-10',
  ...o,
});
const addPet = (o: object = {}) => ({ ownerName: 'Asha Verma', phone: phone(), address: 'Sector 45', pets: [pet()], ...o });

describe('control characters in text', () => {
  it.each([
    ['login email', '/auth/login', { email: 'a\u0000@b.c', password: 'x', role: 'staff' }, 'email'],
    ['login password', '/auth/login', { email: 'a@b.c', password: 'x\u0000', role: 'staff' }, 'password'],
    ['signup name', '/auth/signup', { fullName: 'A\u0000', email: 'nul@b.in', password: 'secret123' }, 'fullName'],
    ['signup password', '/auth/signup', { fullName: 'A', email: 'nul2@b.in', password: 'secret\u0007123' }, 'password'],
    ['forgot-password email', '/auth/forgot-password', { email: 'a\u0000@b.c' }, 'email'],
    ['reset-password token', '/auth/reset-password', { token: 'abc\u0000', password: 'secret123' }, 'token'],
    ['reset-password password', '/auth/reset-password', { token: 'abc', password: 'secret\u0007123' }, 'password'],
    ['contact name', '/contact', contact({ name: 'Asha\u0000' }), 'name'],
    ['contact comment (NUL)', '/contact', contact({ comment: 'Hi\u0000there' }), 'comment'],
    ['contact comment (C1 control)', '/contact', contact({ comment: 'Hi\u0085there' }), 'comment'],
    ['contact name (a line break is one line too many)', '/contact', contact({ name: 'Asha\nVerma' }), 'name'],
  ])('%s: 400 with a field error, nothing stored', async (_, url, payload, field) => {
    const before = await t.database.db.$count(contactMessages);
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: CONTROL_CHARS_MESSAGE,
      errors: { [field]: CONTROL_CHARS_MESSAGE },
    });
    expect(await t.database.db.$count(contactMessages)).toBe(before);
  });

  it('a broken character (an unpaired UTF-16 surrogate, which PostgreSQL refuses in JSON) is a 400 naming the field', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    const put = (names: string[]) =>
      t.call({ method: 'PUT', url: `${V1}/admin/core-vaccines`, payload: { names }, token: admin.token });
    const res = await put(['a\udfffb', 'Rabies']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: BROKEN_TEXT_MESSAGE, errors: { 'names.0': BROKEN_TEXT_MESSAGE } });
    // A well-formed pair (an emoji) is text.
    expect((await put(['Rabies \ud83d\udc36', 'DHPP'])).statusCode).toBe(200);
    expect((await put(['Rabies', 'DHPP'])).statusCode).toBe(200);

    const contactRes = await post('/contact', contact({ comment: 'Hi\ud800 there\nsecond line' }));
    expect(contactRes.json()).toMatchObject({ message: BROKEN_TEXT_MESSAGE, errors: { comment: BROKEN_TEXT_MESSAGE } });
  });

  it('multi-line text keeps its tabs and line breaks', async () => {
    const comment = 'Line one\n\tLine two\r\nLine three';
    const res = await post('/contact', contact({ comment, name: 'Multi Line' }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.name, 'Multi Line'));
    expect(row?.comment).toBe(comment);
  });

  it('an address may have several lines, a pet name may not', async () => {
    const ok = await post('/pet/addpet', addPet({ address: '12 MG Road\nGurugram' }), staff.token);
    expect(ok.statusCode).toBe(201);
    const [owner] = await t.database.db.select().from(owners).where(eq(owners.id, ok.json().ownerId));
    expect(owner?.address).toBe('12 MG Road\nGurugram');

    const bad = await post('/pet/addpet', addPet({ pets: [pet({ name: 'Bru\tno' })] }), staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'pets.0.name': CONTROL_CHARS_MESSAGE });
  });

  it('query strings and record bodies get the same rule, also where a route schema has a bare string', async () => {
    const search = await t.call({
      method: 'GET',
      url: `${V1}/pet/getfilteredpetsbynameandphone?name=Br%00uno`,
      token: staff.token,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ name: CONTROL_CHARS_MESSAGE });
    // customerappointment/getcustomerpets declares `email: z.string()`; the validator's net still refuses it.
    const pets = await t.call({
      method: 'GET',
      url: `${V1}/customerappointment/getcustomerpets?email=a%00b`,
      token: customer.token,
    });
    expect(pets.statusCode).toBe(400);
    expect(pets.json().errors).toEqual({ email: CONTROL_CHARS_MESSAGE });
    const id = await t.call({ method: 'GET', url: `${V1}/pet/getpetdetails/%00`, token: staff.token });
    expect(id.statusCode).toBe(400);
  });
});

describe('null, arrays and scalars where an object is expected', () => {
  it.each([
    ['/pet/editpetdetails', 'null'],
    ['/pet/editpetdetails', '[]'],
    ['/pet/editpetdetails', '42'],
    ['/pet/editpetdetails', '"text"'],
    ['/customer/pet/addpet', 'null'],
    ['/pet/addpet', 'null'],
    ['/prescription/addprescription', 'null'],
    ['/auth/login', '[{"email":"a@b.c"}]'],
  ])('POST %s with body %s: 400 "Request body must be a JSON object"', async (url, body) => {
    const token = url.startsWith('/customer/') ? customer.token : staff.token;
    const res = await post(url, body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Request body must be a JSON object',
      errors: { body: 'Request body must be a JSON object' },
    });
  });

  it('a null pet in the list is refused at its place', async () => {
    const res = await post('/pet/addpet', addPet({ pets: [null] }), staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'pets.0': 'Must be an object' });
    const two = await post('/pet/addpet', addPet({ pets: [pet(), 7] }), staff.token);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual({ 'pets.1': 'Must be an object' });
  });

  it('null rows and vaccinations are refused at their place', async () => {
    const vacc = await post('/pet/addpet', addPet({ pets: [pet({ vaccinations: [null] })] }), staff.token);
    expect(vacc.statusCode).toBe(400);
    expect(vacc.json().errors).toEqual({ 'pets.0.vaccinations.0': 'Must be an object' });
    const rx = await post(
      '/prescription/addprescription',
      { petId: 'a'.repeat(24), customerType: 'NGO', tablets: [null], totalPrice: 0 },
      staff.token,
    );
    expect(rx.statusCode).toBe(400);
    expect(rx.json().errors).toMatchObject({ 'tablets.0': 'Must be an object' });
  });
});

describe('object rules never meet a field of the wrong type', () => {
  it('an inquiry whose follow-up purpose is an object: 400 at that field, the follow-up rule does not run on it', async () => {
    const res = await post(
      '/visit/addinquiryvisit',
      {
        petId: 'a'.repeat(24),
        visitType: 'b'.repeat(24),
        note: 'x',
        nextFollowUp: '2030-01-01',
        followUpTime: '10:00',
        followUpPurpose: { __proto__: null },
      },
      staff.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ followUpPurpose: 'Must be text' });
  });

  it('a pet whose breed is a number: 400 at that field, the breed rule does not run on it', async () => {
    const res = await post('/pet/addpet', addPet({ pets: [pet({ breed: 7, customBreed: 8 })] }), staff.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['pets.0.breed', 'pets.0.customBreed']);
  });
});

describe('addresses that are not valid percent-encoding', () => {
  it.each(['/pet/getpetdetails/%zz', '/pet/getpetdetails/%', '/pet/getpetdetails/%C0%80'])(
    '%s: 400 in our shape',
    async (url) => {
      const res = await t.call({ method: 'GET', url: `${V1}${url}`, token: staff.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'The address is not valid (bad percent-encoding)' });
    },
  );
});

describe('an empty JSON body is no body', () => {
  it('GET and DELETE sent with Content-Type: application/json and no body work', async () => {
    const me = await t.call({
      method: 'GET',
      url: `${V1}/auth/me`,
      token: staff.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(me.statusCode).toBe(200);
    for (const payload of ['', '  \n']) {
      const item = await makeItem(t.database.db, { itemName: `Empty body ${payload.length}` });
      const res = await t.call({
        method: 'DELETE',
        url: `${V1}/inventory/deleteinventory/${item.id}`,
        token: staff.token,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('a POST that needs a body gets the usual validation answer', async () => {
    const res = await post('/contact', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body must be a JSON object');
  });

  it('a body that is not JSON is still refused as such', async () => {
    const res = await post('/contact', '{"name": "Asha",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });
  });
});

describe('unknown fields and prototype keys', () => {
  it('no request schema of any route refuses unknown fields (no strict objects)', () => {
    const strict: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => void walk(n, `${where}[${i}]`));
      else if (node && typeof node === 'object') {
        if ((node as { additionalProperties?: unknown }).additionalProperties === false) strict.push(where);
        for (const [k, v] of Object.entries(node)) walk(v, `${where}.${k}`);
      }
    };
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: unknown; requestBody?: unknown }>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) walk([op.parameters, op.requestBody], `${method} ${path}`);
    }
    expect(strict).toEqual([]);
  });

  it('unknown fields are ignored, at the top and inside items', async () => {
    const res = await post(
      '/pet/addpet',
      addPet({ isAdmin: true, _id: 'x', pets: [pet({ owner: { name: 'x' }, extra: [1, 2] })] }),
      staff.token,
    );
    expect(res.statusCode).toBe(201);
  });

  it('__proto__ and constructor.prototype keys are dropped, and pollute nothing', async () => {
    const raw = `{"name":"Proto Test","email":"p@example.in","comment":"x",
      "__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}`;
    const res = await post('/contact', raw);
    expect(res.statusCode).toBe(201);
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
    const login = await post('/auth/login', `{"__proto__":{"role":"staff"},"email":"a@b.c","password":"x"}`);
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual({ role: 'Please select your role' });
  });
});

describe('numbers stay inside their columns; money limits are named', () => {
  const item = (o: object) => ({ itemName: 'Big', stock: 1, stockUnit: 'item', itemType: 'medicine', ...o });

  it.each([
    [{ unitCostPrice: 10_000_000.01 }, 'unitCostPrice', 'Unit cost price must be at most ₹1,00,00,000.00'],
    [
      { unitMaxRetailPriceCustomer: 1e20 },
      'unitMaxRetailPriceCustomer',
      'Customer maximum retail price must be at most ₹1,00,00,000.00',
    ],
    [{ stock: 3_000_000_000 }, 'stock', 'Stock must be at most 10,00,00,000'],
    [{ reorderLevel: 2 ** 31 }, 'reorderLevel', 'Reorder level must be at most 10,00,00,000'],
    [{ totalVolume: 1e12 }, 'totalVolume', 'Total volume must be at most 10,00,00,000'],
  ])('inventory %o: 400 %s', async (o, field, message) => {
    const res = await post('/inventory/addinventory', item(o), staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('a prescription quantity beyond an integer column is refused with its row', async () => {
    const p = await makePet(t.database.db);
    const it1 = await makeItem(t.database.db, { itemName: 'Quantity bound' });
    const res = await post(
      '/prescription/addprescription',
      { petId: p.id, customerType: 'NGO', tablets: [{ id: it1.id, quantity: 3_000_000_000 }], totalPrice: 0 },
      staff.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['tablets.0.quantity']).toBe('Please enter a valid quantity for Tablet #1 (at most 10,00,00,000)');
  });

  it('a total above ₹1,00,00,00,000.00 is refused naming the limit', async () => {
    const res = await post(
      '/prescription/addprescription',
      { petId: 'a'.repeat(24), customerType: 'NGO', tablets: [{ id: 'b'.repeat(24), quantity: 1 }], totalPrice: 1e9 + 1 },
      staff.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.totalPrice).toBe('Total price must be at most ₹1,00,00,00,000.00');
  });

  it('a prescription total above the old 32-bit limit (₹2,14,74,836.47) is stored and read back exactly', async () => {
    const db = t.database.db;
    const p = await makePet(db);
    const price = 999_999_999; // ₹99,99,999.99, the most a single price may be
    const items = await Promise.all(
      [1, 2, 3].map((n) =>
        makeItem(db, { itemName: `Costly ${n}`, stock: 5, unitMinRetailNgoPaise: price, unitMaxRetailCustomerPaise: price }),
      ),
    );
    const total = 29_999_999.97; // 3 × ₹99,99,999.99
    const res = await post(
      '/prescription/addprescription',
      {
        petId: p.id,
        customerType: 'pvtltd',
        items: items.map((i) => ({ id: i.id, quantity: 1 })),
        totalPrice: total,
        selectedPayment: 'cash',
      },
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().prescription.totalPrice).toBe(total);
    const read = await t.call({ method: 'GET', url: `${V1}/prescription/getprescription/${p.id}`, token: staff.token });
    expect(read.statusCode).toBe(200);
    const [rx] = read.json().data;
    expect(rx.totalPrice).toBe(total);
    expect(rx.payment.amount).toBe(total);
    expect(rx.items.map((l: { price: number }) => l.price)).toEqual([9_999_999.99, 9_999_999.99, 9_999_999.99]);
  });
});
