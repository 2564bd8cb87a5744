import { z } from 'zod';
import { photoSchema } from '../media/schemas.ts';
import { dateSchema, idSchema, isPlainObject, optionalText, requiredString, text, whenObject } from '../common.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { minutesOf } from '../stays/counting.ts';
import { hhmmOf, SLOT_MESSAGES, slotTableIssues } from './slots.rules.ts';

/**
 * Care during a stay (issue 20): a pet's standing instructions, a stay's care plan, the care slots and the care
 * board. docs/api.md "Care".
 */

export const CARE_KINDS = ['meal', 'dose', 'other'] as const;
export type CareKind = (typeof CARE_KINDS)[number];

export const MEAL_UNITS = ['g', 'kg', 'cups', 'pieces', 'ml', 'scoops', 'cans', 'tbsp'] as const;
export const DOSE_UNITS = ['mg', 'ml', 'tablet', 'capsule', 'drops', 'puffs', 'units', 'g', 'item'] as const;
export const DOSE_ROUTES = ['oral', 'topical', 'eye', 'ear', 'injection', 'inhaled', 'other'] as const;
export const FOOD_SOURCES = ['owner', 'house'] as const;
export const FOOD_SOURCE_LABEL: Record<(typeof FOOD_SOURCES)[number], string> = {
  owner: "Owner's food",
  house: 'House food',
};

export const WARNING_KINDS = ['allergy', 'aggression', 'escape_risk', 'special_needs'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];
export const WARNING_LABEL: Record<WarningKind, string> = {
  allergy: 'Allergy',
  aggression: 'Aggression',
  escape_risk: 'Escape risk',
  special_needs: 'Special needs',
};

/** The feedback a task is recorded with, by kind (the board's short lists). */
export const FEEDBACK = {
  meal: ['ate_all', 'most', 'some', 'a_little', 'refused'],
  dose: ['given', 'refused', 'vomited', 'not_given'],
  other: ['done', 'skipped'],
} as const satisfies Record<CareKind, readonly string[]>;
export const ALL_FEEDBACK = [...new Set(Object.values(FEEDBACK).flat())] as [string, ...string[]];
export type CareFeedback = (typeof FEEDBACK)[CareKind][number];
export const FEEDBACK_LABEL: Record<string, string> = {
  ate_all: 'Ate all',
  most: 'Most',
  some: 'Some',
  a_little: 'A little',
  refused: 'Refused',
  given: 'Given',
  vomited: 'Vomited',
  not_given: 'Not given',
  done: 'Done',
  skipped: 'Skipped',
};
/** A dose recorded with one of these raises a staff notification. */
export const ALERT_DOSE_FEEDBACK: readonly string[] = ['refused', 'not_given'];
/** A house dose recorded with one of these was given: it takes stock and is charged. */
export const DOSE_GIVEN_FEEDBACK: readonly string[] = ['given', 'vomited'];

/** Sane amounts: a dose or a meal is more than 0 and at most 10,000 of its unit. */
export const MAX_CARE_AMOUNT = 10_000;
export const MAX_CARE_TEXT = 500;
export const MAX_CARE_ITEMS = 40;
export const MAX_WARNINGS = 12;

