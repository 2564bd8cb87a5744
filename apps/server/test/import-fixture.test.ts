import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  customerClass,
  emailKey,
  paymentMethod,
  rupeesToPaise,
  species,
  subscriptionFlag,
  timeOfDay,
} from '@pawdesk/shared/import/normalise';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExport, type ImportDocument, readCollection } from '../src/modules/import/read/export-reader.service.ts';
import {
  FIXTURE_PASSWORDS,
  fixtureCounts,
  fixtureHazards,
  MEDICINE_AMONG_VACCINATIONS,
  SMALL_FIXTURE,
  writeFixtureExport,
} from './import-fixture.ts';

/**
 * The fixture export holds every hazard of the reference's §4 (what issue 21's importer must handle): checked here
 * on the documents as read back from disk, with the shared normalisation rules where they apply.
 */
let dir: string;
const docs: Record<string, Record<string, unknown>[]> = {};
const ids: Record<string, Set<string>> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pawdesk-fixture-'));
  await writeFixtureExport(dir, 'jsonl-canonical', SMALL_FIXTURE);
  for (const file of (await findExport(dir)).files) {
    const read: ImportDocument[] = [];
    for await (const d of readCollection(file, { onProblem: (p) => expect.fail(p.message) })) read.push(d);
    docs[file.collection] = read.map((d) => d.doc);
    ids[file.collection] = new Set(read.map((d) => d.id));
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hex = (v: unknown) => (v as { toHexString(): string }).toHexString();
const details = () => (docs.visits ?? []).map((v) => v.details as Record<string, unknown>);
const h = fixtureHazards(SMALL_FIXTURE);

describe('the fixture export holds every hazard of §4', () => {
  it('has the counts it says', () => {
    const counts = fixtureCounts(SMALL_FIXTURE);
    expect(Object.fromEntries(Object.entries(docs).map(([c, d]) => [c, d.length]))).toEqual(counts);
  });

  it('the four spellings of the subscription flag, "Yes" among them', () => {
    const keys = new Set(details().flatMap((d) => subscriptionFlag(d).keys));
    expect([...keys].sort()).toEqual(
      ['isSubscriptionAvailed', 'issubscriptionAvailed', 'issubscriptionavailed', 'subscriptionAvailed'].sort(),
    );
    expect(details().some((d) => d.subscriptionAvailed === 'Yes')).toBe(true);
  });

  it('numbers sent as strings, and missing fields', () => {
    expect(details().some((d) => typeof d.price === 'string')).toBe(true);
    expect(details().some((d) => typeof d.price === 'number')).toBe(true);
    expect(docs.owners?.some((o) => !('phone' in o))).toBe(true);
    expect(docs.owners?.some((o) => !('address' in o))).toBe(true);
    expect(docs.pets?.some((p) => !('image' in p) && !('isBlacklisted' in p))).toBe(true);
    expect(docs.subscriptions?.some((s) => !('discount' in s))).toBe(true);
    expect(docs.alerts?.some((a) => !('forRole' in a))).toBe(true);
  });

  it('fields the schema dropped', () => {
    expect(docs.owners?.some((o) => 'segment' in o)).toBe(true);
    expect(docs.pets?.some((p) => 'subscriptions' in p)).toBe(true);
    expect(docs.inventories?.some((i) => typeof i.stockUnit === 'number' && i.itemType === 'syringe')).toBe(true);
    expect(docs.visittypes?.some((v) => 'consultationPrice' in v)).toBe(true);
  });

  it('owner emails duplicated in another case, one under another name', () => {
    const [a, b, c] = h.duplicateEmailOwners.map((id) => docs.owners?.find((o) => hex(o._id) === id));
    expect(a?.email).not.toBe(b?.email);
    expect(emailKey(a?.email)).toBe(emailKey(b?.email));
    expect(emailKey(c?.email)).toBe(emailKey(a?.email));
    expect(a?.name).toBe(b?.name);
    expect(c?.name).not.toBe(a?.name);
  });

  it('dangling references: visits to a deleted pet and visit type, a boarding to a deleted visit, a prescription line to a deleted item', () => {
    const visit = (id: string) => docs.visits?.find((v) => hex(v._id) === id);
    expect(ids.pets?.has(hex(visit(h.danglingVisitPet)?.pet))).toBe(false);
    expect(ids.visittypes?.has(hex(visit(h.danglingVisitType)?.visitType))).toBe(false);
    const boarding = docs.boardings?.find((b) => hex(b._id) === h.danglingBoardingVisit);
    expect(ids.visits?.has(hex(boarding?.visitId))).toBe(false);
    const rx = docs.prescriptions?.find((r) => hex(r._id) === h.danglingPrescriptionItem);
    const lines = (rx?.items ?? []) as { id: unknown }[];
    expect(lines.some((l) => !ids.inventories?.has(hex(l.id)))).toBe(true);
  });

  it('medicine names among a pet’s vaccinations', () => {
    const pet = docs.pets?.find((p) => hex(p._id) === h.medicineAmongVaccinations.petId);
    const names = ((pet?.vaccinations ?? []) as { name: string }[]).map((v) => v.name);
    expect(names).toContain(MEDICINE_AMONG_VACCINATIONS);
    expect(docs.inventories?.find((i) => i.itemName === MEDICINE_AMONG_VACCINATIONS)?.itemType).toBe('medicine');
  });

  it('legacy appointments beside current ones', () => {
    const legacy = docs.appointments?.filter((a) => 'ownerInfo' in a) ?? [];
    const current = docs.appointments?.filter((a) => 'customerId' in a) ?? [];
    expect(legacy.map((a) => hex(a._id))).toContain(h.legacyAppointment);
    expect(legacy[0]).toMatchObject({ purposeOfVisit: expect.any(String) });
    expect(legacy[0]).not.toHaveProperty('createdAt');
    expect(current.length).toBeGreaterThan(0);
  });

  it('766.67-rupee amounts and amounts that are not whole paise', () => {
    expect(docs.boardingsubscriptions?.every((b) => b.pricePerDay === 766.67)).toBe(true);
    expect(docs.boardingsubscriptions?.some((b) => b.dailyCharge === 1533.34)).toBe(true);
    expect(docs.wallets?.some((w) => (w.transactions as { amount: number }[]).some((t) => t.amount === 766.67))).toBe(true);
    expect(details().some((d) => d.price === 666.66)).toBe(true);
    const notWhole = docs.inventories?.map((i) => rupeesToPaise(i.unitMaxRetailPriceCustomer));
    expect(notWhole?.some((r) => r.ok && r.value?.rounded)).toBe(true);
  });

  it('bcrypt hashes: the admin’s at cost 12, and the passwords behind them', async () => {
    const admin = docs.users?.find((u) => hex(u._id) === h.cost12User.id);
    expect(bcrypt.getRounds(admin?.password as string)).toBe(12);
    expect(await bcrypt.compare(FIXTURE_PASSWORDS.admin, admin?.password as string)).toBe(true);
    const customer = docs.users?.find((u) => hex(u._id) === h.customerUser.id);
    expect(customer?.role).toBe('customer');
    expect(await bcrypt.compare(FIXTURE_PASSWORDS.customer, customer?.password as string)).toBe(true);
  });

  it('HH:MM strings (21:00 and unpadded ones) and date-only values at midnight UTC', () => {
    const times = docs.appointments?.flatMap((a) => (a.appointmentTime ? [a.appointmentTime as string] : [])) ?? [];
    expect(times).toContain('21:00');
    expect(times).toContain('9:00');
    expect(times.every((t) => timeOfDay(t).ok)).toBe(true);
    const dayValues = [
      ...(docs.appointments ?? []).flatMap((a) => (a.appointmentDate ? [a.appointmentDate] : [])),
      ...(docs.scheduledvisits ?? []).map((s) => s.date),
      ...(docs.attendances ?? []).map((a) => a.date),
    ] as Date[];
    expect(dayValues.length).toBeGreaterThan(0);
    expect(dayValues.every((d) => d.toISOString().endsWith('T00:00:00.000Z'))).toBe(true);
  });

  it('the spellings of species, payment methods and customer classes', () => {
    expect(new Set(docs.pets?.map((p) => p.species))).toEqual(new Set(['dog', 'Dog', 'Cat', 'other']));
    expect(docs.pets?.every((p) => !species(p.species).unknown)).toBe(true);
    expect(new Set(docs.bills?.map((b) => b.paymentMethod))).toEqual(new Set(['Cash', 'Card', 'UPI', 'Online']));
    expect(docs.bills?.every((b) => paymentMethod('bill', b.paymentMethod).ok)).toBe(true);
    const modes = new Set(docs.appointments?.filter((a) => 'paymentMode' in a).map((a) => a.paymentMode));
    expect(modes).toEqual(new Set(['online', 'cash', 'card', 'upi', null]));
    const classes = new Set(details().flatMap((d) => (d.customerType ? [d.customerType] : [])));
    expect(classes).toEqual(new Set(['pvtltd', 'pvtltd Emergency', 'NGO', 'NGO Emergency']));
    expect(new Set(docs.usagelogs?.map((u) => u.caseType))).toEqual(new Set(['Customer', 'NGO']));
    expect([...classes].every((c) => customerClass(c).ok)).toBe(true);
  });

  it('a wallet whose user has no owner record, and image URLs on the original’s image host', () => {
    const wallet = docs.wallets?.find((w) => hex(w._id) === h.walletWithoutOwner);
    const user = docs.users?.find((u) => hex(u._id) === hex(wallet?.userId));
    expect(user?.role).toBe('customer');
    expect(docs.owners?.some((o) => emailKey(o.email) === emailKey(user?.email))).toBe(false);
    const urls = [
      ...(docs.pets ?? []).map((p) => p.image),
      ...(docs.users ?? []).map((u) => u.profilePhoto),
      ...(docs.services ?? []).flatMap((s) => s.images as string[]),
    ].filter((u): u is string => typeof u === 'string');
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.every((u) => u.startsWith('https://res.cloudinary.com/'))).toBe(true);
  });
});
