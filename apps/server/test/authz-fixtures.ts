import { randomBytes } from 'node:crypto';
import { todayIn } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { boardings, notifications, subscriptionPlans, users, visitTypes } from '../src/db/schema/index.ts';
import type { Caller } from './authz-expectations.ts';
import { storeImage } from '../src/modules/media/media.service.ts';
import { makeItem, makeOwner, makePet, phone } from './factories.ts';
import { jpeg } from './images.ts';
import type { TestApp, TestUser } from './harness.ts';

export interface CustomerFixture {
  user: TestUser;
  email: string;
  ownerId: string;
  phone: string;
  petId: string;
  petName: string;
}

/** The records the matrix's requests name, and makers of fresh ones for requests that change or use them up. */
export interface Fixtures {
  today: string;
  password: string;
  a: CustomerFixture;
  b: CustomerFixture;
  tokens: Record<Caller, string | undefined>;
  /** Strings in customer A's records that customer B must never receive. */
  secretsOfA: string[];
  uniq(): string;
  phone(): string;
  petForm(o?: Record<string, unknown>): Record<string, unknown>;
  /** A new inventory item with stock; its id. */
  item(): Promise<string>;
  /** A new staff account (for the admin routes to change); its id. */
  staffAccount(): Promise<string>;
  /**
   * The caller's token for a request that ends the caller's sessions (log out everywhere, a password change): a new
   * account of the caller's kind, so the shared tokens stay valid; the shared token for anonymous and disabledStaff.
   */
  ownSessionToken(caller: Caller): Promise<string | undefined>;
  /** A new session of customer A (a real login); its id. */
  sessionOfA(): Promise<string>;
  /** A new notification that failed to send; its id. */
  failedMessage(): Promise<string>;
  /** A visit type that sells subscriptions (reference data). */
  visitTypeId: string;
  /** A new subscription plan of that visit type; its id. */
  plan(): Promise<string>;
  /** The Inquiry visit type's id. */
  inquiryTypeId: string;
  /** A new inquiry visit of customer A's pet (saved through the API); its id. */
  visit(): Promise<string>;
  /** A shop sale to customer A paid in cash (through the API): its receipt's id (a document, issue 17). */
  receipt(): Promise<string>;
  /** A photo of customer A's (a media hash), stored once per fixture set. */
  photoOfA(): Promise<string>;
  /** A new pet of customer A's owner, boarded in the hostel (issue 20); the stay's (boarding) id. */
  stayOfA(): Promise<string>;
  /** Today's draft report card of a new stay of A's (with one photo when `photo`); its id and the photo's hash. */
  reportCardOfA(photo?: boolean): Promise<{ id: string; hash: string | null }>;
  /** An incident on a new stay of A's (with one photo when `photo`); its id and the photo's hash. */
  incidentOfA(photo?: boolean): Promise<{ id: string; hash: string | null }>;
}

async function customer(t: TestApp, name: string): Promise<CustomerFixture> {
  const user = await t.user('customer', { fullName: name });
  const owner = await makeOwner(t.database.db, { name, email: user.email, userId: user.id });
  const petName = `Matrix${randomBytes(3).toString('hex')}`;
  const pet = await makePet(t.database.db, { ownerId: owner.id, name: petName });
  return { user, email: user.email, ownerId: owner.id, phone: owner.phone, petId: pet.id, petName };
}

