import {
  type CareItem,
  type CareItemInput,
  type CareKind,
  careItemInput,
  careWarningInput,
  type CareWarning,
  type WarningKind,
} from '@pawdesk/shared';

/**
 * The care instruction editor's values and rules (a pet's standing instructions and a stay's plan share it): items as
 * the form holds them, what is sent, and each item's messages from the shared schema (the server's rules).
 */
export interface FormItem {
  /** A stable key for the list (the item's id once saved). */
  key: string;
  _id?: string;
  kind: CareKind;
  name: string;
  slotIds: string[];
  /** Meals: 'slot' or 'time'. */
  when: 'slot' | 'time';
  atTime: string;
  amount: number | '';
  unit: string;
  source: 'owner' | 'house' | '';
  route: string;
  startDate: string;
  endDate: string;
  inventoryItemId: string;
  instructions: string;
}

let seq = 0;
const newKey = () => `new-${++seq}`;

export const DEFAULT_UNIT: Record<CareKind, string> = { meal: 'g', dose: 'ml', other: '' };

/** A new item of a kind: a meal in the first slot with the owner's food; a dose from today, oral. */
export function emptyItem(kind: CareKind, firstSlot: string | undefined, today: string): FormItem {
  return {
    key: newKey(),
    kind,
    name: '',
    slotIds: firstSlot ? [firstSlot] : [],
    when: 'slot',
    atTime: '',
    amount: '',
    unit: DEFAULT_UNIT[kind],
    source: kind === 'meal' ? 'owner' : '',
    route: kind === 'dose' ? 'oral' : '',
    startDate: kind === 'dose' ? today : '',
    endDate: '',
    inventoryItemId: '',
    instructions: '',
  };
}

export function itemToForm(i: CareItem): FormItem {
  return {
    key: i._id,
    _id: i._id,
    kind: i.kind,
    name: i.name,
    slotIds: i.slotIds,
    when: i.atTime ? 'time' : 'slot',
    atTime: i.atTime ?? '',
    amount: i.amount ?? '',
    unit: i.unit ?? DEFAULT_UNIT[i.kind],
    source: i.source ?? '',
    route: i.route ?? '',
    startDate: i.startDate ?? '',
    endDate: i.endDate ?? '',
    inventoryItemId: i.inventoryItemId ?? '',
    instructions: i.instructions ?? '',
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s);

/** What the form sends for an item: only what its kind uses; a meal either in a slot or at a time. */
export function formToInput(f: FormItem): CareItemInput {
  const meal = f.kind === 'meal';
  const dose = f.kind === 'dose';
  const atTime = meal && f.when === 'time' ? orNull(f.atTime) : null;
  return {
    ...(f._id ? { _id: f._id } : {}),
    kind: f.kind,
    name: f.name,
    slotIds: atTime || (meal && f.when === 'time') ? [] : f.slotIds,
    atTime,
    amount: meal || dose ? (f.amount === '' ? null : f.amount) : null,
    unit: meal || dose ? orNull(f.unit) : null,
    source: meal ? f.source || null : null,
    route: dose ? (orNull(f.route) as CareItemInput['route']) : null,
    startDate: dose ? orNull(f.startDate) : null,
    endDate: dose ? orNull(f.endDate) : null,
    inventoryItemId: dose ? orNull(f.inventoryItemId) : null,
    instructions: orNull(f.instructions),
  };
}

/** Each item's messages by field (`amount`, `slotIds`…), from the shared schema; empty when it may be saved. */
export function itemErrors(f: FormItem): Record<string, string> {
  const r = careItemInput.safeParse(formToInput(f));
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    // A meal at a time shows the slot/time message on the time field.
    const at = field === 'slotIds' && f.kind === 'meal' && f.when === 'time' ? 'atTime' : field;
    out[at] ??= issue.message;
  }
  return out;
}

export interface FormWarning {
  key: string;
  kind: WarningKind;
  text: string;
}

export const warningToForm = (w: CareWarning): FormWarning => ({ key: newKey(), kind: w.kind, text: w.text });

export function warningError(w: FormWarning): string | null {
  const r = careWarningInput.safeParse({ kind: w.kind, text: w.text });
  return r.success ? null : (r.error.issues[0]?.message ?? 'Check the warning');
}

/** Whether the whole form may be saved: every item and warning passes. */
export function formValid(items: readonly FormItem[], warnings: readonly FormWarning[]): boolean {
  return items.every((i) => Object.keys(itemErrors(i)).length === 0) && warnings.every((w) => !warningError(w));
}
