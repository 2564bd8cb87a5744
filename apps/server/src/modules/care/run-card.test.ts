import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { pets, vaccinations } from '../../db/schema/index.ts';
import { DAY, EVENING, MORNING, NOON, useCareTest } from '../../../test/care-kit.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { jpeg } from '../../../test/images.ts';
import { storeImage } from '../media/media.service.ts';
import { registerRunCardIncidents } from './care-ports.service.ts';

/** Run cards (issue 20): the JSON grid, the A4 and kennel PDFs, today's cards, permissions, on the test clock. */
const k = useCareTest();
const { t, call, at, setInstructions, record, staff, customer, db } = k;

afterEach(() => t.clock.set(null));

/** A pet with an overdue and a current vaccination and the kit's instructions, boarded for `days` at the clock. */
let phones = 0;
async function stay(name = 'Bruno', days = 3) {
  phones += 1;
  const phone = `98765${String(phones).padStart(5, '0')}`;
  const owner = await makeOwner(db(), { name: 'Meera Rao', phone, email: `${name}${Math.random()}@example.in` });
  const p = await makePet(db(), {
    ownerId: owner.id,
    name,
    breed: 'Labrador',
    sex: 'Female',
    dob: '2023-05-10',
    vaccinations: [
      { name: 'Rabies', numberOfDose: 1, givenOn: '2025-11-01', nextDue: '2027-01-20' },
      { name: 'DHPP', numberOfDose: 1, givenOn: '2026-06-01', nextDue: '2027-06-01' },
    ],
  });
  await setInstructions(p.id);
  const s = await k.board('hostel', { days }, p.id);
  // Overdue once boarded (the admission rule would have asked to confirm it at boarding).
  await db()
    .update(vaccinations)
    .set({ nextDue: '2026-11-20' })
    .where(and(eq(vaccinations.petId, p.id), eq(vaccinations.name, 'Rabies')));
  return { ...s, pet: p, ownerPhone: phone };
}

const card = async (boardingId: string) => {
  const res = await call('GET', `/care/stays/${boardingId}/runcard`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().card;
};

async function pdfOf(url: string, token = staff.token) {
  const res = await t.call({ method: 'GET', url: `/api/v1${url}`, token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const bytes = res.rawPayload;
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const r = await parser.getText();
    return { text: r.text, pages: r.total, bytes, res };
  } finally {
    await parser.destroy();
  }
}

describe('a stay’s run card (JSON)', () => {
  it('has one row per plan task and one column per day of the stay, with the recorded tasks in their cells', async () => {
    at('08:00');
    const s = await stay();
    const plan = (await call('GET', `/care/stays/${s.boardingId}/plan`)).json();
    const meal = plan.items.find((i: { kind: string }) => i.kind === 'meal');
    const rec = await record({ boardingId: s.boardingId, itemId: meal._id, slotKey: MORNING, feedback: 'most', note: 'slow' });
    expect(rec.statusCode, rec.body).toBe(201);

    const c = await card(s.boardingId);
    expect(c.days).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(c.stay).toMatchObject({ type: 'Hostel', entryDay: DAY, expectedExitDay: '2026-11-30', exitTime: null });
    // Meal (Morning), dose (Morning and Evening), walk (Noon): one row per item and slot, in the order of the day.
    expect(c.rows.map((r: { label: string; slotKey: string }) => [r.slotKey, r.label])).toEqual([
      [MORNING, 'Royal Canin 200 g'],
      [MORNING, 'Meloxicam 0.5 ml (oral)'],
      [NOON, 'Walk'],
      [EVENING, 'Meloxicam 0.5 ml (oral)'],
    ]);
    for (const r of c.rows) expect(r.cells.map((x: { day: string }) => x.day)).toEqual(c.days);
    const breakfast = c.rows[0];
    expect(breakfast.cells[0].recorded).toMatchObject({ feedback: 'most', feedbackLabel: 'Most', note: 'slow' });
    expect(breakfast.cells[0].recorded.by).toBeTruthy();
    expect(breakfast.cells[1].recorded).toBeNull();
    expect(c.rows[1].cells.every((x: { recorded: unknown }) => x.recorded === null)).toBe(true);
  });

  it('shows the pet, phones, warnings, vaccinations with their due dates (overdue marked) and incidents', async () => {
    at('08:00');
    const s = await stay('Mithu');
    // A stand-in for the report-cards module's incidents, given back after the test (files share loaded modules).
    onTestFinished(
      registerRunCardIncidents(async (_db, id) =>
        id === s.boardingId ? [{ at: '2026-11-28T04:00:00.000Z', kind: 'injury', summary: 'Scratched paw' }] : [],
      ),
    );
    const c = await card(s.boardingId);
    expect(c.pet).toMatchObject({ name: 'Mithu', breed: 'Labrador', sex: 'Female', age: '3 years', photo: null });
    expect(c.owner).toEqual({ name: 'Meera Rao', phone: s.ownerPhone });
    expect(c.emergencyContact).toEqual({ name: 'Asha', phone: '9812345678' });
    expect(c.warnings).toEqual([{ kind: 'allergy', text: 'Chicken' }]);
    expect(c.vaccinations).toEqual([
      { name: 'Rabies', givenOn: '2025-11-01', nextDue: '2026-11-20', status: 'overdue' },
      { name: 'DHPP', givenOn: '2026-06-01', nextDue: '2027-06-01', status: 'ok' },
    ]);
    expect(c.incidents).toEqual([{ at: '2026-11-28T04:00:00.000Z', kind: 'injury', summary: 'Scratched paw' }]);
    expect(c.closed).toBe(false);
  });

  it('a pet staying past its expected exit has columns up to today; a closed stay is still readable, up to its exit', async () => {
    at('08:00');
    const s = await stay('Leo', 2);
    at('09:00', '2026-12-01');
    expect((await card(s.boardingId)).days).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    const quote = await k.deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 999999 } });
    const due = quote.json().due as number;
    const out = await k.deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: due } });
    expect(out.statusCode, out.body).toBe(200);
    at('09:00', '2026-12-05');
    const c = await card(s.boardingId);
    expect(c.closed).toBe(true);
    expect(c.stay.exitTime).not.toBeNull();
    expect(c.days.at(-1)).toBe('2026-12-01');
    expect((await pdfOf(`/care/stays/${s.boardingId}/runcard.pdf`)).text).toContain('Stay closed');
  });

  it('an unknown stay is a 404, a bad id or format a 400', async () => {
    const unknown = await call('GET', '/care/stays/aaaaaaaaaaaaaaaaaaaaaaaa/runcard');
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/care/stays/aaaaaaaaaaaaaaaaaaaaaaaa/runcard.pdf')).statusCode).toBe(404);
    expect((await call('GET', '/care/stays/nope/runcard')).statusCode).toBe(400);
    const s = await stay('Format');
    const bad = await call('GET', `/care/stays/${s.boardingId}/runcard.pdf?format=a3`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format is a4 or kennel');
  });
});

