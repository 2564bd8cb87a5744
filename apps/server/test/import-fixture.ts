/**
 * A generated export of the original system (issue 21), built from the field lists of
 * /work/shared/reference/original-data-model.md §1 and holding every hazard of its §4: the four spellings of the
 * subscription flag, numbers and dates sent as strings, fields old records lack and fields the schema dropped,
 * owner emails duplicated in another case, dangling references, medicine names among vaccinations, legacy-shaped
 * appointments beside current ones, 766.67-rupee amounts, bcrypt hashes (one of cost 12), `HH:MM` times and
 * date-only values at midnight UTC.
 *
 * Every document is made from its index (no randomness), one at a time, and written straight to disk with
 * back-pressure, so the large size (100k pets, 1M visits) is never held in memory. Written in every shape the
 * importer reads: mongodump (`.bson`, `.bson.gz`, in a database subfolder, with `.metadata.json`) and mongoexport
 * (JSON lines or `--jsonArray`, canonical or relaxed Extended JSON).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import bcrypt from 'bcryptjs';
import { BSON, EJSON, ObjectId } from 'bson';

export const FIXTURE_FORMATS = [
  'bson',
  'bson.gz',
  'jsonl-canonical',
  'jsonl-relaxed',
  'array-canonical',
  'array-relaxed',
] as const;
export type FixtureFormat = (typeof FIXTURE_FORMATS)[number];

export interface FixtureSize {
  pets: number;
  visits: number;
}
/** For tests: small, yet every hazard appears at least once. */
export const SMALL_FIXTURE: FixtureSize = { pets: 24, visits: 72 };
/** For the import benchmark. */
export const LARGE_FIXTURE: FixtureSize = { pets: 100_000, visits: 1_000_000 };

/** The passwords behind the fixture's hashes, so tests can log in as imported users. */
export const FIXTURE_PASSWORDS = {
  /** users[0], the admin: the one cost-12 hash (as the original stores them). */
  admin: 'original-admin-12',
  /** The other staff (cost 4: the same algorithm, fast for tests). */
  staff: 'original-staff-04',
  /** Every customer account. */
  customer: 'original-customer-04',
};

// ── ids ─────────────────────────────────────────────────────────────────────────────────────────────────────────
/** A fixed two-hex code per collection, so an id says which collection (and which index) it was made for. */
const CODES: Record<string, string> = {
  users: '01',
  owners: '02',
  pets: '03',
  visittypes: '04',
  visits: '05',
  boardings: '06',
  subscriptionplans: '07',
  subscriptions: '08',
  boardingsubscriptions: '09',
  wallets: '0a',
  appointments: '0b',
  services: '0c',
  inventories: '0d',
  prescriptions: '0e',
  usagelogs: '0f',
  stockhistories: '10',
  bills: '11',
  blacklistrequests: '12',
  visitnotifications: '13',
  alerts: '14',
  scheduledvisits: '15',
  attendances: '16',
  prices: '17',
  walletTx: '18',
  deleted: 'dd',
};

/** The id of a collection's i-th document: `6600` + collection code + index (hex), 24 hex digits. */
export function fixtureId(collection: keyof typeof CODES | string, i: number): string {
  const code = CODES[collection];
  if (!code) throw new Error(`no id code for ${collection}`);
  return `6600${code}${i.toString(16).padStart(18, '0')}`;
}
const oid = (collection: string, i: number) => new ObjectId(fixtureId(collection, i));

// ── sizes ───────────────────────────────────────────────────────────────────────────────────────────────────────
/** How many documents each collection of a fixture holds. */
export function fixtureCounts(size: FixtureSize) {
  const owners = Math.max(6, Math.ceil(size.pets / 2));
  // +1: the last customer account has no owner record (customer k's owner is owner 2k).
  const customers = Math.max(4, Math.ceil(owners / 2)) + 1;
  const pets = Math.max(8, size.pets);
  const visits = Math.max(18, size.visits);
  return {
    users: STAFF + customers,
    owners,
    pets,
    visittypes: VISIT_TYPES.length,
    visits: visits + EXTRA.visits,
    // the Hostel and Day Care visits, and the extra stays
    boardings: boardingsBefore(visits) + EXTRA.boardings,
    subscriptionplans: 4,
    subscriptions: Math.max(6, Math.ceil(pets / 4)) + EXTRA.subscriptions,
    boardingsubscriptions: Math.max(3, Math.ceil(customers / 4)),
    wallets: Math.max(3, Math.ceil(customers / 4)) + 1, // +1: a wallet whose user has no owner record
    appointments: Math.max(8, Math.ceil(owners / 2)),
    services: 3,
    inventories: INVENTORY.length,
    prescriptions: Math.max(5, Math.ceil(pets / 4)),
    usagelogs: Math.max(4, Math.ceil(pets / 10)),
    stockhistories: Math.max(4, Math.ceil(pets / 10)),
    bills: Math.max(6, Math.ceil(pets / 10)) + EXTRA.bills,
    blacklistrequests: 2,
    visitnotifications: Math.max(4, Math.ceil(visits / 20)),
    alerts: 5,
    scheduledvisits: Math.max(4, Math.ceil(pets / 10)),
    attendances: 3,
    prices: 2,
  };
}

const STAFF = 3;
const DAY = 86_400_000;
/** The fixture's "now": 16 Apr 2026 (the newest commit of the original the reference was read from). */
const T0 = Date.UTC(2026, 3, 16, 6, 30);
const at = (daysAgo: number, minutes = 0) => new Date(T0 - daysAgo * DAY + minutes * 60_000);
/** A date-only value as the original stores it: midnight UTC of the YYYY-MM-DD string. */
const midnightUtc = (daysAgo: number) => new Date(Math.floor((T0 - daysAgo * DAY) / DAY) * DAY);
const ts = (daysAgo: number) => ({ createdAt: at(daysAgo), updatedAt: at(Math.max(0, daysAgo - 1)) });

