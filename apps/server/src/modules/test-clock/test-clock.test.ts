import { addDays, todayIn } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

describe('/test/clock', () => {
  it('an admin moves the clock by days and back to the real time; the server then reads the moved date', async () => {
    const adminUser = await t.user('staff', { isAdmin: true });
    const call = (payload: object) => t.call({ method: 'POST', url: '/api/v1/test/clock', payload, token: adminUser.token });
    const real = todayIn(t.config.tz);
    const moved = await call({ advanceDays: 3 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ success: true, today: addDays(real, 3) });
    expect(t.clock.today()).toBe(addDays(real, 3));
    const at = await call({ at: '2027-01-15T10:00:00+05:30' });
    expect(at.json().today).toBe('2027-01-15');
    const back = await call({ at: null });
    expect(back.json()).toMatchObject({ today: real, offsetMs: 0 });
  });

  it('refuses staff who are not admins, and bad bodies with a 400', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/test/clock', payload: { advanceDays: 1 }, token: staff.token })).statusCode,
    ).toBe(403);
    const adminUser = await t.user('staff', { isAdmin: true });
    for (const payload of [{}, { advanceDays: 1.5 }, { at: 'tomorrow' }, { at: null, advanceDays: 1 }]) {
      const res = await t.call({ method: 'POST', url: '/api/v1/test/clock', payload, token: adminUser.token });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(t.clock.offsetMs()).toBe(0);
    // At most ten years from the real time, however it is reached (the fuzzer moved it into year 10000 otherwise).
    const call = (payload: object) => t.call({ method: 'POST', url: '/api/v1/test/clock', payload, token: adminUser.token });
    expect((await call({ advanceDays: 3000 })).statusCode).toBe(200);
    const tooFar = await call({ advanceDays: 3000 });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe('The clock can be at most 3660 days from the real time');
    expect((await call({ at: '9999-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect(t.clock.offsetMs()).toBe(3000 * 86_400_000);
    expect((await call({ at: null })).statusCode).toBe(200);
  });

  it('does not exist unless TEST_CLOCK is on, and production refuses TEST_CLOCK', async () => {
    const plain = await createTestApp({ testClock: false });
    try {
      const u = await plain.user('staff', { isAdmin: true });
      const res = await plain.call({ method: 'POST', url: '/api/v1/test/clock', payload: { advanceDays: 1 }, token: u.token });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
  });
});