export const CARE_MESSAGES = {
  nameRequired: (kind: CareKind) =>
    kind === 'meal' ? 'Enter the food' : kind === 'dose' ? 'Enter the medicine' : 'Enter the task',
  amountRequired: 'Enter the amount',
  amountPositive: 'The amount must be more than 0',
  amountMax: `The amount must be at most ${MAX_CARE_AMOUNT.toLocaleString('en-IN')}`,
  amountDecimals: 'The amount can have at most two decimals',
  unitRequired: 'Choose the unit',
  slotOrTime: 'Choose a slot or an exact time',
  slotOrTimeNotBoth: 'Choose a slot or an exact time, not both',
  oneSlot: 'Choose one slot',
  slotsRequired: 'Choose at least one time of day',
  routeRequired: 'Choose the route',
  startRequired: 'Enter the start date',
  endBeforeStart: 'The end date cannot be before the start date',
  timeFormat: 'Enter a time as HH:MM (24-hour)',
  textTooLong: `At most ${MAX_CARE_TEXT} characters`,
  tooManyItems: `At most ${MAX_CARE_ITEMS} items`,
  tooManyWarnings: `At most ${MAX_WARNINGS} warnings`,
  warningText: 'Describe the warning',
  phoneInvalid: 'Phone must be 10 digits',
  unknownSlot: 'This slot no longer exists; choose another',
  unknownItem: 'Choose an inventory item',
  stockUnit: (unit: string) => `A dose from stock is counted in the item's unit (${unit}); use that unit`,
  wholeStock: 'A dose from stock must be a whole number of the item’s unit',
  instructionsSaved: 'Care instructions saved',
  planSaved: 'Care plan saved',
  savedToPet: "Saved to the pet's standing instructions",
  slotsSaved: 'Care slots saved',
  stayClosed: 'This stay has ended: its care plan can no longer change',
  stayClosedRecord: 'This stay has ended: tasks can no longer be recorded',
  notInHouse: (pet: string) => `${pet} is not in house`,
  notPlanned: 'This task is not in the stay’s plan today',
  recordedTwice: 'This task was already recorded',
  recorded: 'Recorded',
  undone: 'Undone',
  undoNotYours: 'Only the person who recorded a task can undo it',
  undoTooLate: 'A task can be undone only within 10 minutes',
  undoCharged: "This dose was taken from stock and charged to the stay's bill: an admin voids its sale in Visit History",
  feedbackKind: (kind: CareKind) => `Choose one of: ${FEEDBACK[kind].map((f) => FEEDBACK_LABEL[f]).join(', ')}`,
  slotInUse: (name: string) => `${name} is used by care instructions or plans; move them to another slot first`,
} as const;

const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = text({ error: CARE_MESSAGES.timeFormat }).regex(HHMM_RE, CARE_MESSAGES.timeFormat);
/** A slot's end: `HH:MM` or `24:00` (the end of the day). */
const slotEnd = text({ error: CARE_MESSAGES.timeFormat }).refine(
  (s) => s === '24:00' || HHMM_RE.test(s),
  CARE_MESSAGES.timeFormat,
);

const careText = (max = MAX_CARE_TEXT) => optionalText(max, CARE_MESSAGES.textTooLong, { multiline: true });

/** An amount: more than 0, at most 10,000, two decimals. */
const careAmount = z
  .number({ error: CARE_MESSAGES.amountRequired })
  .gt(0, CARE_MESSAGES.amountPositive)
  .max(MAX_CARE_AMOUNT, CARE_MESSAGES.amountMax)
  .refine(hasAtMostTwoDecimals, CARE_MESSAGES.amountDecimals);

const slotIds = z.array(idSchema, { error: CARE_MESSAGES.slotsRequired }).max(12, 'At most 12 slots').default([]);