const VISIT_TYPES = [
  'Hostel',
  'Day Care',
  'Veterinary',
  'Grooming',
  'Dog Park',
  'Day School',
  'Play School',
  'Inquiry',
  'Shop',
] as const;
const INVENTORY = [
  { itemName: 'Rabies Vaccine', itemType: 'vaccine', stockUnit: 'item' },
  { itemName: 'DHPPI Vaccine', itemType: 'vaccine', stockUnit: 'item' },
  { itemName: 'Meloxicam', itemType: 'medicine', stockUnit: 'tablet' },
  { itemName: 'Amoxicillin', itemType: 'medicine', stockUnit: 'mg' },
  { itemName: 'Ringer Lactate', itemType: 'injection', stockUnit: 'ml' },
  { itemName: 'Gloves', itemType: 'disposable', stockUnit: 'item' },
];
/** A name that is a medicine, not a vaccine: the original writes prescribed items into pet.vaccinations. */
export const MEDICINE_AMONG_VACCINATIONS = 'Meloxicam';
const NAMES = ['Bruno', 'Coco', 'Milo', 'Sheru', 'Ginger', 'Tommy', 'Leo', 'Simba', 'Lucy', 'Oreo'];
const PEOPLE = ['Asha Rao', 'Vikram Singh', 'Neha Gupta', 'Rahul Mehta', 'Priya Nair', 'Arjun Das'];
/** The four spellings of the subscription flag in visit details (reference §4), "Yes" being a string. */
const FLAG_SPELLINGS = [
  ['isSubscriptionAvailed', true],
  ['issubscriptionavailed', 'true'],
  ['issubscriptionAvailed', false],
  ['subscriptionAvailed', 'Yes'],
] as const;
const CUSTOMER_TYPES = ['pvtltd', 'pvtltd Emergency', 'NGO', 'NGO Emergency'] as const;

// ── the hazards, by index, so tests can find them ─────────────────────────────────────────────────────────────────
/** Where each hazard is, as ids (for the importer's tests) — true for every size. */
export function fixtureHazards(size: FixtureSize) {
  const c = fixtureCounts(size);
  return {
    cost12User: { id: fixtureId('users', 0), email: 'admin@pawshub.example', password: FIXTURE_PASSWORDS.admin },
    customerUser: { id: fixtureId('users', STAFF), email: customerEmail(0), password: FIXTURE_PASSWORDS.customer },
    /** owners 0 and 1: the same person, the same email in another case (merge); owner 2 shares it under another name. */
    duplicateEmailOwners: [fixtureId('owners', 0), fixtureId('owners', 1), fixtureId('owners', 2)],
    /** visits pointing at a pet / a visit type that was deleted. */
    danglingVisitPet: fixtureId('visits', 5),
    danglingVisitType: fixtureId('visits', 7),
    danglingBoardingVisit: fixtureId('boardings', 1),
    danglingPrescriptionItem: fixtureId('prescriptions', 1),
    medicineAmongVaccinations: { petId: fixtureId('pets', 0), name: MEDICINE_AMONG_VACCINATIONS },
    legacyAppointment: fixtureId('appointments', 1),
    walletWithoutOwner: fixtureId('wallets', c.wallets - 1),
    walkInBill: fixtureId('bills', 0),
    /** Visits, stays, subscriptions and bills added after the generated ones, each holding a money hazard. */
    extra: extraHazards(c),
  };
}

function customerEmail(k: number): string {
  return `customer${k}@example.com`;
}

/** The customer account of owner `o` (every other owner has one), by users index. */
function ownerUser(o: number): number | null {
  return o % 2 === 0 ? STAFF + o / 2 : null;
}

// ── the documents ───────────────────────────────────────────────────────────────────────────────────────────────
type Doc = Record<string, unknown>;

interface Hashes {
  admin: string;
  staff: string;
  customer: string;
}

function* users(n: number, h: Hashes): Generator<Doc> {
  for (let i = 0; i < n; i++) {
    const staff = i < STAFF;
    const doc: Doc = {
      _id: oid('users', i),
      fullName: staff ? ['Admin Kaur', 'Ravi Staff', 'Meena Staff'][i] : PEOPLE[(i - STAFF) % PEOPLE.length],
      email: staff ? ['admin@pawshub.example', 'ravi@pawshub.example', 'meena@pawshub.example'][i] : customerEmail(i - STAFF),
      password: i === 0 ? h.admin : staff ? h.staff : h.customer,
      role: i === 0 ? 'admin' : staff ? 'staff' : 'customer',
      ...ts(400 - (i % 300)),
      __v: 0,
    };
    // Old accounts lack phone, expoPushToken and profilePhoto (reference §4): every third one.
    if (i % 3 !== 1) {
      doc.phone = i % 3 === 0 ? `98${String(100_00000 + i).padStart(8, '0')}` : '';
      doc.expoPushToken = i % 2 === 0 ? `ExponentPushToken[fixture${i}]` : '';
      doc.profilePhoto = staff ? `https://res.cloudinary.com/pawshub/image/upload/staff/${i}.jpg` : null;
    }
    yield doc;
  }
}

function* owners(n: number, petsN: number): Generator<Doc> {
  for (let o = 0; o < n; o++) {
    const user = ownerUser(o);
    let email = user !== null ? customerEmail(user - STAFF) : `owner${o}@example.com`;
    let name = PEOPLE[o % PEOPLE.length];
    if (o === 1) {
      email = customerEmail(0).toUpperCase().replace('EXAMPLE.COM', 'Example.com'); // owner 0's email, another case
      name = PEOPLE[0];
    }
    if (o === 2) email = ` ${customerEmail(0).replace('customer', 'Customer')} `; // the same email, another name
    const doc: Doc = {
      _id: oid('owners', o),
      name,
      email,
      pets: ownerPets(o, n, petsN).map((p) => oid('pets', p)),
      ...ts(380 - (o % 300)),
    };
    // Phones in the shapes people typed; owner 4 has none (optional since Jun 2025) and old owners have a segment.
    if (o !== 4) doc.phone = o % 5 === 0 ? `+91 98${String(o).padStart(8, '0')}` : `9${String(o).padStart(9, '0')}`;
    if (o === 3) doc.phone = `0${doc.phone as string}`;
    if (o % 4 !== 3) doc.address = `House ${o}, Sector ${40 + (o % 40)}, Gurugram`;
    if (o % 6 === 5) doc.segment = o % 12 === 5 ? 'Day Care' : 'Veterinary';
    yield doc;
  }
}

/** Pets of owner o: pet p belongs to owner p % owners. Owner.pets leaves out the last one of owner 0 (they disagree). */
function ownerPets(o: number, ownersN: number, petsN: number): number[] {
  const out: number[] = [];
  for (let p = o; p < petsN; p += ownersN) out.push(p);
  if (o === 0 && out.length > 1) out.pop();
  return ownersN > 1000 ? out.slice(0, 4) : out;
}

