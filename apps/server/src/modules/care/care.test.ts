import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { careTasks, inventoryItems, payments, staffNotifications, visits } from '../../db/schema/index.ts';
import { DAY, EVENING, MORNING, NOON, useCareTest } from '../../../test/care-kit.ts';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';
import { useTestUser } from '../../../test/harness.ts';
import { careDaySummary } from './care-ports.service.ts';

/** Care instructions, stay plans, the care board and its tasks (issue 20), on the test clock. */
const k = useCareTest();
const { t, call, at, instructions, setInstructions, stayWithPlan, record, staff, customer, db } = k;
const otherStaff = useTestUser(t, 'staff');

afterEach(() => t.clock.set(null));

describe('standing instructions', () => {
  it('saves meals, doses, other tasks, warnings and the emergency contact, and reads them back', async () => {
    const p = await k.pet();
    const saved = await setInstructions(p.id);
    expect(saved.message).toBe('Care instructions saved');
    const got = (await call('GET', `/care/pets/${p.id}`)).json();
    expect(got.items.map((i: { label: string }) => i.label)).toEqual(['Royal Canin 200 g', 'Meloxicam 0.5 ml (oral)', 'Walk']);
    expect(got.warnings).toEqual([{ kind: 'allergy', text: 'Chicken' }]);
    expect(got.emergencyContact).toEqual({ name: 'Asha', phone: '9812345678' });
    expect(got.slots.map((s: { name: string }) => s.name)).toEqual(['Morning', 'Noon', 'Evening']);
  });

  it.each([
    ['a zero amount', { amount: 0 }, 'items.0.amount', 'The amount must be more than 0'],
    ['a negative amount', { amount: -5 }, 'items.0.amount', 'The amount must be more than 0'],
    ['an absurd amount', { amount: 20_000 }, 'items.0.amount', 'The amount must be at most 10,000'],
    ['control characters', { instructions: 'half\u0007' }, 'items.0.instructions', 'Must not contain control characters'],
    ['text over 500', { instructions: 'x'.repeat(501) }, 'items.0.instructions', 'At most 500 characters'],
    ['an unknown unit', { unit: 'bucket' }, 'items.0.unit', 'Choose the unit'],
    ['no slot and no time', { slotIds: [] }, 'items.0.slotIds', 'Choose a slot or an exact time'],
    ['a bad time', { slotIds: [], atTime: '25:00' }, 'items.0.atTime', 'Enter a time as HH:MM (24-hour)'],
  ])('refuses a meal with %s (400)', async (_, patch, field, message) => {
    const p = await k.pet();
    const body = instructions();
    body.items[0] = { ...body.items[0]!, ...patch } as (typeof body.items)[0];
    const res = await call('PUT', `/care/pets/${p.id}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a dose ending before it starts, an absurd dose, and a slot that does not exist', async () => {
    const p = await k.pet();
    const dose = (patch: object) => {
      const body = instructions();
      body.items[1] = { ...body.items[1]!, ...patch } as (typeof body.items)[1];
      return call('PUT', `/care/pets/${p.id}`, body);
    };
    const early = await dose({ startDate: '2026-11-10', endDate: '2026-11-09' });
    expect(early.json().errors['items.1.endDate']).toBe('The end date cannot be before the start date');
    expect((await dose({ amount: 10_000.5 })).statusCode).toBe(400);
    const ghost = await dose({ slotIds: ['aaaaaaaaaaaaaaaaaaaaaaaa'] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors['items.1.slotIds']).toBe('This slot no longer exists; choose another');
    const warning = await call('PUT', `/care/pets/${p.id}`, {
      ...instructions(),
      warnings: [{ kind: 'allergy', text: 'a\u0000' }],
    });
    expect(warning.statusCode).toBe(400);
    // Nothing was written by the refused saves.
    expect((await call('GET', `/care/pets/${p.id}`)).json().items).toEqual([]);
  });

  it('a dose from stock is counted in the item’s unit and in whole units', async () => {
    const p = await k.pet();
    const item = await makeItem(db(), { stockUnit: 'tablet' });
    const stockDose = (patch: object) =>
      call(
        'PUT',
        `/care/pets/${p.id}`,
        instructions([
          {
            kind: 'dose',
            name: 'Apoquel',
            slotIds: [MORNING],
            unit: 'tablet',
            amount: 1,
            route: 'oral',
            startDate: DAY,
            inventoryItemId: item.id,
            ...patch,
          },
        ]),
      );
    expect((await stockDose({ unit: 'mg' })).json().errors['items.3.unit']).toContain('(tablet)');
    expect((await stockDose({ amount: 0.5 })).json().errors['items.3.amount']).toBe(
      'A dose from stock must be a whole number of the item’s unit',
    );
    const ok = await stockDose({});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items[3].inventoryItemName).toBe(item.itemName);
  });

  it('an owner reads their own pet’s instructions; another owner and customers on staff routes are refused', async () => {
    const owner = await makeOwner(db(), { userId: customer.id });
    const p = await makePet(db(), { ownerId: owner.id });
    await setInstructions(p.id);
    const mine = await call('GET', `/care/pets/${p.id}`, undefined, customer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().warnings).toEqual([{ kind: 'allergy', text: 'Chicken' }]);
    const other = await k.pet();
    expect((await call('GET', `/care/pets/${other.id}`, undefined, customer.token)).statusCode).toBe(403);
    expect((await call('PUT', `/care/pets/${p.id}`, instructions(), customer.token)).statusCode).toBe(403);
    expect((await call('GET', '/care/board', undefined, customer.token)).statusCode).toBe(403);
  });
});

describe('care warnings on every pet read', () => {
  it('Pet Records (list, search, details), Deboard Pets and the customer’s pets carry careWarnings', async () => {
    at('08:00');
    const cust = await t.user('customer');
    const owner = await makeOwner(db(), { userId: cust.id });
    const p = await makePet(db(), { ownerId: owner.id, name: 'Warny' });
    await setInstructions(
      p.id,
      instructions([], {
        warnings: [
          { kind: 'escape_risk', text: 'Jumps fences' },
          { kind: 'aggression', text: 'Not with cats' },
        ],
      }),
    );
    const expected = [
      { kind: 'escape_risk', text: 'Jumps fences' },
      { kind: 'aggression', text: 'Not with cats' },
    ];
    const details = (await call('GET', `/pet/getpetdetails/${p.id}`)).json();
    expect(details.pet.careWarnings).toEqual(expected);
    const list = (await call('GET', '/pet/getallpets?limit=50')).json();
    expect(list.list.find((x: { _id: string }) => x._id === p.id).careWarnings).toEqual(expected);
    expect(list.list.every((x: { careWarnings: unknown }) => Array.isArray(x.careWarnings))).toBe(true);
    const search = (await call('GET', '/pet/getfilteredpetsbynameandphone?name=Warny&limit=10')).json();
    expect(search.list[0].careWarnings).toEqual(expected);
    const s = await k.board('hostel', { days: 1 }, p.id);
    const boarded = (await call('GET', `/pet/getboardedpetslist?type=${k.types.hostel!.id}&limit=50`)).json();
    expect(boarded.boardedPetList.find((r: { _id: string }) => r._id === s.boardingId).petId.careWarnings).toEqual(expected);
    const mine = (await call('POST', '/customer/pet/getallpets', {}, cust.token)).json();
    expect(mine.pets[0].careWarnings).toEqual(expected);
  });
});

describe('the stay’s plan', () => {
  it('starting a stay of every boarding type copies the pet’s instructions into its plan', async () => {
    at('08:00');
    for (const kind of ['hostel', 'day_care', 'dog_park'] as const) {
      const p = await k.pet();
      await setInstructions(p.id);
      const s = await k.board(kind, { days: 1 }, p.id);
      const plan = (await call('GET', `/care/stays/${s.boardingId}/plan`)).json();
      expect(
        plan.items.map((i: { label: string }) => i.label),
        kind,
      ).toEqual(['Royal Canin 200 g', 'Meloxicam 0.5 ml (oral)', 'Walk']);
      expect(plan.closed).toBe(false);
    }
    const { petId, sub } = await k.subscribed('day_school');
    await setInstructions(petId);
    const school = await k.board('day_school', { planId: sub.planId }, petId);
    expect((await call('GET', `/care/stays/${school.boardingId}/plan`)).json().items).toHaveLength(3);
  });

  it('editing the plan does not touch the pet; save-back makes the plan the pet’s instructions', async () => {
    at('08:00');
    const s = await stayWithPlan();
    const items = s.plan.items.map((i: { _id: string; kind: string }) => (i.kind === 'meal' ? { ...i, amount: 150 } : i));
    const edited = await call('PUT', `/care/stays/${s.boardingId}/plan`, {
      items: [
        ...items.filter((i: { kind: string }) => i.kind !== 'other'),
        { kind: 'other', name: 'Brushing', slotIds: [EVENING] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().items.map((i: { label: string }) => i.label)).toEqual([
      'Royal Canin 150 g',
      'Meloxicam 0.5 ml (oral)',
      'Brushing',
    ]);
    const pet = (await call('GET', `/care/pets/${s.petId}`)).json();
    expect(pet.items.map((i: { label: string }) => i.label)).toEqual(['Royal Canin 200 g', 'Meloxicam 0.5 ml (oral)', 'Walk']);

    const back = await call('POST', `/care/stays/${s.boardingId}/plan/save-to-pet`);
    expect(back.statusCode, back.body).toBe(200);
    const after = (await call('GET', `/care/pets/${s.petId}`)).json();
    expect(after.items.map((i: { label: string }) => i.label)).toEqual([
      'Royal Canin 150 g',
      'Meloxicam 0.5 ml (oral)',
      'Brushing',
    ]);
    // The meal kept its identity (updated in place), the walk is gone.
    expect(after.items[0]._id).toBe(pet.items[0]._id);
  });

  it('a closed stay’s plan cannot change, nor be recorded on (409)', async () => {
    at('08:00');
    const s = await stayWithPlan();
    await record({ boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'ate_all' });
    const out = await k.deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 0 } });
    expect(out.statusCode, out.body).toBe(200);
    const edit = await call('PUT', `/care/stays/${s.boardingId}/plan`, { items: [] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This stay has ended: its care plan can no longer change');
    const rec = await record({ boardingId: s.boardingId, itemId: s.dose._id, slotKey: MORNING, feedback: 'given' });
    expect(rec.statusCode).toBe(409);
    expect((await call('GET', `/care/stays/${s.boardingId}/plan`)).json().closed).toBe(true);
  });
});

describe('recording tasks', () => {
  it('records a meal once; the second record of the same item, day and slot is a 409', async () => {
    at('08:00');
    const s = await stayWithPlan();
    const body = { boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'ate_all', note: 'Quick' };
    const first = await record(body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().task).toMatchObject({
      feedback: 'ate_all',
      note: 'Quick',
      slotName: 'Morning',
      day: DAY,
      label: 'Royal Canin 200 g',
    });
    expect(first.json().task.doneBy._id).toBe(staff.id);
    const again = await record({ ...body, feedback: 'most' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This task was already recorded');
  });

  it.each([
    ['feedback of another kind', { feedback: 'given' }, 400],
    ['a slot the item is not in', { slotKey: NOON }, 400],
    ['an exact time the item is not at', { slotKey: '@08:00' }, 400],
    ['control characters in the note', { note: 'ok\u001b' }, 400],
    ['a note over 500', { note: 'x'.repeat(501) }, 400],
    ['an unknown stay', { boardingId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }, 404],
  ])('refuses %s', async (_, patch, status) => {
    at('08:00');
    const s = await stayWithPlan();
    const res = await record({ boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'ate_all', ...patch });
    expect(res.statusCode, res.body).toBe(status);
  });

  it('a task of another stay’s plan (a pet not in house) is refused', async () => {
    at('08:00');
    const a = await stayWithPlan();
    const b = await stayWithPlan();
    const res = await record({ boardingId: b.boardingId, itemId: a.meal._id, slotKey: MORNING, feedback: 'ate_all' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This task is not in the stay’s plan today');
  });

  it('a dose outside its start and end dates is not due', async () => {
    at('08:00');
    const s = await stayWithPlan(
      instructions([], {
        items: [
          { kind: 'dose', name: 'Later', slotIds: [MORNING], amount: 1, unit: 'tablet', route: 'oral', startDate: '2026-11-29' },
        ],
      }),
    );
    const dose = s.plan.items[0];
    expect((await record({ boardingId: s.boardingId, itemId: dose._id, slotKey: MORNING, feedback: 'given' })).statusCode).toBe(
      400,
    );
    at('08:00', '2026-11-29');
    expect((await record({ boardingId: s.boardingId, itemId: dose._id, slotKey: MORNING, feedback: 'given' })).statusCode).toBe(
      201,
    );
  });

  it('undo: by the same person within 10 minutes; anyone else 403; later 409', async () => {
    at('08:00');
    const s = await stayWithPlan();
    const body = { boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'some' };
    const id = (await record(body)).json().task._id;
    expect((await call('DELETE', `/care/tasks/${id}`, undefined, otherStaff.token)).statusCode).toBe(403);
    at('08:10');
    const undone = await call('DELETE', `/care/tasks/${id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    // Undone, it can be recorded again; 10 minutes and a second later it stays.
    const id2 = (await record(body)).json().task._id;
    at('08:20');
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    const late = await call('DELETE', `/care/tasks/${id2}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A task can be undone only within 10 minutes');
    expect((await call('DELETE', '/care/tasks/cccccccccccccccccccccccc')).statusCode).toBe(404);
  });

  it('a dose refused or not given raises a staff notification; given does not', async () => {
    at('08:00');
    const s = await stayWithPlan();
    await record({ boardingId: s.boardingId, itemId: s.dose._id, slotKey: MORNING, feedback: 'refused', note: 'Spat it out' });
    await record({ boardingId: s.boardingId, itemId: s.dose._id, slotKey: EVENING, feedback: 'given' });
    const rows = (await db().select().from(staffNotifications).where(eq(staffNotifications.kind, 'care_dose_missed'))).filter(
      (n) => n.refs.boardingId === s.boardingId,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe('Bruno: Meloxicam 0.5 ml (oral) refused');
    expect(rows[0]!.body).toContain('Spat it out');
  });
});

describe('lateness on the board', () => {
  const boardTasks = async (boardingId: string) => {
    const b = (await call('GET', '/care/board')).json();
    return b.pets.find((p: { boardingId: string }) => p.boardingId === boardingId).tasks as {
      kind: string;
      slotName: string;
      late: boolean;
      task: unknown;
    }[];
  };

  it('a task is late from the end of its slot until it is recorded', async () => {
    at('08:00');
    const s = await stayWithPlan();
    at('10:59');
    expect((await boardTasks(s.boardingId)).filter((x) => x.late)).toEqual([]);
    at('11:00');
    const late = (await boardTasks(s.boardingId)).filter((x) => x.late);
    expect(late.map((x) => `${x.slotName} ${x.kind}`)).toEqual(['Morning meal', 'Morning dose']);
    await record({ boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'a_little' });
    const after = await boardTasks(s.boardingId);
    expect(after.filter((x) => x.late).map((x) => x.kind)).toEqual(['dose']);
    expect(after.find((x) => x.kind === 'meal')!.task).toMatchObject({ feedback: 'a_little' });
  });

  it('a meal at an exact time sits in the slot it falls in, or is late an hour after it', async () => {
    at('06:00');
    const s = await stayWithPlan(
      instructions([], {
        items: [
          { kind: 'meal', name: 'Kibble', atTime: '09:30', amount: 1, unit: 'cups', source: 'house' },
          { kind: 'meal', name: 'Late snack', atTime: '21:00', amount: 2, unit: 'pieces', source: 'house' },
        ],
      }),
    );
    const tasks = await boardTasks(s.boardingId);
    expect(tasks.map((x) => x.slotName)).toEqual(['Morning', '21:00']);
    at('21:59');
    expect((await boardTasks(s.boardingId)).map((x) => x.late)).toEqual([true, false]);
    at('22:00');
    expect((await boardTasks(s.boardingId)).map((x) => x.late)).toEqual([true, true]);
  });
});

describe('the care board', () => {
  it('lists every pet in house with today’s tasks by slot, warnings, and filters', async () => {
    at('08:00');
    const a = await stayWithPlan();
    const { petId, sub } = await k.subscribed('play_school');
    await setInstructions(petId);
    const school = await k.board('play_school', { planId: sub.planId }, petId);
    await record({ boardingId: a.boardingId, itemId: a.meal._id, slotKey: MORNING, feedback: 'ate_all' });

    const all = (await call('GET', '/care/board')).json();
    const pa = all.pets.find((p: { boardingId: string }) => p.boardingId === a.boardingId);
    expect(pa.careWarnings).toEqual([{ kind: 'allergy', text: 'Chicken' }]);
    expect(pa.reportCardDone).toBe(false);
    expect(pa.tasks.map((x: { slotName: string; kind: string }) => `${x.slotName} ${x.kind}`)).toEqual([
      'Morning meal',
      'Morning dose',
      'Noon other',
      'Evening dose',
    ]);
    expect(all.pets.some((p: { boardingId: string }) => p.boardingId === school.boardingId)).toBe(true);

    const hostelType = k.types.hostel!.id;
    const hostelOnly = (await call('GET', `/care/board?boardingType=${hostelType}`)).json();
    expect(hostelOnly.pets.every((p: { boardingType: { _id: string } }) => p.boardingType._id === hostelType)).toBe(true);

    const todoMorning = (await call('GET', `/care/board?slot=${MORNING}&todo=true`)).json();
    const ta = todoMorning.pets.find((p: { boardingId: string }) => p.boardingId === a.boardingId);
    expect(ta.tasks.map((x: { kind: string }) => x.kind)).toEqual(['dose']);
    expect((await call('GET', '/care/board?todo=maybe')).statusCode).toBe(400);
  });
});

describe('a house dose from stock', () => {
  it('given: takes the stock once and charges it to the stay’s bill in the same transaction; refused takes nothing', async () => {
    at('08:00');
    const item = await makeItem(db(), { stockUnit: 'tablet', stock: 10, unitMaxRetailCustomerPaise: 4500 });
    const s = await stayWithPlan(
      instructions([], {
        items: [
          {
            kind: 'dose',
            name: 'Apoquel',
            slotIds: [MORNING, EVENING],
            amount: 2,
            unit: 'tablet',
            route: 'oral',
            startDate: DAY,
            inventoryItemId: item.id,
          },
        ],
      }),
    );
    const dose = s.plan.items[0];
    const given = await record({ boardingId: s.boardingId, itemId: dose._id, slotKey: MORNING, feedback: 'given' });
    expect(given.statusCode, given.body).toBe(201);
    const visitId = given.json().task.chargeVisitId;
    expect(visitId).toMatch(/^[0-9a-f]{24}$/);
    const [stock] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(stock!.stock).toBe(8);
    const [visit] = await db().select().from(visits).where(eq(visits.id, visitId));
    expect(visit!.stayBoardingId).toBe(s.boardingId);
    const charges = await db().select().from(payments).where(eq(payments.visitId, visitId));
    expect(charges.map((c) => [c.kind, c.amountPaise])).toEqual([['charge', 9000]]);
    // Recorded twice: refused, and nothing more is taken or charged.
    expect((await record({ boardingId: s.boardingId, itemId: dose._id, slotKey: MORNING, feedback: 'given' })).statusCode).toBe(
      409,
    );
    const [still] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(still!.stock).toBe(8);
    // A refused dose takes nothing.
    const refused = await record({ boardingId: s.boardingId, itemId: dose._id, slotKey: EVENING, feedback: 'refused' });
    expect(refused.json().task.chargeVisitId).toBeNull();
    const [same] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(same!.stock).toBe(8);
    // Undo of a charged dose is refused (its sale is voided instead).
    const undo = await call('DELETE', `/care/tasks/${given.json().task._id}`);
    expect(undo.statusCode).toBe(409);
  });

  it('beyond the stock: 409 and nothing recorded', async () => {
    at('08:00');
    const item = await makeItem(db(), { stockUnit: 'tablet', stock: 1 });
    const s = await stayWithPlan(
      instructions([], {
        items: [
          {
            kind: 'dose',
            name: 'Apoquel',
            slotIds: [MORNING],
            amount: 2,
            unit: 'tablet',
            route: 'oral',
            startDate: DAY,
            inventoryItemId: item.id,
          },
        ],
      }),
    );
    const res = await record({ boardingId: s.boardingId, itemId: s.plan.items[0]._id, slotKey: MORNING, feedback: 'given' });
    expect(res.statusCode, res.body).toBe(409);
    expect(await db().select().from(careTasks).where(eq(careTasks.boardingId, s.boardingId))).toEqual([]);
  });
});

describe('the care log and the day summary', () => {
  it('the log lists the recorded tasks; the summary tells the day for the report card', async () => {
    at('08:00');
    const s = await stayWithPlan();
    await record({ boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'ate_all' });
    at('08:10');
    await record({ boardingId: s.boardingId, itemId: s.dose._id, slotKey: MORNING, feedback: 'given' });
    const log = (await call('GET', `/care/stays/${s.boardingId}/log?from=${DAY}&to=${DAY}`)).json();
    expect(log.tasks.map((x: { feedback: string }) => x.feedback)).toEqual(['ate_all', 'given']);
    expect((await call('GET', `/care/stays/${s.boardingId}/log?from=${DAY}&to=2026-11-01`)).statusCode).toBe(400);
    const sum = await careDaySummary(db(), s.boardingId, DAY);
    expect(sum.text).toBe('Morning: ate all of Royal Canin 200 g. Meloxicam 0.5 ml (oral) given at 08:10.');
    expect(sum.entries.map((e) => e.feedback)).toEqual(['ate all', 'given', null, null]);
  });
});

describe('care slots', () => {
  const slots = (list: { _id?: string; name: string; start: string; end: string }[], token?: string) =>
    call('PUT', '/care/slots', { slots: list }, token);
  const DEFAULTS = [
    { _id: MORNING, name: 'Morning', start: '07:00', end: '11:00' },
    { _id: NOON, name: 'Noon', start: '11:00', end: '15:00' },
    { _id: EVENING, name: 'Evening', start: '15:00', end: '20:00' },
  ];

  it('admins edit them; overlaps, reversed times and duplicate names are 400; a slot in use cannot go (409)', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    expect((await slots(DEFAULTS)).statusCode).toBe(403);
    const overlap = await slots([DEFAULTS[0]!, { ...DEFAULTS[1]!, start: '10:30' }], admin.token);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors['slots.1.start']).toBe('Overlaps Morning');
    const reversed = await slots([{ name: 'Night', start: '22:00', end: '21:00' }], admin.token);
    expect(reversed.json().errors['slots.0.end']).toBe('The start must be before the end');
    const dup = await slots([DEFAULTS[0]!, { name: ' morning ', start: '12:00', end: '13:00' }], admin.token);
    expect(dup.json().errors['slots.1.name']).toBe('Another slot has this name');

    const p = await k.pet();
    await setInstructions(p.id);
    const drop = await slots([DEFAULTS[0]!, DEFAULTS[2]!], admin.token);
    expect(drop.statusCode).toBe(409);
    expect(drop.json().message).toContain('Noon is used');

    const renamed = await slots(
      [
        { ...DEFAULTS[0]!, name: 'Breakfast', end: '10:00' },
        DEFAULTS[1]!,
        DEFAULTS[2]!,
        { name: 'Night', start: '20:00', end: '24:00' },
      ],
      admin.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().slots.map((s: { name: string; end: string }) => `${s.name} ${s.end}`)).toEqual([
      'Breakfast 10:00',
      'Noon 15:00',
      'Evening 20:00',
      'Night 24:00',
    ]);
    const restored = await slots(DEFAULTS, admin.token);
    expect(restored.statusCode).toBe(200);
  });
});