/** One item of a pet's instructions or a stay's plan, as a form sends it (`_id` keeps an existing one). */
export const careItemInput = z
  .object({
    _id: idSchema.optional(),
    kind: z.enum(CARE_KINDS, { error: 'Choose meal, dose or other' }),
    name: text({ error: 'Enter a name' }).trim().max(200, 'At most 200 characters'),
    slotIds,
    atTime: hhmm.nullish().transform((v) => v ?? null),
    amount: careAmount.nullish().transform((v) => v ?? null),
    unit: text()
      .trim()
      .max(16)
      .nullish()
      .transform((v) => v || null),
    source: z
      .enum(FOOD_SOURCES, { error: "Choose owner's food or house food" })
      .nullish()
      .transform((v) => v ?? null),
    route: z
      .enum(DOSE_ROUTES, { error: 'Choose the route' })
      .nullish()
      .transform((v) => v ?? null),
    startDate: dateSchema.nullish().transform((v) => v ?? null),
    endDate: dateSchema.nullish().transform((v) => v ?? null),
    inventoryItemId: idSchema.nullish().transform((v) => v ?? null),
    instructions: careText(),
  })
  .superRefine((i, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const kind = i.kind as CareKind | undefined;
    if (!kind) return;
    if (typeof i.name === 'string' && i.name.trim() === '') issue('name', CARE_MESSAGES.nameRequired(kind));
    const ids = Array.isArray(i.slotIds) ? i.slotIds : [];
    if (new Set(ids).size !== ids.length) issue('slotIds', 'Each slot once');
    if (kind === 'meal') {
      if (ids.length === 0 && !i.atTime) issue('slotIds', CARE_MESSAGES.slotOrTime);
      if (ids.length > 0 && i.atTime) issue('atTime', CARE_MESSAGES.slotOrTimeNotBoth);
      if (ids.length > 1) issue('slotIds', CARE_MESSAGES.oneSlot);
      if (i.amount === null) issue('amount', CARE_MESSAGES.amountRequired);
      if (i.amount !== null && !(MEAL_UNITS as readonly string[]).includes(i.unit ?? ''))
        issue('unit', CARE_MESSAGES.unitRequired);
      if (!i.source) issue('source', "Choose owner's food or house food");
    }
    if (kind === 'dose') {
      if (ids.length === 0) issue('slotIds', CARE_MESSAGES.slotsRequired);
      if (i.atTime) issue('atTime', 'A dose is given in slots');
      if (i.amount === null) issue('amount', CARE_MESSAGES.amountRequired);
      if (!(DOSE_UNITS as readonly string[]).includes(i.unit ?? '')) issue('unit', CARE_MESSAGES.unitRequired);
      if (!i.route) issue('route', CARE_MESSAGES.routeRequired);
      if (!i.startDate) issue('startDate', CARE_MESSAGES.startRequired);
      if (i.startDate && i.endDate && i.endDate < i.startDate) issue('endDate', CARE_MESSAGES.endBeforeStart);
    }
    if (kind === 'other') {
      if (ids.length !== 1) issue('slotIds', CARE_MESSAGES.oneSlot);
      if (i.atTime) issue('atTime', 'Another task is done in a slot');
    }
  }, whenObject)
  .transform((i) => {
    // Only what the kind uses is kept (a form switching kinds may send leftovers).
    const meal = i.kind === 'meal';
    const dose = i.kind === 'dose';
    return {
      ...i,
      atTime: meal ? i.atTime : null,
      amount: meal || dose ? i.amount : null,
      unit: meal || dose ? i.unit : null,
      source: meal ? i.source : null,
      route: dose ? i.route : null,
      startDate: dose ? i.startDate : null,
      endDate: dose ? i.endDate : null,
      inventoryItemId: dose ? i.inventoryItemId : null,
    };
  });
export type CareItemInput = z.input<typeof careItemInput>;
export type CareItemValues = z.output<typeof careItemInput>;

export const careWarningInput = z.object({
  kind: z.enum(WARNING_KINDS, { error: 'Choose the kind of warning' }),
  text: requiredString(CARE_MESSAGES.warningText, MAX_CARE_TEXT, CARE_MESSAGES.textTooLong, { multiline: true }),
});

export const emergencyContactInput = z.object({
  name: optionalText(100),
  phone: text({ error: CARE_MESSAGES.phoneInvalid })
    .trim()
    .regex(/^(\d{10})?$/, CARE_MESSAGES.phoneInvalid)
    .nullish()
    .transform((v) => v || null),
});

const itemsList = z.array(careItemInput, { error: 'Items must be a list' }).max(MAX_CARE_ITEMS, CARE_MESSAGES.tooManyItems);

/** PUT /care/pets/:petId: the pet's standing instructions, whole (items not sent are removed). */
export const petCareBody = z.object({
  items: itemsList,
  warnings: z
    .array(careWarningInput, { error: 'Warnings must be a list' })
    .max(MAX_WARNINGS, CARE_MESSAGES.tooManyWarnings)
    .default([]),
  emergencyContact: emergencyContactInput.nullish().transform((v) => v ?? { name: null, phone: null }),
});
export type PetCareBody = z.input<typeof petCareBody>;