function* pets(n: number, ownersN: number): Generator<Doc> {
  for (let p = 0; p < n; p++) {
    const species = ['dog', 'Dog', 'Cat', 'other', 'dog', 'dog'][p % 6];
    const doc: Doc = {
      _id: oid('pets', p),
      name: `${NAMES[p % NAMES.length]}${p >= NAMES.length ? ` ${Math.floor(p / NAMES.length)}` : ''}`,
      species,
      breed: species === 'Cat' ? 'Persian' : p % 7 === 0 ? 'Indie (custom)' : 'Labrador Retriever',
      neutered: p % 3 === 0,
      sex: p % 2 === 0 ? 'Male' : 'Female',
      color: ['Brown', 'Black', 'White'][p % 3],
      dob: midnightUtc(365 * (1 + (p % 9)) + (p % 200)),
      owner: oid('owners', p % ownersN),
      vaccinations: vaccinationsOf(p),
      registrationDate: at(390 - (p % 380)),
      ...ts(390 - (p % 380)),
    };
    // Newer records carry the fields added in 2026; old ones lack them (reference §4).
    if (p % 4 !== 0) {
      doc.image = p % 8 === 1 ? `https://res.cloudinary.com/pawshub/image/upload/pets/${p}.jpg` : null;
      doc.isBlacklisted = p === 3;
      doc.blacklistReason = p === 3 ? 'Bit a groomer' : '';
      doc.blacklistedAt = p === 3 ? at(20) : null;
      doc.blacklistedBy = p === 3 ? 'Ravi Staff' : '';
      doc.createdBy = p % 8 === 5 ? oid('users', 1) : null;
    }
    // A field the schema dropped in May 2025.
    if (p % 10 === 2) {
      doc.subscriptions = [
        { type: oid('subscriptionplans', 0), daysLeft: 3, startDate: at(300), endDate: at(270), status: 'expired' },
      ];
    }
    yield doc;
  }
}

function vaccinationsOf(p: number): Doc[] {
  const v: Doc[] = [];
  if (p % 5 === 4) return v;
  v.push({
    _id: oid('deleted', 1000 + p * 4),
    name: 'Rabies',
    date: midnightUtc(200 + (p % 50)),
    serialNumber: `RB-${p}`,
    nextDueDate: midnightUtc(-165 + (p % 50)),
  });
  if (p % 2 === 0) v.push({ _id: oid('deleted', 1001 + p * 4), name: 'DHPPI', numberOfDose: 2 }); // old: no date, a dropped dose count
  if (p % 6 === 0)
    v.push({
      _id: oid('deleted', 1002 + p * 4),
      name: MEDICINE_AMONG_VACCINATIONS,
      date: null,
      serialNumber: '',
      nextDueDate: null,
    });
  return v;
}

function* visittypes(): Generator<Doc> {
  for (const [i, purpose] of VISIT_TYPES.entries()) {
    const doc: Doc = {
      _id: oid('visittypes', i),
      purpose,
      price: [500, 400, null, 800, 666.66, 300, 300, null, null][i],
      ...ts(500),
    };
    if (purpose === 'Veterinary') {
      doc.consultationPricePvt = 600;
      doc.consultationPriceNgo = 300;
      doc.consultationPriceNGOEmergency = 900;
    }
    if (purpose === 'Hostel' || purpose === 'Day Care') {
      doc.halfdayprice = purpose === 'Hostel' ? 300 : 250;
      doc.isSubscriptionAvailable = true;
      doc.isBoardingAvailable = true;
      doc.subscriptionPrice = 11500;
    }
    if (i % 3 === 0) {
      // Added later: old records lack them.
      doc.emoji = '🐾';
      doc.description = `${purpose} at the centre`;
      doc.customFields = [{ _id: oid('deleted', 50 + i), label: 'Kennel', value: '' }];
      doc.priceTiers = purpose === 'Grooming' ? [{ _id: oid('deleted', 60), label: 'Full groom', price: 1200 }] : [];
      doc.category = 'General';
      doc.bookingEnabled = purpose !== 'Inquiry';
    }
    if (purpose === 'Day School') doc.consultationPrice = 250; // the field's old name
    yield doc;
  }
}

function* visits(n: number, petsN: number): Generator<Doc> {
  for (let v = 0; v < n; v++) {
    const t = v % VISIT_TYPES.length;
    const purpose = VISIT_TYPES[t] as string;
    const pet = v === 5 ? oid('deleted', 5) : oid('pets', v % petsN); // a visit whose pet was deleted
    const visitType = v === 7 ? oid('deleted', 7) : oid('visittypes', t);
    const [flag, flagValue] = FLAG_SPELLINGS[v % 4] as readonly [string, unknown];
    const price = purpose === 'Dog Park' ? 666.66 : purpose === 'Hostel' ? 766.67 : 500;
    const details: Doc = { purpose, note: v % 5 === 0 ? '' : `Visit ${v}`, [flag]: flagValue };
    // Numbers sent as strings by the forms, every third visit.
    const num = (x: number) => (v % 3 === 0 ? String(x) : x);
    details.price = num(price);
    details.discount = num(v % 4 === 1 ? 50 : 0);
    details.finalPrice = num(v % 4 === 1 ? Math.round((price - 50) * 100) / 100 : price);
    details.selectedPayment = v % 2 === 0 ? 'cash' : 'payment_link';
    if (purpose === 'Veterinary') {
      details.customerType = CUSTOMER_TYPES[Math.floor(v / VISIT_TYPES.length) % 4];
      details.medicines = [{ id: fixtureId('inventories', 2) }];
      details.vaccines = [{ vaccineId: fixtureId('inventories', 0) }];
    }
    if (purpose === 'Hostel' || purpose === 'Day Care') {
      details.numberOfDays = num(v % 3 === 0 ? 15 : 2);
      details.planId = fixtureId('subscriptionplans', 0); // a string, never cast
      details.paymentLeft = v % 2 === 0 ? 0 : num(766.67);
      if (v % 2 === 0) details.leftpaymentdonetime = at(10);
      details.payment = { paymentType: 'after', amount: 766.67, isPaid: v % 2 === 0, remainingAmount: 0 };
    }
    if (purpose === 'Shop')
      details.items = [
        { name: 'Dog food 1kg', price: num(450) },
        { name: 'Leash', price: 199.5 },
      ];
    const doc: Doc = { _id: oid('visits', v), pet, visitType, details, ...ts(365 - (v % 360)) };
    if (v % 4 === 3) doc.createdBy = oid('users', 1 + (v % 2)); // added Mar 2026
    yield doc;
  }
  yield* extraVisits(n, petsN);
}

