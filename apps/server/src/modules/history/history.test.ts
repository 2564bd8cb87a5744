/**
 * Visit History search (issue 17 "Search"): POST|GET /visit/getvisitlist, its filters (each alone and combined), the
 * paging, the date rule and the bad input, who may call it, and the search row kept current in the transaction of
 * every change: the sale, a later payment, a refund, a void, a deboarding's extra days, a pet rename and an owner's
 * phone change.
 */
import { addDays, VISIT_LIST_MESSAGES as M, todayIn } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visitSearch } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import { makeOwner, makeOwnerWithoutPhone, makePet, phone } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/harness.ts';
import { payCash } from '../../../test/payments-fixtures.ts';
import { typeByCode } from '../../../test/visit-kit.ts';

const { t, staff, customer, types, db, post, get, pet, board, details, deboard } = useDeboardTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
afterEach(() => t.clock.set(null));

type Res = { statusCode: number; body: string; json: () => any };
const ok = async (res: Promise<Res>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};

/** A name nobody else in this file's database has: `Zq` and random letters. */
const uniqueName = (prefix = 'Zq') =>
  prefix + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The search as the existing client calls it: POST, filters in the query string, no body, JSON content type. */
async function search(query: Record<string, string | number>, token = staff.token) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.call({
    method: 'POST',
    url: `/api/v1/visit/getvisitlist?${qs}`,
    token,
    headers: { 'content-type': 'application/json' },
  });
}
const ids = (res: { List: { _id: string }[] }) => res.List.map((r) => r._id);

/** A dog park visit sold at the desk (cash: paid now; payment_link: owed until the link is paid). */
async function dogPark(petId: string, method: 'cash' | 'payment_link' = 'cash') {
  const type = types.dog_park!;
  const res = await ok(
    post(
      '/visit/adddogparkvisit',
      {
        petId,
        visitType: type.id,
        admissionAcknowledged: true,
        details: { discount: 0, price: type.pricePaise / 100, selectedPayment: method },
      },
      staff.token,
    ),
    201,
  );
  // Dog park boards the pet for the day: let it leave so the next visit may board it again.
  if (res.visit.boardingId)
    await ok(deboard('/deboard/dogparkdeboarding', { boardingid: res.visit.boardingId, payment: { method: 'cash', amount: 0 } }));
  return res as { visit: { _id: string; boardingId: string | null }; payment: { _id: string; linkUrl: string | null } };
}

/** A shop sale of one item at `total` rupees, paid as asked. */
async function shopSale(petId: string, total: number, selectedPayment: 'cash' | 'payment_link' = 'cash') {
  const shop = await typeByCode(db(), 'shop');
  return ok(
    post(
      '/visit/addshopvisit',
      {
        petId,
        visitType: shop.id,
        items: [{ name: 'Chew toy', price: total }],
        details: { totalCalculatedPrice: total, selectedPayment },
      },
      staff.token,
    ),
    201,
  ) as Promise<{ visit: { _id: string }; payment: { _id: string; linkUrl: string | null } }>;
}

async function searchRow(visitId: string) {
  const [row] = await db().select().from(visitSearch).where(eq(visitSearch.visitId, visitId));
  return row;
}