/** PUT /care/stays/:boardingId/plan: the stay's plan, whole. */
export const stayPlanBody = z.object({ items: itemsList });
export type StayPlanBody = z.input<typeof stayPlanBody>;

/* ─────────────── answers ─────────────── */

export const careWarningSchema = z.object({ kind: z.enum(WARNING_KINDS), text: z.string() });
export type CareWarning = z.infer<typeof careWarningSchema>;

export const careItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(CARE_KINDS),
  name: z.string(),
  slotIds: z.array(z.string()),
  atTime: z.string().nullable(),
  amount: z.number().nullable(),
  unit: z.string().nullable(),
  source: z.enum(FOOD_SOURCES).nullable(),
  route: z.enum(DOSE_ROUTES).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  inventoryItemId: z.string().nullable(),
  /** The inventory item's name (a house dose), null otherwise. */
  inventoryItemName: z.string().nullable(),
  instructions: z.string().nullable(),
  /** The short line the board and run card show: "Royal Canin 200 g", "Meloxicam 0.5 ml oral". */
  label: z.string(),
});
export type CareItem = z.infer<typeof careItemSchema>;

export const careSlotSchema = z.object({
  _id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
});
export type CareSlot = z.infer<typeof careSlotSchema>;

export const emergencyContactSchema = z.object({ name: z.string().nullable(), phone: z.string().nullable() });

export const petCareResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  petId: z.string(),
  items: z.array(careItemSchema),
  warnings: z.array(careWarningSchema),
  emergencyContact: emergencyContactSchema,
  slots: z.array(careSlotSchema),
});
export type PetCareResponse = z.infer<typeof petCareResponse>;

export const stayPlanResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  boardingId: z.string(),
  petId: z.string(),
  petName: z.string(),
  /** The stay has ended: the plan is read-only. */
  closed: z.boolean(),
  items: z.array(careItemSchema),
  warnings: z.array(careWarningSchema),
  slots: z.array(careSlotSchema),
});
export type StayPlanResponse = z.infer<typeof stayPlanResponse>;

/* ─────────────── slots ─────────────── */

export const careSlotInput = z.object({
  _id: idSchema.optional(),
  name: requiredString('Enter the slot’s name', 40, 'At most 40 characters'),
  start: hhmm,
  end: slotEnd,
});

const minutesOfEnd = (s: string) => (s === '24:00' ? 1440 : minutesOf(s));

/** PUT /care/slots: the whole table (slots not sent are removed, unless in use). */
export const careSlotsBody = z
  .object({
    slots: z.array(careSlotInput, { error: 'Slots must be a list' }).min(1, SLOT_MESSAGES.atLeastOne).max(12, 'At most 12 slots'),
  })
  .superRefine((b, ctx) => {
    if (!Array.isArray(b.slots) || !b.slots.every((s) => isPlainObject(s))) return;
    const ok = b.slots.every(
      (s) => typeof s.name === 'string' && typeof s.start === 'string' && HHMM_RE.test(s.start) && typeof s.end === 'string',
    );
    if (!ok) return;
    const issues = slotTableIssues(
      b.slots.map((s) => ({ name: s.name, startMinute: minutesOf(s.start), endMinute: minutesOfEnd(s.end) })),
    );
    for (const i of issues) ctx.addIssue({ code: 'custom', path: ['slots', i.index, i.field], message: i.message });
  }, whenObject);
export type CareSlotsBody = z.input<typeof careSlotsBody>;

export const careSlotsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  slots: z.array(careSlotSchema),
});

export const slotMinutes = (s: { start: string; end: string }) => ({
  startMinute: minutesOf(s.start),
  endMinute: minutesOfEnd(s.end),
});
export const slotTimesOf = (startMinute: number, endMinute: number) => ({ start: hhmmOf(startMinute), end: hhmmOf(endMinute) });

/* ─────────────── tasks and the board ─────────────── */