function* boardings(visitsN: number, petsN: number): Generator<Doc> {
  let b = 0;
  for (let v = 0; v < visitsN; v++) {
    const t = v % VISIT_TYPES.length;
    if (t > 1) continue; // Hostel and Day Care
    const boarded = v >= visitsN - VISIT_TYPES.length * 2;
    yield {
      _id: oid('boardings', b),
      boardingType: oid('visittypes', t),
      visitId: b === 1 ? oid('deleted', 100) : oid('visits', v), // a boarding whose visit was deleted
      petId: v === 5 ? oid('deleted', 5) : oid('pets', v % petsN),
      isSubscriptionAvailed: v % 4 === 0,
      planId: v % 4 === 0 ? oid('subscriptionplans', 0) : null,
      entryTime: at(365 - (v % 360)),
      numberOfDays: t === 0 ? 2 : 1,
      isBoarded: boarded,
      ...(boarded ? {} : { exitTime: at(363 - (v % 360)) }),
      ...ts(365 - (v % 360)),
    };
    b += 1;
  }
  yield* extraBoardings(b, visitsN, petsN);
}

function* subscriptionplans(): Generator<Doc> {
  yield {
    _id: oid('subscriptionplans', 0),
    subscriptionType: oid('visittypes', 0),
    price: 11500,
    duration: 15,
    numberOfGroomings: null,
    ...ts(450),
  };
  yield { _id: oid('subscriptionplans', 1), subscriptionType: oid('visittypes', 1), price: '4000', duration: 10, ...ts(450) };
  yield {
    _id: oid('subscriptionplans', 2),
    subscriptionType: oid('visittypes', 3),
    price: 2500,
    duration: null,
    numberOfGroomings: 3,
    ...ts(450),
  };
  yield { _id: oid('subscriptionplans', 3), subscriptionType: oid('visittypes', 5), price: 3333.33, duration: 30, ...ts(200) };
}

function* subscriptions(n: number, petsN: number): Generator<Doc> {
  for (let s = 0; s < n; s++) {
    // Subscriptions 0 and 1 are the same (pet, plan) pair: no unique index in the original.
    const pet = s === 1 ? 0 : s % petsN;
    const plan = s === 1 ? 0 : s % 4;
    const doc: Doc = {
      _id: oid('subscriptions', s),
      planId: oid('subscriptionplans', plan),
      petId: oid('pets', pet),
      daysLeft: plan === 2 ? null : 15 - (s % 15),
      numberOfGroomings: plan === 2 ? 3 - (s % 3) : null,
      firstPaymentDate: at(300 - s),
      lastPaymentDate: at(100 - (s % 90)),
      ...ts(300 - s),
    };
    if (s % 3 !== 2) doc.discount = s % 3 === 0 ? 0 : '500'; // missing before Aug 2025; a string from a form
    if (s % 5 !== 4) doc.active = s % 2 === 0; // no default before May 2025
    yield doc;
  }
  yield* extraSubscriptions(n, petsN);
}

// ── money hazards added for the visits, boardings, subscriptions and bills importers ─────────────────────────────
/** Documents added after the generated ones of four collections (each holds a hazard the generated ones lack). */
const EXTRA = { visits: 8, boardings: 2, subscriptions: 4, bills: 3 } as const;

/** How many generated stays precede visit v (stays are made for the Hostel and Day Care visits, v % 9 of 0 and 1). */
function boardingsBefore(v: number): number {
  return v <= 0 ? 0 : Math.ceil(v / VISIT_TYPES.length) + Math.ceil((v - 1) / VISIT_TYPES.length);
}

/** The first visit whose stay is still open (the generated stays of the last 18 visits are open). */
function firstOpenStayVisit(visitsN: number): number {
  let v = Math.max(0, visitsN - VISIT_TYPES.length * 2);
  while (v % VISIT_TYPES.length > 1) v++;
  return v;
}

function extraHazards(c: { visits: number; subscriptions: number; bills: number; pets: number }) {
  const visits = c.visits - EXTRA.visits;
  const subs = c.subscriptions - EXTRA.subscriptions;
  const bills = c.bills - EXTRA.bills;
  const stays = boardingsBefore(visits);
  const open = firstOpenStayVisit(visits);
  return {
    /** details.purpose "Buy Subscription": pet 0, plan 0 (subscription 0), ₹11,500 cash. */
    buySubscriptionVisit: fixtureId('visits', visits),
    /** "Renew Subscription": pet 2, plan 2 (subscription 2), ₹2,500 by payment link, ₹1,000 left. */
    renewSubscriptionVisit: fixtureId('visits', visits + 1),
    /** A Hostel stay on a subscription (final price 0) with 2 extra days at ₹1,533.34, paid at check-out. */
    extraDaysVisit: fixtureId('visits', visits + 2),
    /** Day Care ₹800: ₹500 at the visit by link, the remaining ₹300 at check-out through Razorpay (pay_VISITREM1). */
    razorpayRemainderVisit: fixtureId('visits', visits + 3),
    /** Veterinary at ₹600.005 (rounded), medicines as an id and as {medicineId}, a vaccine whose item was deleted. */
    roundedVetVisit: fixtureId('visits', visits + 4),
    /** `details` is a string, not an object. */
    detailsNotObject: fixtureId('visits', visits + 5),
    /** The subscription flag spelt twice, disagreeing ("no" and "Yes"); no final price. */
    flagConflictVisit: fixtureId('visits', visits + 6),
    /** selectedPayment "UPI scan" (not a method of visits) and a negative paymentLeft. */
    oddPaymentVisit: fixtureId('visits', visits + 7),
    /** A pet boarded twice: the generated open stay and a later one. */
    boardedTwice: { earlier: fixtureId('boardings', boardingsBefore(open)), later: fixtureId('boardings', stays) },
    /** A stay that ended without an exit time, 0 days booked, on subscription 0. */
    closedWithoutExit: fixtureId('boardings', stays + 1),
    subscriptionPlanDeleted: fixtureId('subscriptions', subs),
    subscriptionPetDeleted: fixtureId('subscriptions', subs + 1),
    subscriptionUsedUp: fixtureId('subscriptions', subs + 2),
    /** Pet 4 on plan 0 again, active, while subscription 4 (pet 4, plan 0, active by default) is live. */
    subscriptionSecondLive: fixtureId('subscriptions', subs + 3),
    /** Lines of ₹1,116.67 on a total of ₹1,200, paid by UPI. */
    billTotalMismatch: fixtureId('bills', bills),
    billPending: fixtureId('bills', bills + 1),
    /** Bill 0's number and bill 1's Razorpay payment id again. */
    billDuplicate: fixtureId('bills', bills + 2),
  };
}