describe('the run card PDF', () => {
  it('A4: a PDF of one page naming the pet, the warnings and the grid’s first task', async () => {
    at('08:00');
    const s = await stay('Tiger');
    const { text, pages, res } = await pdfOf(`/care/stays/${s.boardingId}/runcard.pdf`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="run-card-tiger-${DAY}.pdf"`);
    expect(pages).toBe(1);
    expect(text).toContain('Tiger');
    expect(text).toContain('Royal Canin 200 g');
    expect(text).toContain('WARNINGS');
    expect(text).toContain('Allergy: Chicken');
    expect(text).toContain('Emergency: Asha · 9812345678');
    expect(text).toContain('Rabies: due 20 Nov 2026 (Overdue)');
    expect(text).toContain('28 Nov');
    expect(text).toContain('30 Nov');
  });

  it('A4: a stay of 20 days continues its grid on a second page (14 day columns a page)', async () => {
    at('08:00');
    const s = await stay('Marathon', 20);
    const { text, pages } = await pdfOf(`/care/stays/${s.boardingId}/runcard.pdf?format=a4`);
    expect(pages).toBe(2);
    expect(text).toContain('Marathon: run card (continued)');
    expect(text).toContain('17 Dec');
  });

  it('kennel: an A6 page with the essentials and today’s and tomorrow’s tasks', async () => {
    at('08:00');
    const s = await stay('Kenny');
    const { text, pages, bytes } = await pdfOf(`/care/stays/${s.boardingId}/runcard.pdf?format=kennel`);
    expect(pages).toBe(1);
    // A6 is 297.64 × 419.53 points.
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(bytes.toString('latin1'));
    expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([298, 420]);
    expect(text).toContain('Kenny');
    expect(text).toContain('Allergy: Chicken');
    expect(text).toContain('Today');
    expect(text).toContain('29 Nov');
    expect(text).toContain('Morning: Royal Canin 200 g');
    expect(text).not.toContain('Rabies');
  });

  it('embeds the pet’s photo', async () => {
    at('08:00');
    const s = await stay('Photo');
    const photo = await storeImage(db(), await jpeg(300, 300), {
      scope: `pet:${s.pet.id}`,
      ownerId: s.pet.ownerId,
      userId: staff.id,
    });
    await db().update(pets).set({ photoHash: photo.hash }).where(eq(pets.id, s.pet.id));
    expect((await card(s.boardingId)).pet.photo).toEqual(photo);
    const { bytes } = await pdfOf(`/care/stays/${s.boardingId}/runcard.pdf`);
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
  });
});

describe('today’s run cards', () => {
  it('one card per pet in house, one page each in the PDF (more for a long stay)', async () => {
    at('08:00');
    await stay('Alpha');
    await stay('Beta');
    const all = (await call('GET', '/care/runcards')).json();
    expect(all.day).toBe(DAY);
    const names = all.cards.map((c: { pet: { name: string } }) => c.pet.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['Alpha', 'Beta']));
    expect(all.cards.every((c: { closed: boolean }) => !c.closed)).toBe(true);
    const expectedPages = all.cards.reduce((n: number, c: { days: string[] }) => n + Math.ceil(c.days.length / 14), 0);
    const { pages, text, res } = await pdfOf('/care/runcards.pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="run-cards-${DAY}.pdf"`);
    expect(pages).toBe(expectedPages);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const n of names) expect(text).toContain(n);
    const kennel = await pdfOf('/care/runcards.pdf?format=kennel');
    expect(kennel.pages).toBe(all.cards.length);
  });
});

describe('permissions', () => {
  it('customers get a 403 and anonymous a 401 on every run card route', async () => {
    at('08:00');
    const s = await stay('Secret');
    for (const url of [
      `/care/stays/${s.boardingId}/runcard`,
      `/care/stays/${s.boardingId}/runcard.pdf`,
      '/care/runcards',
      '/care/runcards.pdf',
    ]) {
      expect((await call('GET', url, undefined, customer.token)).statusCode, url).toBe(403);
      expect((await t.call({ method: 'GET', url: `/api/v1${url}` })).statusCode, url).toBe(401);
    }
  });
});
