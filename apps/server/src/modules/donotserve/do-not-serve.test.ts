import { DNS_MESSAGES as M, doNotServeMessage } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  boardingPackages,
  ownerNotifications,
  reservations,
  serviceFlagOverrides,
  serviceFlags,
  staffNotifications,
  subscriptionPlans,
  visits,
} from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';
import { topUp } from '../../../test/package-kit.ts';
import { holdSubscription, planOf } from '../../../test/visit-kit.ts';

const { t, staff, types, db, post, get, board, deboard } = useDeboardTest();
let admin: { id: string; token: string };
const NOW = new Date('2026-11-20T06:30:00Z'); // 12:00 in Gurugram, 20 Nov 2026
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true, fullName: 'Meera Admin' });
});
beforeEach(() => t.clock.set(NOW));
afterEach(() => t.clock.set(null));

let seq = 0;
async function family(o: { userId?: string; email?: string } = {}) {
  const owner = await makeOwner(db(), {
    name: `Owner ${++seq}`,
    email: o.email ?? `dns${seq}.${Date.now()}@example.in`,
    userId: o.userId,
  });
  const pet = await makePet(db(), { ownerId: owner.id, name: `Rex${seq}` });
  return { owner, pet };
}
async function customerFamily() {
  const user = await t.user('customer');
  return { user, ...(await family({ userId: user.id, email: user.email })) };
}

const flag = (b: object, token = admin.token) => post('/donotserve', b, token);
async function flagged(b: { petId?: string; ownerId?: string }, reason = 'Bit a groomer') {
  const res = await flag({ ...b, reason });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().flag as { _id: string };
}
const EXPECTED = (reason = 'Bit a groomer') =>
  doNotServeMessage({ reason, by: 'Meera Admin', since: NOW.toISOString() }, 'staff', 'Asia/Kolkata');

