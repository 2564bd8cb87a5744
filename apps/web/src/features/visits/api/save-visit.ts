import type {
  BoardingVisitBody,
  DayCareVisitBody,
  DogParkVisitBody,
  GroomingVisitBody,
  InquiryVisitBody,
  SaveVisitResponse,
  SchoolVisitBody,
  ShopVisitBody,
  VeterinaryVisitBody,
} from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';

/**
 * The body each purpose's save endpoint takes: the input of its shared zod schema (`z.input<typeof …VisitBody>`),
 * so a field renamed or retyped in packages/shared/src/visits/schemas.ts breaks the form that builds it.
 */
export interface SaveBodies {
  inquiry: InquiryVisitBody;
  dog_park: DogParkVisitBody;
  veterinary: VeterinaryVisitBody;
  hostel: BoardingVisitBody;
  day_care: DayCareVisitBody;
  day_school: SchoolVisitBody;
  play_school: SchoolVisitBody;
  grooming: GroomingVisitBody;
  shop: ShopVisitBody;
}
export type SaveCode = keyof SaveBodies;

/** The save endpoint of each purpose with a form of its own (spec 001 §7). */
export const SAVE_PATH = {
  inquiry: '/visit/addinquiryvisit',
  dog_park: '/visit/adddogparkvisit',
  veterinary: '/visit/addveterinaryvisit',
  hostel: '/visit/addhostelvisit',
  day_care: '/visit/adddaycarevisit',
  day_school: '/visit/adddayschoolvisit',
  play_school: '/visit/addplayschoolvisit',
  grooming: '/visit/addgroomingvisit',
  shop: '/visit/addshopvisit',
} as const satisfies Record<SaveCode, string>;

/**
 * A save: the purpose's code and the body its endpoint takes (one member per code, so the two always match), and
 * the submission's Idempotency-Key (lib/idempotency.ts).
 */
export type SaveVisitInput<C extends SaveCode = SaveCode> = {
  [K in C]: { code: K; body: SaveBodies[K]; idempotencyKey?: string };
}[C];

/** POST /visit/add…visit: one fetcher for the purposes' save endpoints. */
export function saveVisit({ code, body, idempotencyKey }: SaveVisitInput) {
  return api<SaveVisitResponse>(SAVE_PATH[code], { method: 'POST', body, idempotencyKey });
}

/** What a visit changes: visits, the pet's records, boarding, subscriptions, and an inquiry's follow-up. */
export const VISIT_CHANGED = [
  queryRoots.visits,
  queryRoots.pets,
  queryRoots.boarding,
  queryRoots.subscriptions,
  queryRoots.reminders,
  queryRoots.attendance,
  // A wallet payment (issue 16) moves the owner's wallet.
  queryRoots.wallet,
];

/**
 * Saving a visit. The caller refreshes `VISIT_CHANGED` once the payment that follows is settled (card checkout,
 * payment link): refreshing at once would re-check boarding and replace the open form (and its checkout) with
 * 'already boarded'.
 */
export function useSaveVisit() {
  const qc = useQueryClient();
  return {
    ...useMutation({
      networkMode: 'always',
      // One Idempotency-Key per save: a save sent again after it got no answer (a dropped connection) sells once.
      mutationFn: useKeyedSubmit((input: SaveVisitInput, idempotencyKey) => saveVisit({ ...input, idempotencyKey })),
    }),
    refresh: () => Promise.all(VISIT_CHANGED.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  };
}