function* extraVisits(base: number, petsN: number): Generator<Doc> {
  const plan = (i: number) => fixtureId('subscriptionplans', i);
  const visit = (k: number, pet: number, type: number, details: unknown, daysAgo: number): Doc => ({
    _id: oid('visits', base + k),
    pet: oid('pets', pet % petsN),
    visitType: oid('visittypes', type),
    details,
    ...ts(daysAgo),
  });
  yield visit(
    0,
    0,
    0,
    { purpose: 'Buy Subscription', planId: plan(0), price: 11500, finalPrice: 11500, selectedPayment: 'cash' },
    280,
  );
  yield visit(
    1,
    2,
    3,
    {
      purpose: 'Renew Subscription',
      planId: plan(2),
      price: '2500',
      finalPrice: '2500',
      selectedPayment: 'payment_link',
      paymentLeft: 1000,
    },
    100,
  );
  yield visit(
    2,
    1,
    0,
    {
      purpose: 'Hostel',
      isSubscriptionAvailed: true,
      planId: plan(0),
      numberOfDays: 15,
      price: 766.67,
      finalPrice: 0,
      extradays: 2,
      extradaysprice: 1533.34,
      extradayspricepaid: true,
      paymentLeft: 0,
      leftpaymentdonetime: at(40),
      selectedPayment: 'cash',
    },
    60,
  );
  yield visit(
    3,
    3,
    1,
    {
      purpose: 'Day Care',
      price: '400',
      discount: '0',
      finalPrice: '800',
      numberOfDays: '2',
      selectedPaymentType: 'partial_payment',
      selectedPayment: 'payment_link',
      paymentLeft: 0,
      leftpaymentdonetime: at(30),
      payment: {
        paymentType: 'partial',
        amount: 500,
        isPaid: true,
        paidAt: at(32),
        remainingAmount: 300,
        isRemainingPaid: true,
        remainingAmountRazorpayId: 'pay_VISITREM1',
      },
    },
    32,
  );
  yield visit(
    4,
    5,
    2,
    {
      purpose: 'Veterinary',
      customerType: 'NGO Emergency',
      price: 600.005,
      discount: 0,
      selectedPayment: 'cash',
      medicines: [fixtureId('inventories', 2), { medicineId: fixtureId('inventories', 3), quantity: '2' }],
      vaccines: [{ vaccineId: fixtureId('deleted', 15) }],
    },
    20,
  );
  yield visit(5, 4, 7, 'see the paper file', 15);
  yield visit(
    6,
    6,
    3,
    {
      purpose: 'Grooming',
      price: 800,
      isSubscriptionAvailed: 'no',
      subscriptionAvailed: 'Yes',
      planId: plan(2),
      selectedPayment: 'cash',
    },
    10,
  );
  yield visit(7, 7, 4, { purpose: 'Dog Park', price: 350, finalPrice: 350, selectedPayment: 'UPI scan', paymentLeft: -10 }, 5);
}

function* extraBoardings(b: number, visitsN: number, petsN: number): Generator<Doc> {
  const open = firstOpenStayVisit(visitsN);
  yield {
    _id: oid('boardings', b),
    boardingType: oid('visittypes', 1),
    visitId: oid('visits', open),
    petId: oid('pets', open % petsN),
    isSubscriptionAvailed: false,
    planId: null,
    entryTime: at(3),
    numberOfDays: 1,
    isBoarded: true,
    ...ts(3),
  };
  yield {
    _id: oid('boardings', b + 1),
    boardingType: oid('visittypes', 0),
    visitId: oid('visits', 0),
    petId: oid('pets', 0),
    isSubscriptionAvailed: true,
    planId: oid('subscriptionplans', 0),
    entryTime: at(200),
    numberOfDays: 0,
    isBoarded: false,
    ...ts(198),
  };
}

function* extraSubscriptions(base: number, petsN: number): Generator<Doc> {
  const sub = (k: number, doc: Doc): Doc => ({
    _id: oid('subscriptions', base + k),
    firstPaymentDate: at(90),
    lastPaymentDate: at(90),
    discount: 0,
    ...ts(90),
    ...doc,
  });
  yield sub(0, { planId: oid('deleted', 20), petId: oid('pets', 1), daysLeft: 5, numberOfGroomings: null, active: true });
  yield sub(1, {
    planId: oid('subscriptionplans', 1),
    petId: oid('deleted', 21),
    daysLeft: 5,
    numberOfGroomings: null,
    active: true,
  });
  yield sub(2, {
    planId: oid('subscriptionplans', 3),
    petId: oid('pets', 7 % petsN),
    daysLeft: 0,
    numberOfGroomings: null,
    active: true,
  });
  yield sub(3, {
    planId: oid('subscriptionplans', 0),
    petId: oid('pets', 4 % petsN),
    daysLeft: 5,
    numberOfGroomings: null,
    active: true,
  });
}

function* extraBills(base: number): Generator<Doc> {
  const bill = (k: number, doc: Doc): Doc => ({
    _id: oid('bills', base + k),
    billNo: `WI-${String(22_345_670 + k).slice(-8)}`,
    customerName: PEOPLE[k % PEOPLE.length],
    petName: '',
    phone: '',
    notes: '',
    razorpayPaymentId: '',
    paymentStatus: 'paid',
    createdBy: null,
    ...ts(7 - k),
    ...doc,
  });
  yield bill(0, {
    services: [
      { _id: oid('deleted', 900), name: 'Hostel (1 day)', amount: 766.67 },
      { _id: oid('deleted', 901), name: 'Bath', amount: 350 },
    ],
    total: 1200,
    paymentMethod: 'UPI',
    razorpayPaymentId: 'pay_BILLX0',
  });
  yield bill(1, {
    services: [{ _id: oid('deleted', 902), name: 'Nail trim', amount: 500 }],
    total: 500,
    paymentMethod: 'Cash',
    paymentStatus: 'pending',
  });
  yield bill(2, {
    billNo: `WI-${String(12_345_670).slice(-8)}`,
    services: [{ _id: oid('deleted', 903), name: 'Bath', amount: 350 }],
    total: 350,
    paymentMethod: 'Card',
    razorpayPaymentId: 'pay_BILL1',
  });
}

