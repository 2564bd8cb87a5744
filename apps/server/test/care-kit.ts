/**
 * Helpers of the care tests (issue 20): the deboarding kit's app and boarding, plus the care calls, a pet's standing
 * instructions of a meal, a dose and a walk, and the clock at a business-day time.
 */
import { instantAt, type PetCareBody } from '@pawdesk/shared';
import { useDeboardTest } from './deboard-kit.ts';

/** The default slots (migration 0025). */
export const MORNING = '0000000000000000000ca701';
export const NOON = '0000000000000000000ca702';
export const EVENING = '0000000000000000000ca703';

export const DAY = '2026-11-28';

export function useCareTest() {
  const k = useDeboardTest();
  const { t, staff } = k;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, token = staff.token) =>
    t.call({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), token });

  /** Moves the server's clock to `hhmm` on the business day `day`. */
  const at = (hhmm: string, day = DAY) => t.clock.set(instantAt(day, hhmm, 'Asia/Kolkata'));

  /** Instructions: breakfast (Morning), a dose Morning + Evening, a walk at Noon; `extra` items added. */
  const instructions = (extra: object[] = [], over: Partial<PetCareBody> = {}): PetCareBody => ({
    items: [
      { kind: 'meal', name: 'Royal Canin', slotIds: [MORNING], amount: 200, unit: 'g', source: 'owner' },
      {
        kind: 'dose',
        name: 'Meloxicam',
        slotIds: [MORNING, EVENING],
        amount: 0.5,
        unit: 'ml',
        route: 'oral',
        startDate: '2026-11-01',
        endDate: null,
      },
      { kind: 'other', name: 'Walk', slotIds: [NOON], instructions: 'Short lead' },
      ...extra,
    ] as PetCareBody['items'],
    warnings: [{ kind: 'allergy', text: 'Chicken' }],
    emergencyContact: { name: 'Asha', phone: '9812345678' },
    ...over,
  });

  const setInstructions = async (petId: string, body: PetCareBody = instructions()) => {
    const res = await call('PUT', `/care/pets/${petId}`, body);
    if (res.statusCode !== 200) throw new Error(`instructions: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** A new pet with the default instructions, boarded in Hostel at the clock's time; its plan. */
  const stayWithPlan = async (body: PetCareBody = instructions()) => {
    const p = await k.pet('Bruno');
    await setInstructions(p.id, body);
    const s = await k.board('hostel', { days: 3 }, p.id);
    const plan = (await call('GET', `/care/stays/${s.boardingId}/plan`)).json();
    const item = (kind: string) => plan.items.find((i: { kind: string }) => i.kind === kind)!;
    return { ...s, plan, meal: item('meal'), dose: item('dose'), walk: item('other') };
  };

  const record = (
    b: { boardingId: string; itemId: string; slotKey: string; feedback: string; note?: string },
    token = staff.token,
  ) => call('POST', '/care/tasks', b, token);

  return { ...k, call, at, instructions, setInstructions, stayWithPlan, record };
}
