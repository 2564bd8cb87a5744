import type { DeboardBody, DeboardResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';

/** The deboarding endpoint of each category (spec 001 §7), by visit-type code. */
export const DEBOARD_PATH: Record<string, string> = {
  hostel: '/boarding/hosteldeboarding',
  day_care: '/boarding/daycaredeboarding',
  day_school: '/boarding/dayschooldeboarding',
  play_school: '/boarding/playschooldeboarding',
  dog_park: '/deboard/dogparkdeboarding',
};

/** POST the category's deboarding call {boardingid, payment?}: cash `payment` is what is due, in the same call. */
export function deboard(code: string, body: DeboardBody, idempotencyKey?: string) {
  const path = DEBOARD_PATH[code];
  if (!path) return Promise.reject(new Error(`No deboarding call for ${code}`));
  return api<DeboardResponse>(path, { method: 'POST', body, idempotencyKey });
}

/** What deboarding changes: the boarding, the lists of pets, the visit (extra days), the subscription's days left. */
export const DEBOARD_CHANGED = [queryRoots.boarding, queryRoots.pets, queryRoots.visits, queryRoots.subscriptions];

export function useDeboard() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    // One Idempotency-Key per deboarding of a stay: sent again after no answer, the cash is taken once.
    mutationFn: useKeyedSubmit(
      ({ code, body }: { code: string; body: DeboardBody }, key) => deboard(code, body, key),
      ({ body }) => body.boardingid,
    ),
    onSettled: () => Promise.all(DEBOARD_CHANGED.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