describe('flags: admins flag, staff request, admins decide and lift', () => {
  it('an admin flags a pet: active at once, audited, the owner told; the refusal names the reason, who and when', async () => {
    const { owner, pet } = await family();
    const res = await flag({ petId: pet.id, reason: '  Bit a groomer  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: M.flagged,
      flag: { status: 'active', subject: 'pet', petId: pet.id, ownerId: owner.id, reason: 'Bit a groomer' },
    });
    expect(EXPECTED()).toBe('Do not serve: Bit a groomer (flagged by Meera Admin on 20 Nov 2026)');
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, res.json().flag._id));
    expect(audit.map((a) => a.action)).toEqual(['donotserve.flag']);
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, owner.id));
    expect(inbox.map((n) => n.kind)).toContain('service_paused');
    const subject = await get(`/donotserve/subject?petId=${pet.id}`, staff.token);
    expect(subject.json().doNotServe).toMatchObject({ reason: 'Bit a groomer', by: 'Meera Admin' });
  });

  it('a staff member requests a flag: admins are told; an admin approves it (active) or rejects it with a note', async () => {
    const a = await family();
    const req = await flag({ petId: a.pet.id, reason: 'Aggressive with other dogs' }, staff.token);
    expect(req.statusCode).toBe(201);
    expect(req.json().flag.status).toBe('requested');
    const notices = await db().select().from(staffNotifications).where(eq(staffNotifications.ownerId, a.owner.id));
    expect(notices).toMatchObject([{ kind: 'dns_flag_requested', audience: 'admin' }]);
    // A request does not refuse service yet.
    expect((await post('/visit/addinquiryvisit', inquiry(a.pet.id), staff.token)).statusCode).toBe(201);
    expect((await post(`/donotserve/${req.json().flag._id}/approve`, {}, staff.token)).statusCode).toBe(403);
    const ok = await post(`/donotserve/${req.json().flag._id}/approve`, {}, admin.token);
    expect(ok.json().flag).toMatchObject({ status: 'active', decidedBy: { name: 'Meera Admin' } });
    expect((await post('/visit/addinquiryvisit', inquiry(a.pet.id), staff.token)).statusCode).toBe(409);
    // Decided: not again.
    expect((await post(`/donotserve/${req.json().flag._id}/reject`, { note: 'x' }, admin.token)).statusCode).toBe(409);

    const b = await family();
    const req2 = (await flag({ ownerId: b.owner.id, reason: 'Unpaid bills' }, staff.token)).json().flag._id;
    expect((await post(`/donotserve/${req2}/reject`, {}, admin.token)).statusCode).toBe(400);
    const no = await post(`/donotserve/${req2}/reject`, { note: 'Paid since' }, admin.token);
    expect(no.json().flag).toMatchObject({ status: 'rejected', decisionNote: 'Paid since' });
    expect((await post('/visit/addinquiryvisit', inquiry(b.pet.id), staff.token)).statusCode).toBe(201);
  });

  it('one live flag per pet or owner (409); the reason is required, ≤ 500 characters, without control characters', async () => {
    const { owner, pet } = await family();
    await flagged({ petId: pet.id });
    const again = await flag({ petId: pet.id, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyFlagged(pet.name));
    expect((await flag({ petId: pet.id, reason: 'Again' }, staff.token)).statusCode).toBe(409);
    for (const reason of ['', '   ', 'x'.repeat(501), 'bad\u0007bell', 'two\nlines', 42, null]) {
      const res = await flag({ ownerId: owner.id, reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
    }
    expect((await flag({ ownerId: owner.id, petId: pet.id, reason: 'Both' })).json().message).toBe(M.subjectOne);
    expect((await flag({ reason: 'Neither' })).statusCode).toBe(400);
    expect((await flag({ petId: '0123456789abcdef01234567', reason: 'Nobody' })).statusCode).toBe(404);
    expect((await flag({ ownerId: owner.id, reason: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it('an admin lifts an active flag with a note: service resumes, the owner is told, the lift audited', async () => {
    const { owner, pet } = await family();
    const f = await flagged({ ownerId: owner.id });
    expect((await post('/visit/addinquiryvisit', inquiry(pet.id), staff.token)).statusCode).toBe(409);
    expect((await post(`/donotserve/${f._id}/lift`, {}, admin.token)).statusCode).toBe(400);
    expect((await post(`/donotserve/${f._id}/lift`, { note: 'ok' }, staff.token)).statusCode).toBe(403);
    const lift = await post(`/donotserve/${f._id}/lift`, { note: 'Settled with the manager' }, admin.token);
    expect(lift.json().flag).toMatchObject({ status: 'lifted', liftNote: 'Settled with the manager' });
    expect((await post(`/donotserve/${f._id}/lift`, { note: 'again' }, admin.token)).statusCode).toBe(409);
    expect((await post('/visit/addinquiryvisit', inquiry(pet.id), staff.token)).statusCode).toBe(201);
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, owner.id));
    expect(inbox.map((n) => n.kind)).toEqual(expect.arrayContaining(['service_paused', 'service_resumed']));
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, f._id));
    expect(audit.map((a) => a.action).sort()).toEqual(['donotserve.flag', 'donotserve.lift']);
    // A new flag may be set once the old one is lifted.
    expect((await flag({ ownerId: owner.id, reason: 'Again' })).statusCode).toBe(201);
  });

  it('lists active flags and requests, paged, for admins only', async () => {
    const a = await family();
    const b = await family();
    await flagged({ petId: a.pet.id });
    await flag({ petId: b.pet.id, reason: 'Requested' }, staff.token);
    const active = (await get('/donotserve?status=active&limit=1', admin.token)).json();
    expect(active.flags).toHaveLength(1);
    expect(active.total).toBeGreaterThanOrEqual(1);
    const requested = (await get('/donotserve?status=requested&limit=100', admin.token)).json();
    expect(requested.flags.map((f: { petId: string }) => f.petId)).toContain(b.pet.id);
    expect((await get('/donotserve', staff.token)).statusCode).toBe(403);
    expect((await get('/donotserve?status=lifted', admin.token)).statusCode).toBe(400);
    const marks = (await get('/donotserve/marks', staff.token)).json();
    expect(marks.pets[a.pet.id]).toMatchObject({ reason: 'Bit a groomer' });
    expect(marks.pets[b.pet.id]).toBeUndefined();
  });
});

// ------------------------------------------------------------------------------------------------ every path

const inquiry = (petId: string) => ({ petId, visitType: types.inquiry!.id, note: 'Asked about day care' });

interface PathCase {
  name: string;
  /** Prepares the request for a family (before the flag), returns how to send it. */
  make: (f: Awaited<ReturnType<typeof customerFamily>>) => Promise<{ url: string; body: object; token: string }>;
  /** How many rows of what it makes exist for the pet (nothing half-written on a refusal). */
  written?: (f: Awaited<ReturnType<typeof customerFamily>>) => Promise<number>;
}

const visitsOf = async (f: { pet: { id: string } }) =>
  (await db().select({ id: visits.id }).from(visits).where(eq(visits.petId, f.pet.id))).length;
const reservationsOf = async (f: { owner: { id: string } }) =>
  (await db().select({ id: reservations.id }).from(reservations).where(eq(reservations.ownerId, f.owner.id))).length;

const hostelBody = (petId: string) => ({
  petId,
  visitType: types.hostel!.id,
  admissionAcknowledged: true,
  details: {
    numberOfDays: 2,
    discount: 0,
    finalPrice: (types.hostel!.pricePaise / 100) * 2,
    paymentLeft: 0,
    selectedPaymentType: 'advance_payment',
    selectedPayment: 'cash',
  },
});
const stay = (ownerId: string, petId: string, day = '2026-11-25') => ({
  ownerId,
  visitTypeId: types.hostel!.id,
  petIds: [petId],
  checkInDate: day,
  checkInTime: '10:00',
  checkOutDate: '2026-11-27',
  checkOutTime: '11:00',
});

const CASES: PathCase[] = [
  {
    name: 'New Visit: inquiry',
    make: async (f) => ({ url: '/visit/addinquiryvisit', body: inquiry(f.pet.id), token: staff.token }),
    written: visitsOf,
  },
  {
    name: 'New Visit: hostel (boarding started through a visit)',
    make: async (f) => ({ url: '/visit/addhostelvisit', body: hostelBody(f.pet.id), token: staff.token }),
    written: visitsOf,
  },
  {
    name: 'New Visit: day care',
    make: async (f) => ({
      url: '/visit/adddaycarevisit',
      body: {
        ...hostelBody(f.pet.id),
        visitType: types.day_care!.id,
        details: { ...hostelBody(f.pet.id).details, numberOfDays: 1, finalPrice: types.day_care!.pricePaise / 100 },
      },
      token: staff.token,
    }),
    written: visitsOf,
  },
  {
    name: 'New Visit: dog park',
    make: async (f) => ({
      url: '/visit/adddogparkvisit',
      body: {
        petId: f.pet.id,
        visitType: types.dog_park!.id,
        admissionAcknowledged: true,
        details: { discount: 0, price: types.dog_park!.pricePaise / 100, selectedPayment: 'cash' },
      },
      token: staff.token,
    }),
    written: visitsOf,
  },
  ...(['day_school', 'play_school'] as const).map(
    (kind): PathCase => ({
      name: `New Visit: ${kind}`,
      make: async (f) => {
        const plan = await planOf(db(), kind);
        await holdSubscription(db(), f.pet.id, plan);
        return {
          url: `/visit/add${kind === 'day_school' ? 'dayschool' : 'playschool'}visit`,
          body: {
            petId: f.pet.id,
            visitType: types[kind]!.id,
            admissionAcknowledged: true,
            isSubscriptionAvailed: true,
            planId: plan.id,
          },
          token: staff.token,
        };
      },
      written: visitsOf,
    }),
  ),
  {
    name: 'New Visit: veterinary',
    make: async (f) => ({
      url: '/visit/addveterinaryvisit',
      body: {
        petId: f.pet.id,
        visitType: types.veterinary!.id,
        customerType: 'NGO',
        details: { discount: 0, finalPrice: 300, selectedPayment: 'cash' },
      },
      token: staff.token,
    }),
    written: visitsOf,
  },
  {
    name: 'New Visit: grooming',
    make: async (f) => ({
      url: '/visit/addgroomingvisit',
      body: {
        petId: f.pet.id,
        visitType: types.grooming!.id,
        details: { discount: 0, finalPrice: types.grooming!.pricePaise / 100, selectedPayment: 'cash' },
      },
      token: staff.token,
    }),
    written: visitsOf,
  },
  ...['addshopvisit', 'addshoppingvisit'].map(
    (path): PathCase => ({
      name: `New Visit: ${path}`,
      make: async (f) => ({
        url: `/visit/${path}`,
        body: {
          petId: f.pet.id,
          visitType: types.shop!.id,
          items: [{ name: 'Leash', price: 250 }],
          details: { totalCalculatedPrice: 250, selectedPayment: 'cash' },
        },
        token: staff.token,
      }),
      written: visitsOf,
    }),
  ),
  {
    name: "the existing client's /visit/addvisit",
    make: async (f) => ({
      url: '/visit/addvisit',
      body: {
        petId: f.pet.id,
        visitForm: {
          purpose: 'Veterinary',
          customerType: 'Customer',
          nextFollowUp: '',
          followUpTime: '',
          followUpPurpose: '',
          itemDetails: [],
        },
        totalPrice: 0,
      },
      token: staff.token,
    }),
    written: visitsOf,
  },
  {
    name: 'a prescription sold',
    make: async (f) => ({
      url: '/prescription/addprescription',
      body: {
        petId: f.pet.id,
        customerType: 'NGO',
        tablets: [{ id: (await makeItem(db(), { itemName: `Dns item ${++seq}`, stock: 100 })).id, quantity: 1 }],
        totalPrice: 8,
        selectedPayment: 'cash',
      },
      token: staff.token,
    }),
  },
  {
    name: 'a subscription sold at the desk',
    make: async (f) => {
      const plan = await planOf(db(), 'grooming');
      const [buy] = await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id));
      const buyType = Object.values(types).find((x) => x.code === 'buy_subscription')!;
      return {
        url: '/subscription/buysubscription',
        body: {
          petId: f.pet.id,
          visitType: buyType.id,
          planId: buy!.id,
          details: { selectedPayment: 'cash', price: buy!.pricePaise / 100 },
          totalPrice: buy!.pricePaise / 100,
        },
        token: staff.token,
      };
    },
    written: visitsOf,
  },
  {
    name: 'a package activated at the desk',
    make: async (f) => {
      const [pkg] = await db()
        .insert(boardingPackages)
        .values({ name: `Dns pkg ${++seq}`, visitTypeId: types.hostel!.id, days: 15, pricePaise: 1_150_000 })
        .returning();
      await topUp(t, f.owner.id, 100_000);
      return {
        url: '/packages/activate',
        body: { ownerId: f.owner.id, packageId: pkg!.id, petIds: [f.pet.id] },
        token: staff.token,
      };
    },
    written: visitsOf,
  },
  {
    name: 'a package requested online',
    make: async (f) => {
      const [pkg] = await db()
        .insert(boardingPackages)
        .values({ name: `Dns pkg ${++seq}`, visitTypeId: types.hostel!.id, days: 15, pricePaise: 1_150_000 })
        .returning();
      await topUp(t, f.owner.id, 100_000);
      return { url: '/customer/packages/activate', body: { packageId: pkg!.id, petIds: [f.pet.id] }, token: f.user.token };
    },
  },
  {
    name: 'a reservation made',
    make: async (f) => ({ url: '/reservations', body: stay(f.owner.id, f.pet.id), token: staff.token }),
    written: reservationsOf,
  },
  {
    name: 'a reservation confirmed',
    make: async (f) => {
      const r = await post('/reservations', { ...stay(f.owner.id, f.pet.id), waitlist: true }, staff.token);
      expect(r.statusCode, r.body).toBe(201);
      const id = r.json().reservation._id as string;
      // Waitlisted (a full type would be needed): set it back to requested as an online request is.
      await db()
        .update(reservations)
        .set({ status: 'requested', confirmedAt: null, confirmedBy: null })
        .where(eq(reservations.id, id));
      return { url: `/reservations/${id}/confirm`, body: {}, token: staff.token };
    },
  },
  {
    name: 'a reservation checked in',
    make: async (f) => {
      const r = await post('/reservations', stay(f.owner.id, f.pet.id, '2026-11-20'), staff.token);
      expect(r.statusCode, r.body).toBe(201);
      return { url: `/reservations/${r.json().reservation._id}/check-in`, body: {}, token: staff.token };
    },
    written: visitsOf,
  },
  {
    name: 'online booking: createappoint',
    make: async (f) => {
      const services = (await get('/customerappointment/services', f.user.token)).json().services as {
        _id: string;
        name: string;
      }[];
      return {
        url: '/customerappointment/createappoint',
        body: {
          serviceId: services.find((s) => s.name === 'Grooming')!._id,
          appointmentDate: '2026-11-21',
          appointmentTime: '2:00 PM',
          petId: f.pet.id,
        },
        token: f.user.token,
      };
    },
  },
];

describe('the refusal on every sale and booking path', () => {
  it.each(CASES)('$name: 409 naming the reason for a flagged pet, nothing written', async (c) => {
    const f = await customerFamily();
    const req = await c.make(f);
    const before = c.written ? await c.written(f) : 0;
    await flagged({ petId: f.pet.id });
    const res = await post(req.url, req.body, req.token);
    expect(res.statusCode, res.body).toBe(409);
    const customerSide = req.token === f.user.token;
    expect(res.json()).toMatchObject({
      success: false,
      message: customerSide ? 'Service paused: Bit a groomer. Please contact the resort.' : EXPECTED(),
      code: 'do_not_serve',
      doNotServe: { subject: 'pet', reason: 'Bit a groomer' },
    });
    if (c.written) expect(await c.written(f)).toBe(before);
  });

  it.each(CASES.filter((c) => c.name !== 'a package requested online' && c.name !== 'online booking: createappoint'))(
    "$name: refused for the pet's flagged owner too; an admin's override lets it through and is recorded",
    async (c) => {
      const f = await customerFamily();
      const req = await c.make(f);
      const flag = await flagged({ ownerId: f.owner.id }, 'Owes ₹12,000');
      const refused = await post(req.url, req.body, req.token);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(EXPECTED('Owes ₹12,000'));
      // A non-admin may not override (403); a malformed override is a 400.
      const staffOverride = await post(req.url, { ...req.body, dnsOverride: { reason: 'Manager said yes' } }, staff.token);
      expect(staffOverride.statusCode).toBe(403);
      expect(staffOverride.json().message).toBe(M.overrideAdminOnly);
      expect((await post(req.url, { ...req.body, dnsOverride: { reason: ' ' } }, admin.token)).statusCode).toBe(400);
      expect((await post(req.url, { ...req.body, dnsOverride: 'yes' }, admin.token)).statusCode).toBe(400);
      const ok = await post(req.url, { ...req.body, dnsOverride: { reason: 'Manager said yes' } }, admin.token);
      expect([200, 201], ok.body).toContain(ok.statusCode);
      const overrides = await db().select().from(serviceFlagOverrides).where(eq(serviceFlagOverrides.flagId, flag._id));
      expect(overrides).toMatchObject([{ byUserId: admin.id, reason: 'Manager said yes' }]);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, flag._id), eq(auditLog.action, 'donotserve.override')));
      expect(audit).toHaveLength(1);
    },
  );

  it('a customer sending an override is refused (403), flagged or not', async () => {
    const f = await customerFamily();
    const req = await CASES.find((c) => c.name === 'online booking: createappoint')!.make(f);
    const res = await post(req.url, { ...req.body, dnsOverride: { reason: 'Please' } }, f.user.token);
    expect(res.statusCode).toBe(403);
  });

  it('a paid online plan order is refused before paying (customer create-order)', async () => {
    const f = await customerFamily();
    const plan = await planOf(db(), 'grooming');
    await flagged({ petId: f.pet.id });
    const res = await post(
      '/customer/payment/create-order',
      { petId: f.pet.id, planId: plan.id, email: f.user.email },
      f.user.token,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Service paused: Bit a groomer. Please contact the resort.');
  });

  it('deboarding is never refused: a flagged pet in house can leave', async () => {
    const s = await board('dog_park');
    await flagged({ petId: s.petId });
    const res = await deboard('/deboard/dogparkdeboarding', { boardingid: s.boardingId });
    expect(res.statusCode, res.body).toBe(200);
  });
});