export const recordTaskBody = z.object({
  boardingId: idSchema,
  itemId: idSchema,
  /** The slot's id, or `@HH:MM` for an item at an exact time. */
  slotKey: text({ error: 'Choose the slot' })
    .max(24, 'Invalid slot')
    .regex(/^([0-9a-f]{24}|@([01]\d|2[0-3]):[0-5]\d)$/, 'Invalid slot'),
  feedback: z.enum(ALL_FEEDBACK, { error: 'Choose how it went' }),
  note: careText(),
});
export type RecordTaskBody = z.input<typeof recordTaskBody>;

export const careTaskSchema = z.object({
  _id: z.string(),
  boardingId: z.string(),
  itemId: z.string(),
  petId: z.string(),
  day: z.string(),
  slotKey: z.string(),
  slotName: z.string(),
  kind: z.enum(CARE_KINDS),
  label: z.string(),
  feedback: z.string(),
  note: z.string().nullable(),
  doneBy: z.object({ _id: z.string(), name: z.string() }),
  doneAt: z.string(),
  /** Until when the person who recorded it may undo it. */
  undoUntil: z.string(),
  /** A house dose: the stay-bill visit that took the stock and charged it. */
  chargeVisitId: z.string().nullable(),
});
export type CareTask = z.infer<typeof careTaskSchema>;

export const recordTaskResponse = z.object({ success: z.literal(true), message: z.string(), task: careTaskSchema });
export const undoTaskResponse = z.object({ success: z.literal(true), message: z.string() });

export const careLogQuery = z.object({ from: dateSchema.optional(), to: dateSchema.optional() });
export const careLogResponse = z.object({ success: z.literal(true), tasks: z.array(careTaskSchema) });

export const boardQuery = z.object({
  boardingType: idSchema.optional(),
  slot: idSchema.optional(),
  todo: z
    .enum(['true', 'false'], { error: 'todo is true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const boardTaskSchema = z.object({
  itemId: z.string(),
  kind: z.enum(CARE_KINDS),
  slotKey: z.string(),
  /** The slot it is grouped under, null for an exact time outside every slot. */
  slotId: z.string().nullable(),
  slotName: z.string(),
  label: z.string(),
  instructions: z.string().nullable(),
  /** When it becomes late. */
  dueAt: z.string(),
  late: z.boolean(),
  /** A house dose (from stock, charged to the stay's bill when given). */
  fromStock: z.boolean(),
  task: careTaskSchema.nullable(),
});
export type BoardTask = z.infer<typeof boardTaskSchema>;

export const boardPetSchema = z.object({
  boardingId: z.string(),
  petId: z.string(),
  petName: z.string(),
  species: z.string(),
  breed: z.string(),
  ownerName: z.string(),
  /** The pet's photo (issue 20): the board shows its thumbnail; null when it has none. */
  photo: photoSchema.nullable(),
  boardingType: z.object({ _id: z.string(), purpose: z.string() }),
  entryTime: z.string(),
  careWarnings: z.array(careWarningSchema),
  /** Today's report card is written. */
  reportCardDone: z.boolean(),
  tasks: z.array(boardTaskSchema),
});
export type BoardPet = z.infer<typeof boardPetSchema>;

export const careBoardResponse = z.object({
  success: z.literal(true),
  day: z.string(),
  now: z.string(),
  slots: z.array(careSlotSchema),
  boardingTypes: z.array(z.object({ _id: z.string(), purpose: z.string() })),
  pets: z.array(boardPetSchema),
  counts: z.object({ pets: z.number(), tasks: z.number(), done: z.number(), late: z.number() }),
});
export type CareBoardResponse = z.infer<typeof careBoardResponse>;

/** The label of an item: what it is and how much ("Royal Canin 200 g", "Meloxicam 0.5 ml (oral)"). */
export function careItemLabel(i: {
  kind: CareKind;
  name: string;
  amount: number | null;
  unit: string | null;
  route?: string | null;
}): string {
  const amount = i.amount !== null ? ` ${Number(i.amount)}${i.unit ? ` ${i.unit}` : ''}` : '';
  const route = i.kind === 'dose' && i.route ? ` (${i.route})` : '';
  return `${i.name}${amount}${route}`;
}

/** The SSE event the staff stream sends when a care task is recorded or undone (the board refetches). */
export const CARE_STREAM_EVENT = 'care';