function* boardingsubscriptions(n: number, customers: number, petsN: number): Generator<Doc> {
  const statuses = ['active', 'inactive', 'pending', 'approved', 'rejected'];
  for (let k = 0; k < n; k++) {
    const pets = k % 2 === 0 ? [oid('pets', 0), oid('pets', 2 % petsN)] : [oid('pets', 4 % petsN)];
    yield {
      _id: oid('boardingsubscriptions', k),
      userId: oid('users', STAFF + (k % customers)),
      petIds: pets,
      planName: '15 Days Boarding Plan',
      totalPrice: 11500,
      durationDays: 15,
      pricePerDay: 766.67,
      numberOfPets: pets.length,
      dailyCharge: Math.round(766.67 * pets.length * 100) / 100, // 1533.34 for two pets
      status: statuses[k % statuses.length],
      startDate: k % 5 === 2 ? null : at(20 - k),
      endDate: k % 5 === 2 ? null : at(5 - k),
      daysRemaining: 15 - Math.min(15, 5 + k),
      adminNote: '',
      lastDeductionDate: k % 5 === 0 ? at(1) : null,
      razorpayOrderId: k % 2 === 0 ? `order_FIX${k}` : '',
      razorpayPaymentId: k % 2 === 0 ? `pay_FIX${k}` : '',
      ...ts(20 - k),
    };
  }
}

function* wallets(n: number, customers: number): Generator<Doc> {
  for (let w = 0; w < n; w++) {
    // The last wallet belongs to a customer user with no owner record (odd customers have none: see ownerUser).
    const user = w === n - 1 ? STAFF + customers - 1 : STAFF + ((w * 2) % (customers - 1));
    const tx: Doc[] = [];
    let balance = 0;
    tx.push({
      _id: oid('walletTx', w * 10),
      type: 'credit',
      amount: 11500,
      description: 'Wallet Recharge',
      balanceAfter: 11500,
      createdAt: at(30),
    });
    balance = 11500;
    for (let d = 0; d < 3 + (w % 3); d++) {
      balance = Math.round((balance - 766.67) * 100) / 100;
      tx.push({
        _id: oid('walletTx', w * 10 + 1 + d),
        type: 'debit',
        amount: 766.67,
        description: 'Daily Boarding Charge (1 pet)',
        balanceAfter: balance,
        createdAt: at(29 - d),
      });
    }
    yield { _id: oid('wallets', w), userId: oid('users', user), balance, transactions: tx, ...ts(30) };
  }
}

function* appointments(n: number, customers: number, petsN: number): Generator<Doc> {
  const modes = ['online', 'cash', 'card', 'upi', null];
  const statuses = ['pending', 'confirmed', 'completed', 'cancelled'];
  let k = 0; // the current-shape appointments so far: every mode, time and old shape appears among the first six
  for (let a = 0; a < n; a++) {
    if (a % 4 === 1) {
      // The legacy model shares the collection: ownerInfo/dogInfo/purposeOfVisit, no timestamps.
      yield {
        _id: oid('appointments', a),
        ownerInfo: oid('owners', a % 6),
        dogInfo: oid('pets', a % petsN),
        purposeOfVisit: 'Vaccination',
        medicineGiven: [{ _id: oid('deleted', 200 + a), medicineName: 'Rabies Vaccine', quantityGiven: 1 }],
        nextFollowUpDate: midnightUtc(-30),
        alertReminder: false,
        __v: 0,
      };
      continue;
    }
    k += 1;
    const mode = modes[(k - 1) % modes.length];
    const fee = a % 3 === 0 ? 766.67 : 900;
    const gst = Math.round(fee * 0.18);
    const doc: Doc = {
      _id: oid('appointments', a),
      customerId: oid('users', STAFF + (a % customers)),
      serviceId: a % 2 === 0 ? fixtureId('visittypes', 2) : null,
      serviceName: a % 2 === 0 ? 'Vaccination (ARV)' : 'Grooming',
      appointmentDate: midnightUtc(30 - a), // date-only: midnight UTC
      appointmentTime: ['10:00', '21:00', '9:00', '14:00'][(k - 1) % 4], // 21:00 is past today's slot table; 9:00 unpadded
      status: statuses[a % 4],
      petName: NAMES[a % NAMES.length],
      petBreed: 'Labrador Retriever',
      petAge: a % 2 === 0 ? 'N/A' : '3 years',
      notes: '',
      totalAmount: fee + gst,
      bookedAt: at(31 - a),
      ...ts(31 - a),
    };
    // Fields added later: old bookings lack payment, GST and pickup.
    if (k % 6 !== 0) {
      doc.paymentStatus = ['pending', 'paid', 'refunded'][a % 3];
      doc.paymentMode = mode;
      doc.gstAmount = gst;
      doc.ambulanceRequired = a % 4 === 0;
      doc.ambulanceKm = a % 4 === 0 ? '7' : 0;
      doc.ambulanceFare = a % 4 === 0 ? 600 : 0;
      doc.pricingType = a % 2 === 0 ? 'On Request' : null;
      doc.razorpayOrderId = mode === 'online' ? `order_APPT${a}` : null;
      doc.razorpayPaymentId = mode === 'online' ? `pay_APPT${a}` : null;
    }
    if (statuses[a % 4] === 'completed') doc.acceptedBy = oid('users', 1);
    yield doc;
  }
}

function* services(): Generator<Doc> {
  const rows = [
    ['Full Grooming', 'grooming', 1200, 90],
    ['Hostel Stay', 'hostel', 766.67, 480],
    ['Vet Consultation', 'veterinary', 600, 30],
  ] as const;
  for (const [i, [name, category, price, duration]] of rows.entries()) {
    yield {
      _id: oid('services', i),
      name,
      description: `${name} for dogs and cats`,
      price,
      duration,
      category,
      isActive: i !== 2,
      images: [`https://res.cloudinary.com/pawshub/image/upload/services/${i}.jpg`],
      features: ['Trained staff'],
      ...ts(200),
    };
  }
}

function* inventories(): Generator<Doc> {
  for (const [i, item] of INVENTORY.entries()) {
    if (i === 5) {
      // The shape before Jun 2025: stockUnit a number (the count), volume fields, itemType "syringe".
      yield {
        _id: oid('inventories', i),
        itemName: item.itemName,
        stockUnit: 200,
        itemType: 'syringe',
        recommendedDoses: 1,
        volumeML: 5,
        totalVolume: 1000,
        unitCostPrice: 2,
        unitMinRetailPriceNGO: 3,
        unitMaxRetailPriceCustomer: 5,
        ...ts(450),
      };
      continue;
    }
    yield {
      _id: oid('inventories', i),
      itemId: `${item.itemName[0]}-0${i + 1}`,
      itemName: item.itemName,
      medicineName: item.itemName,
      brandName: '',
      saltName: '',
      stock: 40 - i * 5,
      stockUnit: item.stockUnit,
      itemType: item.itemType,
      disposableSubType: '',
      injectionSubType: item.itemType === 'injection' ? '5 ml' : '',
      unitCostPrice: 10.5 + i,
      unitMinRetailPriceNGO: 15,
      unitMaxRetailPriceCustomer: i === 3 ? 33.333 : 25, // a price that is not whole paise
      expiryDate: midnightUtc(-365),
      supplier: { name: 'MedSupply', contact: '9811111111', email: '' },
      createdBy: null,
      ...ts(300),
    };
  }
}