describe('the search row of a sale', () => {
  it('is written in the sale: purpose, pet, owner, day, amounts and state', async () => {
    const owner = await makeOwner(db(), { name: 'Ravi Kumar' });
    const p = await makePet(db(), { ownerId: owner.id, name: uniqueName('Sheru') });
    const sold = await shopSale(p.id, 1234.5);
    expect(await searchRow(sold.visit._id)).toMatchObject({
      purpose: 'Shop',
      petId: p.id,
      petName: p.name,
      ownerId: owner.id,
      ownerName: 'Ravi Kumar',
      ownerPhone: owner.phone,
      businessDate: todayIn(t.config.tz),
      chargedPaise: 123450,
      paidPaise: 123450,
      duePaise: 0,
      refundedPaise: 0,
      paymentState: 'paid',
    });
    const owed = await shopSale(p.id, 99, 'payment_link');
    expect(await searchRow(owed.visit._id)).toMatchObject({
      chargedPaise: 9900,
      paidPaise: 0,
      duePaise: 9900,
      paymentState: 'due',
    });
  });

  it('a ledger row of a transaction that rolls back leaves the row as it was (same transaction)', async () => {
    const p = await pet(uniqueName());
    const owed = await shopSale(p.id, 500, 'payment_link');
    const before = await searchRow(owed.visit._id);
    await expect(
      db().transaction(async (tx) => {
        await payCash(tx, p.id, owed.visit._id, 50000);
        const [inside] = await tx.select().from(visitSearch).where(eq(visitSearch.visitId, owed.visit._id));
        expect(inside).toMatchObject({ paidPaise: 50000, duePaise: 0, paymentState: 'paid' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await searchRow(owed.visit._id)).toEqual(before);
  });
});

describe('POST /visit/getvisitlist filters', () => {
  let name: string;
  let petA: string;
  let petB: string;
  let phoneA: string;
  let shopA: string;
  let dueA: string;
  let parkB: string;
  beforeAll(async () => {
    name = uniqueName('Qx');
    const ownerA = await makeOwner(db(), { name: 'Asha Verma' });
    phoneA = ownerA.phone;
    petA = (await makePet(db(), { ownerId: ownerA.id, name: `${name}ito` })).id;
    petB = (await makePet(db(), { name: `Big ${name.toUpperCase()}` })).id;
    shopA = (await shopSale(petA, 250)).visit._id;
    dueA = (await shopSale(petA, 80, 'payment_link')).visit._id;
    parkB = (await dogPark(petB)).visit._id;
  });

  it('pet name: contains, any case, trimmed', async () => {
    expect(ids(await ok(search({ name: name.toLowerCase() })))).toEqual([parkB, dueA, shopA]);
    expect(ids(await ok(search({ name: `  ${name.slice(2).toUpperCase()}ITO ` })))).toEqual([dueA, shopA]);
    expect(ids(await ok(search({ name: `${name}zzz` })))).toEqual([]);
    // LIKE's wildcards are text, not patterns.
    expect(ids(await ok(search({ name: `${name}%` })))).toEqual([]);
  });

  it('owner phone: a prefix of 1 to 10 digits', async () => {
    expect(ids(await ok(search({ phone: phoneA })))).toEqual([dueA, shopA]);
    const prefix = await ok(search({ phone: phoneA.slice(0, 7), limit: 100 }));
    expect(ids(prefix)).toEqual(expect.arrayContaining([dueA, shopA]));
    expect(
      prefix.List.every((r: { pet: { owner: { phone: string } } }) => r.pet.owner.phone.startsWith(phoneA.slice(0, 7))),
    ).toBe(true);
  });

  it('purpose: a visit type by its name (any case) or code; unknown → 400 naming it', async () => {
    expect(ids(await ok(search({ name, purpose: 'Shop' })))).toEqual([dueA, shopA]);
    expect(ids(await ok(search({ name, purpose: 'dog park' })))).toEqual([parkB]);
    expect(ids(await ok(search({ name, purpose: 'dog_park' })))).toEqual([parkB]);
    const bad = await search({ purpose: 'Moon Landing' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, M.unknownPurpose('Moon Landing')]);
  });

  it('date: the business day; not later than today; malformed → 400', async () => {
    const today = todayIn(t.config.tz);
    expect(ids(await ok(search({ name, date: today })))).toEqual([parkB, dueA, shopA]);
    expect(ids(await ok(search({ name, date: addDays(today, -1) })))).toEqual([]);
    const future = await search({ date: addDays(today, 1) });
    expect([future.statusCode, future.json().message]).toEqual([400, M.futureDate]);
    for (const date of ['2026-02-30', '25-11-2026', 'today']) {
      const bad = await search({ date });
      expect(bad.statusCode, date).toBe(400);
      expect(bad.json().message).toMatch(/date/i);
    }
  });

  it('payment state; petId; every filter combined', async () => {
    expect(ids(await ok(search({ name, state: 'due' })))).toEqual([dueA]);
    expect(ids(await ok(search({ name, state: 'paid' })))).toEqual([parkB, shopA]);
    expect(ids(await ok(search({ petId: petA })))).toEqual([dueA, shopA]);
    const all = {
      name: name.slice(1),
      phone: phoneA.slice(0, 5),
      purpose: 'Shop',
      date: todayIn(t.config.tz),
      state: 'paid',
      petId: petA,
    };
    expect(ids(await ok(search(all)))).toEqual([shopA]);
    expect(ids(await ok(search({ ...all, state: 'refunded' })))).toEqual([]);
    expect(ids(await ok(search({ ...all, purpose: 'Dog Park' })))).toEqual([]);
  });

  it('rows carry the contract: _id, createdAt, pet with owner, visitType, details with lines, and the money', async () => {
    const res = await ok(search({ petId: petA }));
    const shop = res.List.find((r: { _id: string }) => r._id === shopA);
    expect(shop).toMatchObject({
      _id: shopA,
      purpose: 'Shop',
      price: 250,
      due: 0,
      paid: 250,
      paymentState: 'paid',
      petId: petA,
      pet: {
        name: `${name}ito`,
        species: 'dog',
        breed: 'Beagle',
        color: 'Brown',
        dob: '2022-05-10',
        owner: { name: 'Asha Verma', phone: phoneA },
      },
      visitType: { purpose: 'Shop' },
      details: {
        purpose: 'Shop',
        price: 250,
        discount: 0,
        customerType: null,
        numberOfDays: null,
        isSubscriptionAvailed: false,
        nextFollowUp: null,
        followUpPurpose: null,
        items: [{ name: 'Chew toy', quantity: 1, price: 250 }],
        medicines: [],
        vaccines: [],
      },
    });
    expect(typeof shop.createdAt).toBe('string');
    expect(typeof shop.visitType.price).toBe('number');
    expect(typeof shop.visitType.halfdayPrice).toBe('number');
    expect(res.List.find((r: { _id: string }) => r._id === dueA)).toMatchObject({ due: 80, paid: 0, paymentState: 'due' });
  });

  it('GET answers as POST does; POST with no body and a JSON content type answers', async () => {
    const viaPost = await ok(search({ petId: petA }));
    const viaGet = await ok(get(`/visit/getvisitlist?petId=${petA}`, staff.token));
    expect(viaGet).toEqual(viaPost);
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/v1/visit/getvisitlist?petId=${petA}&name=&purpose=&date=`,
      headers: { authorization: staff.token, 'content-type': 'application/json' },
    });
    expect(bare.statusCode).toBe(200);
    expect(ids(bare.json())).toEqual([dueA, shopA]);
  });
});

describe('paging', () => {
  it('newest first, a cursor per page: no duplicates, no gaps', async () => {
    const p = await pet(uniqueName());
    const made: string[] = [];
    for (let i = 0; i < 13; i++) made.push((await shopSale(p.id, 10 + i)).visit._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { List: { _id: string; createdAt: string }[]; nextCursor: string | null } = await ok(
        search({ petId: p.id, limit: 5, ...(cursor ? { cursor } : {}) }),
      );
      expect(res.List.length).toBeLessThanOrEqual(5);
      seen.push(...ids(res));
      cursor = res.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
    // The default page is 20 rows; 100 is the most.
    expect((await ok(search({ petId: p.id }))).List).toHaveLength(13);
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['limit not a number', { limit: 'ten' }],
    ['a cursor not made here', { cursor: 'not-a-cursor' }],
    ['a cursor of another shape', { cursor: Buffer.from('["x","y"]').toString('base64url') }],
    ['an unknown state', { state: 'lost' }],
    ['a phone with letters', { phone: '98a' }],
    ['a phone of 11 digits', { phone: '98765432101' }],
    ['a name of 61 characters', { name: 'a'.repeat(61) }],
    ['a malformed petId', { petId: 'abc' }],
  ])('%s → 400', async (_, query) => {
    const res = await search(query as Record<string, string | number>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('limit bounds 1 and 100 are taken', async () => {
    expect((await ok(search({ limit: 1 }))).List).toHaveLength(1);
    expect((await ok(search({ limit: 100 }))).List.length).toBeGreaterThan(1);
  });
});

describe('who may search', () => {
  it('staff only: a customer 403, nobody 401', async () => {
    expect((await search({}, customer.token)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/visit/getvisitlist',
      headers: { 'content-type': 'application/json' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('the search row kept current', () => {
  it('a later payment (a payment link paid) → paid', async () => {
    const p = await pet(uniqueName());
    const owed = await shopSale(p.id, 300, 'payment_link');
    expect(await searchRow(owed.visit._id)).toMatchObject({ duePaise: 30000, paymentState: 'due' });
    const linkId = new URL(owed.payment.linkUrl!).pathname.split('/').pop()!;
    const paid = await t.call({ method: 'POST', url: `/api/v1/payments/offline/link/${linkId}/pay` });
    expect(paid.statusCode).toBe(200);
    expect(await searchRow(owed.visit._id)).toMatchObject({ paidPaise: 30000, duePaise: 0, paymentState: 'paid' });
  });

  it('a refund (a sale cancelled) → refunded, with what was given back', async () => {
    const p = await pet(uniqueName());
    // ₹25,000 paid and cancelled: the policy keeps ₹7,500, credits and refunds ₹17,500.
    const sold = await shopSale(p.id, 25000);
    const res = await ok(post('/payments/cancel-sale', { visitId: sold.visit._id, reason: 'Damaged toy' }, admin.token));
    const credited = Math.round(res.credit.amount * 100);
    const refunded = Math.round(res.refunds[0].amount * 100);
    expect([credited, refunded]).toEqual([1750000, 1750000]);
    expect(await searchRow(sold.visit._id)).toMatchObject({
      chargedPaise: 2500000 - credited,
      paidPaise: 2500000 - refunded,
      refundedPaise: refunded,
      duePaise: 0,
      paymentState: 'refunded',
    });
    expect((await ok(search({ petId: p.id, state: 'refunded' }))).List).toHaveLength(1);
  });

  it('a void → voided (and stays voided)', async () => {
    const p = await pet(uniqueName());
    const sold = await shopSale(p.id, 200);
    await ok(post('/visit/voidvisit', { visitId: sold.visit._id, reason: 'Wrong pet' }, admin.token));
    expect(await searchRow(sold.visit._id)).toMatchObject({ chargedPaise: 0, paidPaise: 0, duePaise: 0, paymentState: 'voided' });
    expect(ids(await ok(search({ petId: p.id, state: 'voided' })))).toEqual([sold.visit._id]);
  });

  it('a deboarding’s extra-day charge (a row naming only the stay) → the visit’s charged and due', async () => {
    const s = await board('hostel', { days: 1 });
    const before = await searchRow(s.visitId);
    t.clock.set(new Date(Date.now() + 3 * 86_400_000));
    const due = (await ok(details(s.boardingId))).deboard.due;
    expect(due).toBeGreaterThan(0);
    await ok(deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: due } }));
    const after = await searchRow(s.visitId);
    expect(after!.chargedPaise - before!.chargedPaise).toBe(Math.round(due * 100));
    expect(after!.paidPaise - before!.paidPaise).toBe(Math.round(due * 100));
    expect(after).toMatchObject({ duePaise: 0, paymentState: 'paid' });
  });

  it('a pet rename and an owner’s name and phone change → every row of theirs', async () => {
    const owner = await makeOwner(db(), { name: 'Old Name' });
    const p = await makePet(db(), { ownerId: owner.id, name: uniqueName() });
    const v1 = (await shopSale(p.id, 10)).visit._id;
    const v2 = (await shopSale(p.id, 20)).visit._id;
    const newName = uniqueName('Tommy');
    await ok(
      post(
        '/pet/editpetdetails',
        {
          id: p.id,
          species: 'dog',
          name: newName,
          breed: 'Beagle',
          sex: 'Male',
          color: 'Brown',
          dob: '2022-05-10',
          registrationDate: '2026-11-01',
        },
        staff.token,
      ),
    );
    const newPhone = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await ok(
      post(
        '/pet/editownerdetails',
        { id: owner.id, name: 'New Name', phone: newPhone, address: 'Sector 45, Gurugram' },
        staff.token,
      ),
    );
    for (const v of [v1, v2])
      expect(await searchRow(v)).toMatchObject({ petName: newName, ownerName: 'New Name', ownerPhone: newPhone });
    expect(ids(await ok(search({ name: newName, phone: newPhone })))).toEqual([v2, v1]);
    expect(ids(await ok(search({ phone: owner.phone })))).not.toContain(v1);
  });
});

describe('an owner imported from the original system without a phone (issue 21)', () => {
  it('their pet’s sale is written and found, shown with phone null; a phone filter finds it once a phone is added', async () => {
    const owner = await makeOwnerWithoutPhone(db(), { name: 'Kamla Devi' });
    const p = await makePet(db(), { ownerId: owner.id, name: uniqueName('Moti') });
    const sold = await shopSale(p.id, 250);
    // The search row keeps '' for no phone (its column is required; no phone filter of 1–10 digits matches '').
    expect(await searchRow(sold.visit._id)).toMatchObject({ ownerId: owner.id, ownerName: 'Kamla Devi', ownerPhone: '' });
    const found = await ok(search({ name: p.name }));
    expect(ids(found)).toEqual([sold.visit._id]);
    expect(found.List[0].pet.owner).toEqual({ name: 'Kamla Devi', phone: null });
    for (const prefix of ['0', '9', '1']) expect(ids(await ok(search({ phone: prefix, name: p.name })))).toEqual([]);

    const details = await ok(get(`/visit/getvisitdetails/${sold.visit._id}`, staff.token));
    expect(details.data.pet.owner).toMatchObject({ _id: owner.id, name: 'Kamla Devi', phone: null });
    const history = await ok(get(`/pet/getpethistory/${p.id}`, staff.token));
    expect(history.visits.map((v: { _id: string }) => v._id)).toEqual([sold.visit._id]);
    const statement = await ok(get(`/payments/statement?ownerId=${owner.id}`, staff.token));
    expect(statement.owner).toEqual({ _id: owner.id, name: 'Kamla Devi', phone: null, email: null });

    // Renamed without a phone, then given one at Edit Owner: the search row follows.
    await ok(post('/pet/editownerdetails', { id: owner.id, name: 'Kamla D.', address: 'Old Gurgaon' }, staff.token));
    expect(await searchRow(sold.visit._id)).toMatchObject({ ownerName: 'Kamla D.', ownerPhone: '' });
    const added = phone();
    await ok(
      post('/pet/editownerdetails', { id: owner.id, name: 'Kamla D.', address: 'Old Gurgaon', phone: added }, staff.token),
    );
    expect(await searchRow(sold.visit._id)).toMatchObject({ ownerPhone: added });
    const byPhone = await ok(search({ phone: added }));
    expect(ids(byPhone)).toEqual([sold.visit._id]);
    expect(byPhone.List[0].pet.owner).toEqual({ name: 'Kamla D.', phone: added });
  });

  it('their pet’s stay is listed among the boarded pets with phone null', async () => {
    const owner = await makeOwnerWithoutPhone(db(), { name: 'Kamla Devi' });
    const p = await makePet(db(), { ownerId: owner.id, name: uniqueName('Moti') });
    await dogPark(p.id);
    const boarded = await ok(get(`/pet/getboardedpetslist/?type=${types.dog_park!.id}&limit=100`, staff.token));
    const stay = boarded.boardedPetList.find((r: { petId: { _id: string } }) => r.petId._id === p.id);
    expect(stay.petId.owner).toEqual({ _id: owner.id, name: 'Kamla Devi', phone: null });
  });
});