// ------------------------------------------------------------------------------------------------ owner reviews

describe("the owner's request to lift a flag", () => {
  it('one pending request per flag; admins are told, approve it (flag lifted) and the owner is told', async () => {
    const f = await customerFamily();
    const fl = await flagged({ petId: f.pet.id });
    const mine = (await get('/customer/donotserve', f.user.token)).json();
    expect(mine.flags).toMatchObject([
      { _id: fl._id, subject: 'pet', subjectName: f.pet.name, reason: 'Bit a groomer', review: null },
    ]);
    expect((await post(`/customer/donotserve/${fl._id}/review`, { reason: '' }, f.user.token)).statusCode).toBe(400);
    const asked = await post(`/customer/donotserve/${fl._id}/review`, { reason: 'He has finished training' }, f.user.token);
    expect(asked.statusCode, asked.body).toBe(201);
    const again = await post(`/customer/donotserve/${fl._id}/review`, { reason: 'Please' }, f.user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.reviewPending);
    const notices = await db()
      .select()
      .from(staffNotifications)
      .where(and(eq(staffNotifications.ownerId, f.owner.id), eq(staffNotifications.kind, 'dns_review_requested')));
    expect(notices).toMatchObject([{ audience: 'admin' }]);
    const pending = (await get('/donotserve/reviews?limit=100', admin.token)).json();
    const row = pending.reviews.find((r: { flagId: string }) => r.flagId === fl._id);
    expect(row).toMatchObject({ reason: 'He has finished training', status: 'pending', flag: { _id: fl._id } });
    expect((await post(`/donotserve/reviews/${row._id}/approve`, {}, staff.token)).statusCode).toBe(403);
    const ok = await post(`/donotserve/reviews/${row._id}/approve`, { note: 'Welcome back' }, admin.token);
    expect(ok.json().review).toMatchObject({ status: 'approved', adminNote: 'Welcome back' });
    const [flagRow] = await db().select().from(serviceFlags).where(eq(serviceFlags.id, fl._id));
    expect(flagRow).toMatchObject({ status: 'lifted', liftNote: 'Welcome back' });
    expect((await get('/customer/donotserve', f.user.token)).json().flags).toEqual([]);
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, f.owner.id));
    expect(inbox.map((n) => n.kind)).toContain('service_resumed');
    expect((await post(`/donotserve/reviews/${row._id}/reject`, { note: 'late' }, admin.token)).statusCode).toBe(409);
  });

  it('a rejection needs a note and is told to the owner; a new request may follow', async () => {
    const f = await customerFamily();
    const fl = await flagged({ ownerId: f.owner.id });
    const id = (await post(`/customer/donotserve/${fl._id}/review`, { reason: 'Paid' }, f.user.token)).json().review._id;
    expect((await post(`/donotserve/reviews/${id}/reject`, {}, admin.token)).statusCode).toBe(400);
    const no = await post(`/donotserve/reviews/${id}/reject`, { note: 'Not yet paid' }, admin.token);
    expect(no.json().review).toMatchObject({ status: 'rejected', adminNote: 'Not yet paid' });
    const mine = (await get('/customer/donotserve', f.user.token)).json().flags;
    expect(mine).toMatchObject([{ review: { status: 'rejected', adminNote: 'Not yet paid' } }]);
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, f.owner.id));
    expect(inbox.map((n) => n.kind)).toContain('service_review_rejected');
    expect((await post(`/customer/donotserve/${fl._id}/review`, { reason: 'Paid now' }, f.user.token)).statusCode).toBe(201);
  });

  it("customer isolation: B neither sees nor asks about A's flag (404)", async () => {
    const a = await customerFamily();
    const b = await customerFamily();
    const fl = await flagged({ petId: a.pet.id });
    expect((await get('/customer/donotserve', b.user.token)).json().flags).toEqual([]);
    const res = await post(`/customer/donotserve/${fl._id}/review`, { reason: 'Let me' }, b.user.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(a.pet.name);
    expect((await get('/customer/donotserve', a.user.token)).json().flags).toHaveLength(1);
  });
});
