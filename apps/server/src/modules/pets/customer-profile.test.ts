/** /customer/profile and the login user's phone and address (issue 9, "The login user"). */
import { PET_MSG, PROFILE_MSG } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { owners, users } from '../../db/schema/index.ts';
import { makeOwner, makePet, phone } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, payload: payload as object });
const profile = (token: string) => call('GET', '/customer/profile', token);
const save = (token: string, body: object) => call('POST', '/customer/profile', token, body);
const login = async (email: string, role: 'staff' | 'customer') =>
  (await call('POST', '/auth/login', undefined, { email, password: 'secret123', role })).json();
const ownerOf = async (userId: string) => (await t.database.db.select().from(owners).where(eq(owners.userId, userId)))[0];
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET and POST /customer/profile', () => {
  it('starts from the account: name and email, no phone or address yet', async () => {
    const c = await t.user('customer', { fullName: 'Asha Verma' });
    const res = await profile(c.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      profile: { fullName: 'Asha Verma', email: c.email, phone: null, address: null },
    });
  });

  it('saves name, phone and address on the account; the email stays as it is', async () => {
    const c = await t.user('customer', { fullName: 'Asha Verma' });
    const p = phone();
    const res = await save(c.token, { fullName: ' Asha V. ', phone: p, address: 'Flat 2\nDLF Phase 3', email: 'new@x.in' });
    expect(res.statusCode).toBe(200);
    const profileNow = { fullName: 'Asha V.', email: c.email, phone: p, address: 'Flat 2\nDLF Phase 3' };
    expect(res.json()).toEqual({ success: true, message: PROFILE_MSG.saved, profile: profileNow });
    expect((await profile(c.token)).json().profile).toEqual(profileNow);
    expect(await userRow(c.id)).toMatchObject({ fullName: 'Asha V.', email: c.email, phone: p });
    expect(await ownerOf(c.id)).toBeUndefined();
  });

  it("keeps the customer's owner record in step, so staff see the new details", async () => {
    const c = await t.user('customer', { fullName: 'Rahul Chawla' });
    const owner = await makeOwner(t.database.db, { name: 'Rahul Chawla', email: c.email, userId: c.id });
    const pet = await makePet(t.database.db, { ownerId: owner.id });
    const p = phone();
    expect((await profile(c.token)).json().profile).toMatchObject({ phone: owner.phone, address: owner.address });
    expect((await save(c.token, { fullName: 'Rahul C', phone: p, address: 'New address' })).statusCode).toBe(200);
    expect(await ownerOf(c.id)).toMatchObject({ id: owner.id, name: 'Rahul C', phone: p, address: 'New address' });
    const seen = (await call('GET', `/pet/getpetdetails/${pet.id}`, staff.token)).json().pet.owner;
    expect(seen).toMatchObject({ name: 'Rahul C', phone: p, address: 'New address' });
    // Saving the same phone again is no conflict with itself.
    expect((await save(c.token, { fullName: 'Rahul C', phone: p, address: 'Again' })).statusCode).toBe(200);
  });

  it("refuses another owner's phone with 409 and changes nothing", async () => {
    const other = await makeOwner(t.database.db, { name: 'Someone Else' });
    const c = await t.user('customer', { fullName: 'Kavya Reddy' });
    const mine = await makeOwner(t.database.db, { name: 'Kavya Reddy', userId: c.id });
    const res = await save(c.token, { fullName: 'Changed', phone: other.phone, address: 'Changed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: PROFILE_MSG.phoneTaken, errors: { phone: PROFILE_MSG.phoneTaken } });
    expect(await ownerOf(c.id)).toMatchObject({ name: 'Kavya Reddy', phone: mine.phone });
    expect((await userRow(c.id)).fullName).toBe('Kavya Reddy');
    // Without an owner record of their own, too (a later pet registration would need the number).
    const d = await t.user('customer');
    expect((await save(d.token, { fullName: 'D', phone: other.phone, address: 'A' })).statusCode).toBe(409);
    expect((await userRow(d.id)).phone).toBeNull();
  });

  it.each([
    ['fullName', { fullName: '  ' }, PROFILE_MSG.fullName],
    ['phone', { phone: '' }, PET_MSG.phoneRequired],
    ['phone', { phone: '98765' }, PET_MSG.phoneInvalid],
    ['phone', { phone: '+91 98123 45678' }, PET_MSG.phoneInvalid],
    ['address', { address: '' }, PET_MSG.address],
    ['fullName', { fullName: 'Asha\u0000' }, 'Must not contain control characters'],
  ])('refuses a bad %s (%j) with 400 and the field message', async (field, patch, message) => {
    const c = await t.user('customer', { fullName: 'Unchanged' });
    const res = await save(c.token, { fullName: 'Asha', phone: phone(), address: 'Gurugram', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await userRow(c.id)).fullName).toBe('Unchanged');
  });

  it('is for customers only', async () => {
    expect((await call('GET', '/customer/profile')).statusCode).toBe(401);
    expect((await call('POST', '/customer/profile', undefined, {})).statusCode).toBe(401);
    expect((await profile(staff.token)).statusCode).toBe(403);
    expect((await save(staff.token, { fullName: 'X', phone: phone(), address: 'Y' })).statusCode).toBe(403);
  });
});

describe("the login user's phone and address", () => {
  it('are null when unknown, then the profile’s, then the owner record’s', async () => {
    const c = await t.user('customer', { fullName: 'Tanvi Desai' });
    expect((await login(c.email, 'customer')).user).toMatchObject({ phone: null, address: null });
    const p = phone();
    await save(c.token, { fullName: 'Tanvi Desai', phone: p, address: 'Profile address' });
    const before = (await login(c.email, 'customer')).user;
    expect(before).toMatchObject({ phone: p, address: 'Profile address' });
    expect(before.customer_id).toBeUndefined();
    const owner = await makeOwner(t.database.db, { userId: c.id, address: 'Owner address' });
    const after = (await login(c.email, 'customer')).user;
    expect(after).toMatchObject({ customer_id: owner.id, phone: owner.phone, address: 'Owner address' });
    expect((await call('GET', '/auth/me', c.token)).json().user).toMatchObject({ phone: owner.phone, address: 'Owner address' });
  });

  it('staff get them too (null when unknown)', async () => {
    const res = await login(staff.email, 'staff');
    expect(res.user).toMatchObject({ role: 'staff', phone: null, address: null });
  });
});