function* prescriptions(n: number, petsN: number): Generator<Doc> {
  for (let r = 0; r < n; r++) {
    const ngo = r % 3 === 2;
    const doc: Doc = {
      _id: oid('prescriptions', r),
      petId: oid('pets', (r * 2) % petsN),
      customerType: ngo ? 'NGO' : 'pvtltd',
      items: [{ _id: oid('deleted', 300 + r), id: r === 1 ? oid('deleted', 13) : oid('inventories', 0), quantity: 1 }], // r 1: a deleted item
      tablets: [{ _id: oid('deleted', 400 + r), id: oid('inventories', 2), quantity: '2' }],
      mg: [],
      ml: r % 2 === 0 ? [{ _id: oid('deleted', 500 + r), id: oid('inventories', 4), quantity: 3 }] : [],
      diagnosis: 'Routine check',
      price: ngo ? 45 : 75 + (r % 2 === 0 ? 75 : 0),
      ...ts(200 - r),
    };
    if (r % 2 === 0) {
      doc.nextFollowUp = midnightUtc(-7 - r);
      doc.followUpTime = r % 4 === 0 ? '11:30' : '9:15';
      doc.followUpPurpose = 'Booster';
    }
    if (r % 4 === 3) doc.createdBy = oid('users', 2);
    yield doc;
  }
}

function* usagelogs(n: number): Generator<Doc> {
  for (let u = 0; u < n; u++) {
    const ngo = u % 2 === 1;
    const qty = 1 + (u % 3);
    const sell = qty * (ngo ? 15 : 33.333);
    yield {
      _id: oid('usagelogs', u),
      inventoryId: oid('inventories', 3),
      medicineName: 'Amoxicillin',
      quantityUsed: qty,
      petName: NAMES[u % NAMES.length],
      bookingId: `walk-in ${u}`,
      usedBy: 'Meena Staff',
      caseType: ngo ? 'NGO' : 'Customer',
      costPrice: Math.round(13.5 * qty * 100) / 100,
      sellPrice: Math.round(sell * 100) / 100,
      totalAmount: Math.round(sell * 100) / 100,
      profit: Math.round((sell - 13.5 * qty) * 100) / 100,
      paymentStatus: u % 2 === 0 ? 'Paid' : 'Pending',
      notes: '',
      ...ts(90 - (u % 80)),
    };
  }
}

function* stockhistories(n: number): Generator<Doc> {
  for (let s = 0; s < n; s++) {
    yield {
      _id: oid('stockhistories', s),
      inventoryId: s === 0 ? oid('deleted', 14) : oid('inventories', 3),
      itemName: 'Amoxicillin',
      actionType: 'Used',
      quantity: 1,
      previousStock: 25 - s,
      currentStock: 24 - s,
      staff: 'Meena Staff',
      notes: '',
      ...ts(90 - s),
    };
  }
}

function* bills(n: number): Generator<Doc> {
  const methods = ['Cash', 'Card', 'UPI', 'Online'];
  for (let b = 0; b < n; b++) {
    const method = methods[b % 4] as string;
    const services = [
      { _id: oid('deleted', 600 + b), name: 'Hostel (1 day)', amount: 766.67 },
      { _id: oid('deleted', 700 + b), name: 'Bath', amount: b % 2 === 0 ? 350 : '350' },
    ];
    yield {
      _id: oid('bills', b),
      billNo: `WI-${String(12_345_670 + b).slice(-8)}`,
      customerName: PEOPLE[b % PEOPLE.length],
      petName: b % 3 === 0 ? '' : NAMES[b % NAMES.length],
      phone: b % 2 === 0 ? '' : `98765${String(b).padStart(5, '0')}`,
      services,
      total: 1116.67,
      paymentMethod: method,
      notes: '',
      razorpayPaymentId: method === 'Cash' ? '' : `pay_BILL${b}`,
      paymentStatus: 'paid',
      createdBy: b % 2 === 0 ? oid('users', 1) : null,
      ...ts(60 - (b % 55)),
    };
  }
  yield* extraBills(n);
}

function* blacklistrequests(): Generator<Doc> {
  yield {
    _id: oid('blacklistrequests', 0),
    pet: oid('pets', 3),
    owner: oid('owners', 3),
    customerUserId: null,
    reason: 'He is calmer now',
    status: 'pending',
    adminNote: '',
    resolvedAt: null,
    resolvedBy: '',
    ...ts(10),
  };
  yield {
    _id: oid('blacklistrequests', 1),
    pet: oid('pets', 3),
    owner: oid('owners', 3),
    customerUserId: null,
    reason: 'Please',
    status: 'rejected',
    adminNote: 'Not yet',
    resolvedAt: at(15),
    resolvedBy: 'Admin Kaur',
    ...ts(16),
  };
}

function* visitnotifications(n: number, customers: number): Generator<Doc> {
  for (let k = 0; k < n; k++) {
    yield {
      _id: oid('visitnotifications', k),
      userId: oid('users', STAFF + (k % customers)),
      title: 'Visit recorded',
      body: `Your pet visited (${k})`,
      petName: NAMES[k % NAMES.length],
      purpose: 'Veterinary',
      visitId: oid('visits', k * 2),
      appointmentId: null,
      amount: k % 2 === 0 ? 766.67 : 0,
      read: k % 3 === 0,
      ...ts(60 - (k % 50)),
    };
  }
}

function* alerts(): Generator<Doc> {
  yield {
    _id: oid('alerts', 0),
    alertType: 'newPet',
    petInfo: oid('pets', 1),
    isRead: false,
    forRole: 'admin',
    alertDate: at(3),
  };
  yield {
    _id: oid('alerts', 1),
    alertType: 'newBooking',
    appointmentId: oid('appointments', 0),
    forRole: 'staff',
    isRead: true,
    alertDate: at(2),
  };
  yield {
    _id: oid('alerts', 2),
    alertType: 'inventoryStock',
    itemName: 'Gloves',
    stockUnit: 8,
    threshold: 100,
    alertDate: at(5),
  }; // old: no isRead, no forRole
  yield {
    _id: oid('alerts', 3),
    alertType: 'serviceAction',
    action: 'updated',
    serviceName: 'Hostel price changed',
    performedBy: 'Admin Kaur',
    forRole: 'both',
    isRead: false,
    alertDate: at(1),
  };
  yield {
    _id: oid('alerts', 4),
    alertType: 'newVisit',
    visitId: oid('visits', 0),
    petInfo: oid('pets', 0),
    forRole: null,
    alertDate: at(1),
  };
}

