/** What the Void visit dialog says and allows, from what was paid on the visit and the reason typed: pure. */
import { formatINR, type VoidVisitBody, voidVisitBody } from '@pawdesk/shared';

/** What voiding does, in words: charges credited, money already paid to the owner's unapplied balance. */
export function voidExplanation(paid: number): string {
  const money =
    paid > 0
      ? `The ${formatINR(paid)} already paid moves to the owner's unapplied balance, to refund or apply to another sale from the statement.`
      : "Any money paid on it moves to the owner's unapplied balance, to refund or apply from the statement.";
  return `Its charges are credited, so nothing is owed on it, and the visit stays on record marked voided. ${money} This cannot be undone.`;
}

export interface VoidPlan {
  /** The reason's message ('Reason is required', too long, control characters), from the shared schema. */
  error: string | undefined;
  canConfirm: boolean;
  /** What Confirm sends (the reason trimmed), when it may. */
  body: VoidVisitBody | null;
}

/** Confirm needs a reason the shared schema of POST /visit/voidvisit accepts (more than blanks, at most 500). */
export function voidPlan(visitId: string, reason: string): VoidPlan {
  const parsed = voidVisitBody.safeParse({ visitId, reason });
  if (parsed.success) return { error: undefined, canConfirm: true, body: parsed.data };
  return { error: parsed.error.issues[0]?.message, canConfirm: false, body: null };
}