export async function makeFixtures(t: TestApp): Promise<Fixtures> {
  const db = t.database.db;
  const [a, b, staff, admin, disabled] = [
    await customer(t, 'Customer A'),
    await customer(t, 'Customer B'),
    await t.user('staff'),
    await t.user('staff', { isAdmin: true }),
    await t.user('staff', { isAdmin: true }),
  ];
  await db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
  t.app.forgetAccount(disabled.id);
  const [subscribable] = await db.select().from(visitTypes).where(eq(visitTypes.hasSubscription, true)).limit(1);
  const [inquiry] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'inquiry'));
  let n = 0;
  let photo: Promise<string> | undefined;
  const [hostel] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'hostel'));
  const stayOfA = async () => {
    const pet = await makePet(db, { ownerId: a.ownerId, name: `MatrixStay${++n}` });
    const [row] = await db
      .insert(boardings)
      .values({ petId: pet.id, visitTypeId: hostel!.id, numberOfDays: 2, entryTime: new Date(Date.now() - 3_600_000) })
      .returning({ id: boardings.id });
    return row!.id;
  };
  /** POSTs as staff and returns the answer's JSON (a fixture that fails says why). */
  const staffPost = async (url: string, payload: unknown, headers?: Record<string, string>) => {
    const res = await t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token: staff.token, headers });
    if (res.statusCode >= 300) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const withPhoto = async (base: string, id: string, photo: boolean) => {
    if (!photo) return { id, hash: null };
    const body = await staffPost(`/${base}/${id}/photos`, await jpeg(), { 'content-type': 'image/jpeg' });
    return { id, hash: ((body.card ?? body.incident).photos[0].hash as string) ?? null };
  };
  return {
    stayOfA,
    reportCardOfA: async (withOne = false) => {
      const body = await staffPost('/report-cards', { boardingId: await stayOfA(), mood: 4, activity: 4, note: 'Matrix' });
      return withPhoto('report-cards', body.card._id, withOne);
    },
    incidentOfA: async (withOne = false) => {
      const body = await staffPost('/incidents', {
        boardingId: await stayOfA(),
        kind: 'other',
        whatHappened: 'Matrix incident',
        actionTaken: 'None needed',
      });
      return withPhoto('incidents', body.incident._id, withOne);
    },
    visitTypeId: subscribable!.id,
    inquiryTypeId: inquiry!.id,
    visit: async () => {
      const body = { petId: a.petId, visitType: inquiry!.id, note: 'Asked about day care' };
      const res = await t.call({ method: 'POST', url: '/api/v1/visit/addinquiryvisit', payload: body, token: staff.token });
      if (res.statusCode !== 201) throw new Error(`fixture visit: ${res.statusCode} ${res.body}`);
      return res.json().visit._id as string;
    },
    receipt: async () => {
      const [shop] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'shop'));
      const body = {
        petId: a.petId,
        visitType: shop!.id,
        items: [{ name: 'Matrix leash', price: 250 }],
        details: { totalCalculatedPrice: 250, selectedPayment: 'cash' },
      };
      const res = await t.call({ method: 'POST', url: '/api/v1/visit/addshopvisit', payload: body, token: staff.token });
      if (res.statusCode !== 201) throw new Error(`fixture receipt: ${res.statusCode} ${res.body}`);
      return res.json().payment._id as string;
    },
    photoOfA: () => {
      photo ??= jpeg().then(
        async (bytes) => (await storeImage(db, bytes, { scope: `pet:${a.petId}`, ownerId: a.ownerId, userId: staff.id })).hash,
      );
      return photo;
    },
    plan: async () => {
      const [row] = await db
        .insert(subscriptionPlans)
        .values({ visitTypeId: subscribable!.id, name: `Matrix plan ${++n}`, pricePaise: 100_000, durationDays: 30 })
        .returning({ id: subscriptionPlans.id });
      return row!.id;
    },
    today: todayIn(t.config.tz),
    password: a.user.password,
    a,
    b,
    tokens: {
      anonymous: undefined,
      customerA: a.user.token,
      customerB: b.user.token,
      staff: staff.token,
      admin: admin.token,
      disabledStaff: disabled.token,
    },
    secretsOfA: [a.petId, a.ownerId, a.email, a.petName],
    uniq: () => `m${Date.now().toString(36)}${(++n).toString(36)}`,
    phone,
    petForm: (o = {}) => ({
      name: `Matrix${++n}`,
      species: 'dog',
      breed: 'Beagle',
      sex: 'Male',
      color: 'Brown',
      dob: '2021-04-02',
      neutered: false,
      registrationDate: '2026-01-15',
      ...o,
    }),
    item: async () => (await makeItem(db, { itemName: `Matrix item ${++n}`, stock: 100 })).id,
    staffAccount: async () => (await t.user('staff')).id,
    ownSessionToken: async (caller) => {
      if (caller === 'anonymous' || caller === 'disabledStaff') return undefined;
      const role = caller === 'staff' || caller === 'admin' ? 'staff' : 'customer';
      return (await t.user(role, { isAdmin: caller === 'admin' })).token;
    },
    sessionOfA: async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: a.email, password: a.user.password, role: 'customer' },
        remoteAddress: '10.99.0.1',
      });
      const token = res.json().token as string;
      const list = await t.call({ method: 'GET', url: '/api/v1/auth/sessions', token });
      return list.json().sessions[0]._id as string;
    },
    failedMessage: async () => {
      const [row] = await db
        .insert(notifications)
        .values({ toAddress: 'owner@x.in', subject: 'Reminder', body: 'Hi', status: 'failed', kind: 'reminder', attempts: 5 })
        .returning({ id: notifications.id });
      return row!.id;
    },
  };
}