function* scheduledvisits(n: number, petsN: number): Generator<Doc> {
  for (let s = 0; s < n; s++) {
    yield {
      _id: oid('scheduledvisits', s),
      date: midnightUtc(-s),
      time: s % 2 === 0 ? '10:30' : '7:05',
      petId: s === 0 ? oid('deleted', 3) : oid('pets', s % petsN),
      purpose: 'Follow-up',
      present: s % 3 === 0,
      ...ts(5),
    };
  }
}

function* attendances(petsN: number): Generator<Doc> {
  for (let d = 0; d < 3; d++) {
    yield {
      _id: oid('attendances', d),
      date: midnightUtc(d),
      List: [0, 1, 2].map((k) => ({
        _id: oid('deleted', 800 + d * 3 + k),
        petId: oid('pets', (d + k) % petsN),
        purpose: 'Follow-up',
        present: k !== 1,
      })),
      ...ts(d),
    };
  }
}

function* prices(): Generator<Doc> {
  yield { _id: oid('prices', 0), purpose: 'Hostel', originalPrice: 1000, consultationFees: 0, ...ts(500) };
  yield { _id: oid('prices', 1), purpose: 'Dog Park', originalPrice: 350, ...ts(500) };
}

/** Every collection's documents, made one at a time. */
export function fixtureDocuments(size: FixtureSize, hashes: Hashes): Record<string, () => Iterable<Doc>> {
  const c = fixtureCounts(size);
  const customers = c.users - STAFF;
  return {
    users: () => users(c.users, hashes),
    owners: () => owners(c.owners, c.pets),
    pets: () => pets(c.pets, c.owners),
    visittypes: () => visittypes(),
    visits: () => visits(c.visits - EXTRA.visits, c.pets),
    boardings: () => boardings(c.visits - EXTRA.visits, c.pets),
    subscriptionplans: () => subscriptionplans(),
    subscriptions: () => subscriptions(c.subscriptions - EXTRA.subscriptions, c.pets),
    boardingsubscriptions: () => boardingsubscriptions(c.boardingsubscriptions, customers, c.pets),
    wallets: () => wallets(c.wallets, customers),
    appointments: () => appointments(c.appointments, customers, c.pets),
    services: () => services(),
    inventories: () => inventories(),
    prescriptions: () => prescriptions(c.prescriptions, c.pets),
    usagelogs: () => usagelogs(c.usagelogs),
    stockhistories: () => stockhistories(c.stockhistories),
    bills: () => bills(c.bills - EXTRA.bills),
    blacklistrequests: () => blacklistrequests(),
    visitnotifications: () => visitnotifications(c.visitnotifications, customers),
    alerts: () => alerts(),
    scheduledvisits: () => scheduledvisits(c.scheduledvisits, c.pets),
    attendances: () => attendances(c.pets),
    prices: () => prices(),
  };
}

let hashCache: Hashes | undefined;
/** The fixture's password hashes: the admin's at cost 12 (about a quarter of a second, made once), others at cost 4. */
export async function fixtureHashes(): Promise<Hashes> {
  hashCache ??= {
    admin: await bcrypt.hash(FIXTURE_PASSWORDS.admin, 12),
    staff: await bcrypt.hash(FIXTURE_PASSWORDS.staff, 4),
    customer: await bcrypt.hash(FIXTURE_PASSWORDS.customer, 4),
  };
  return hashCache;
}

// ── writing ───────────────────────────────────────────────────────────────────────────────────────────────────────
/** The database name mongodump uses as the subfolder: `mongodump --db pawshub --out DIR` writes DIR/pawshub/. */
export const FIXTURE_DB = 'pawshub';

async function write(out: Writable, data: string | Uint8Array): Promise<void> {
  if (!out.write(data)) await once(out, 'drain');
}

async function finish(out: Writable, file: Writable): Promise<void> {
  out.end();
  await once(file, 'finish');
}

/**
 * Writes the fixture export into `dir` in one format, returning the folder to pass to --from (`dir` itself; the
 * dump's documents are in `dir/pawshub/`, as mongodump writes them). Collections may be limited with `only`.
 */
export async function writeFixtureExport(
  dir: string,
  format: FixtureFormat,
  size: FixtureSize = SMALL_FIXTURE,
  opts: { only?: readonly string[] } = {},
): Promise<Record<string, number>> {
  const docs = fixtureDocuments(size, await fixtureHashes());
  const bson = format.startsWith('bson');
  const target = bson ? path.join(dir, FIXTURE_DB) : dir;
  await mkdir(target, { recursive: true });
  const counts: Record<string, number> = {};
  for (const [collection, make] of Object.entries(docs)) {
    if (opts.only && !opts.only.includes(collection)) continue;
    const ext = bson ? (format === 'bson.gz' ? 'bson.gz' : 'bson') : 'json';
    const file = createWriteStream(path.join(target, `${collection}.${ext}`), { highWaterMark: 1 << 20 });
    let out: Writable = file;
    if (format === 'bson.gz') {
      const gz = createGzip({ level: 1 });
      gz.pipe(file);
      out = gz;
    }
    const relaxed = format.endsWith('relaxed');
    const array = format.startsWith('array');
    let n = 0;
    if (array) await write(out, '[');
    for (const doc of make()) {
      if (bson) await write(out, BSON.serialize(doc));
      else {
        const text = EJSON.stringify(doc, { relaxed });
        await write(out, array ? `${n > 0 ? ',\n' : ''}${text}` : `${text}\n`);
      }
      n += 1;
    }
    if (array) await write(out, ']\n');
    await finish(out, file);
    if (bson) {
      const metadata = {
        indexes: [{ v: 2, key: { _id: 1 }, name: '_id_' }],
        uuid: CODES[collection]?.padStart(32, '0'),
        collectionName: collection,
        type: 'collection',
      };
      await writeFile(path.join(target, `${collection}.metadata.json`), JSON.stringify(metadata));
    }
    counts[collection] = n;
  }
  return counts;
}
