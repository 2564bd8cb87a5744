import { createHmac, randomBytes } from 'node:crypto';
import { todayIn } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { boardings, notifications, subscriptionPlans, users, visits, visitTypes } from '../src/db/schema/index.ts';
import type { Caller } from './authz-expectations.ts';
import { storeImage } from '../src/modules/media/media.service.ts';
import { postCharge, recordPayment } from '../src/modules/payments/payments.service.ts';
import { offlineSecrets } from '../src/modules/payments/providers/offline.ts';
import { makeItem, makeOwner, makePet, phone } from './factories.ts';
import { jpeg } from './images.ts';
import type { TestApp, TestUser } from './harness.ts';
import { holdSubscription, planOf } from './visit-kit.ts';

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
  /** Every visit type by code (`types.hostel.id`, its price in paise), as seeded. */
  types: Record<string, { id: string; pricePaise: number; purpose: string }>;
  /** A new (vaccinated, unboarded) pet of customer A's owner, for a save that boards a pet or sells it a plan; its id. */
  newPetOfA(): Promise<string>;
  /** A new pet of A's holding a Day School or Play School plan (as if bought earlier); its id and the plan's. */
  schoolPetOfA(code: 'day_school' | 'play_school'): Promise<{ petId: string; planId: string }>;
  /** A Buy Subscription visit (a Day Care plan sold in cash at the desk) of a new pet of A's; the visit's id. */
  planSaleOfA(): Promise<string>;
  /** The cheapest Day Care plan (seeded): its id and price in rupees. */
  dayCarePlan: { id: string; price: number };
  /**
   * A sale of A's pet as a visit save leaves it (spec 001 §4): a visit with its charge on the ledger and its pending
   * card or payment-link payment; the visit's and the payment's ids.
   */
  pendingSaleOfA(method: 'card' | 'payment_link'): Promise<{ visitId: string; paymentId: string }>;
  /**
   * A pending card sale of A's whose provider order staff opened and the customer paid at the offline checkout, not yet
   * verified: the visit, the order, and the signed result the checkout hands the browser.
   */
  paidCardOrderOfA(): Promise<{ visitId: string; orderId: string; result: CheckoutResult }>;
  /** A new provider order of a pending card sale of A's (opened by staff), unpaid; the order's id. */
  cardOrderOfA(): Promise<string>;
  /** A wallet top-up checkout order customer A opened (their own), unpaid; the order's id. */
  checkoutOrderOfA(): Promise<string>;
  /** A checkout order of A's paid by A at the offline checkout, not yet verified: the signed checkout result. */
  paidCheckoutOfA(): Promise<CheckoutResult>;
  /** A payment link sent by staff for a pending sale of a new owner (not A: a link's page is open to anyone holding its id); the plink_ id. */
  paymentLink(): Promise<string>;
  /** A password-reset token of a new customer account (forgot-password, read from the email it sends). */
  resetToken(): Promise<string>;
  /** The signature Razorpay (here the offline provider's webhook secret) puts on a webhook body. */
  signWebhook(body: string): string;
}

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
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
  const types = Object.fromEntries(
    (await db.select().from(visitTypes)).map((r) => [r.code, { id: r.id, pricePaise: r.pricePaise, purpose: r.purpose }]),
  );
  const newPetOfA = async () => (await makePet(db, { ownerId: a.ownerId, name: `MatrixPet${++n}` })).id;
  /** A visit of the pet with its charge and a pending payment of the method (as visit saves leave one). */
  const pendingSale = async (pet: { id: string; ownerId: string }, method: 'card' | 'payment_link') => {
    const pricePaise = 45_000;
    const [visit] = await db
      .insert(visits)
      .values({ petId: pet.id, visitTypeId: types.dog_park!.id, purpose: types.dog_park!.purpose, pricePaise })
      .returning({ id: visits.id });
    const base = { ownerId: pet.ownerId, petId: pet.id, for: { visitId: visit!.id }, tz: t.config.tz, now: new Date() };
    await postCharge(db, { ...base, amountPaise: pricePaise });
    const pending = await recordPayment(db, { ...base, amountPaise: pricePaise, method, status: 'pending' });
    return { visitId: visit!.id, paymentId: pending!.id };
  };
  const pendingSaleOfA = (method: 'card' | 'payment_link') => pendingSale({ id: a.petId, ownerId: a.ownerId }, method);
  /** The offline checkout's Pay as the token's holder: the signed result. */
  const payOrder = async (orderId: string, token: string): Promise<CheckoutResult> => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/payments/offline/checkout/${orderId}/pay`,
      payload: { outcome: 'success' },
      token,
    });
    if (res.statusCode !== 200) throw new Error(`fixture checkout pay: ${res.statusCode} ${res.body}`);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = res.json();
    return { razorpay_order_id, razorpay_payment_id, razorpay_signature };
  };
  const cardOrderOfA = async () => {
    const { visitId } = await pendingSaleOfA('card');
    return { visitId, orderId: (await staffPost('/payments/create-order', { notes: { visitId } })).order.id as string };
  };
  const checkoutOrderOfA = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/customer/wallet/create-order',
      payload: { amount: 500 },
      token: a.user.token,
    });
    if (res.statusCode !== 200) throw new Error(`fixture checkout order: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const { webhookSecret } = offlineSecrets(t.config.jwtSecret);
  const dayCare = await planOf(db, 'day_care');
  const dayCarePlan = { id: dayCare.id, price: dayCare.pricePaise / 100 };
  return {
    dayCarePlan,
    types,
    newPetOfA,
    schoolPetOfA: async (code) => {
      const petId = await newPetOfA();
      const plan = await planOf(db, code);
      await holdSubscription(db, petId, plan);
      return { petId, planId: plan.id };
    },
    planSaleOfA: async () => {
      const { id: planId, price } = dayCarePlan;
      const body = await staffPost('/subscription/buysubscription', {
        petId: await newPetOfA(),
        visitType: types.buy_subscription!.id,
        planId,
        details: { selectedPayment: 'cash', price },
        totalPrice: price,
      });
      return body.visit._id as string;
    },
    pendingSaleOfA,
    cardOrderOfA: async () => (await cardOrderOfA()).orderId,
    paidCardOrderOfA: async () => {
      const { visitId, orderId } = await cardOrderOfA();
      return { visitId, orderId, result: await payOrder(orderId, staff.token) };
    },
    checkoutOrderOfA,
    paidCheckoutOfA: async () => payOrder(await checkoutOrderOfA(), a.user.token),
    paymentLink: async () => {
      const pet = await makePet(db);
      const { paymentId } = await pendingSale({ id: pet.id, ownerId: pet.ownerId }, 'payment_link');
      const body = await staffPost('/payments/payment-link', { paymentId });
      return new URL(body.linkUrl, 'http://x').pathname.split('/').pop()!;
    },
    resetToken: async () => {
      const u = await t.user('customer');
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: u.email },
        remoteAddress: `10.98.0.${(++n % 250) + 1}`,
      });
      if (res.statusCode !== 200) throw new Error(`fixture forgot-password: ${res.statusCode} ${res.body}`);
      const [mail] = await db.select().from(notifications).where(eq(notifications.toAddress, u.email));
      const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1];
      if (!token) throw new Error('fixture forgot-password: no reset link emailed');
      return decodeURIComponent(token);
    },
    signWebhook: (body) => createHmac('sha256', webhookSecret).update(body).digest('hex'),
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
