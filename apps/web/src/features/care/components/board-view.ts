import { type BoardPet, type BoardTask, type CareKind, type CareSlot, FEEDBACK, FEEDBACK_LABEL } from '@pawdesk/shared';

/**
 * What the care board shows of the server's answer: each pet's tasks grouped by slot in the order of the day (a time
 * outside every slot in "Other times", last), and within a slot meals, then doses, then other tasks.
 */
export interface SlotGroup {
  key: string;
  name: string;
  tasks: BoardTask[];
}

export const OTHER_TIMES = 'Other times';
const KIND_ORDER: Record<CareKind, number> = { meal: 0, dose: 1, other: 2 };

export function groupBySlot(tasks: readonly BoardTask[], slots: readonly CareSlot[]): SlotGroup[] {
  const groups: SlotGroup[] = slots.map((s) => ({ key: s._id, name: s.name, tasks: [] }));
  const other: SlotGroup = { key: 'other', name: OTHER_TIMES, tasks: [] };
  for (const t of tasks) (groups.find((g) => g.key === t.slotId) ?? other).tasks.push(t);
  for (const g of [...groups, other]) g.tasks.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return [...groups, other].filter((g) => g.tasks.length > 0);
}

/** A pet's progress today: done of all, and how many are late. */
export function progressOf(pet: Pick<BoardPet, 'tasks'>): { done: number; total: number; late: number } {
  return {
    done: pet.tasks.filter((t) => t.task).length,
    total: pet.tasks.length,
    late: pet.tasks.filter((t) => t.late).length,
  };
}

/** The feedback choices of a task, as the one-tap buttons show them. */
export const feedbackChoices = (kind: CareKind) => FEEDBACK[kind].map((value) => ({ value, label: FEEDBACK_LABEL[value]! }));

/** Whether the signed-in person may still undo a recorded task (theirs, within its window), at `now`. */
export function canUndo(task: BoardTask['task'], me: string | undefined, now: number): boolean {
  return Boolean(task && me && task.doneBy._id === me && Date.parse(task.undoUntil) >= now);
}

/** Feedback that is bad news shows in red on the board. */
export const isBadFeedback = (feedback: string) => ['refused', 'not_given', 'vomited', 'skipped'].includes(feedback);

/** A search over the board's pets: name, owner or breed contains the text (case aside). */
export function matchesSearch(pet: Pick<BoardPet, 'petName' | 'ownerName' | 'breed'>, q: string): boolean {
  const s = q.trim().toLowerCase();
  if (!s) return true;
  return [pet.petName, pet.ownerName, pet.breed].some((v) => v.toLowerCase().includes(s));
}
