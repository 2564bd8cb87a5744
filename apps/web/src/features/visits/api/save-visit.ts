import type { SaveVisitResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

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
} as const;
export type SaveCode = keyof typeof SAVE_PATH;

/** POST /visit/add…visit: one fetcher for the purposes' save endpoints. */
export function saveVisit(code: SaveCode, body: unknown) {
  return api<SaveVisitResponse>(SAVE_PATH[code], { method: 'POST', body });
}

/** What a visit changes: visits, the pet's records, boarding, subscriptions, and an inquiry's follow-up. */
export const VISIT_CHANGED = [
  queryRoots.visits,
  queryRoots.pets,
  queryRoots.boarding,
  queryRoots.subscriptions,
  queryRoots.reminders,
  queryRoots.attendance,
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
      mutationFn: ({ code, body }: { code: SaveCode; body: unknown }) => saveVisit(code, body),
    }),
    refresh: () => Promise.all(VISIT_CHANGED.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  };
}
