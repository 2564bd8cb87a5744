import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, seedDemo } from '../../db/seed/demo.ts';
import { useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

describe('demo appointments', () => {
  it('the demo customer sees a pending grooming with pickup, a confirmed vet visit and a completed one', async () => {
    expect(await seedDemo(t.database.db, t.config.tz)).toBe(true);
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, role: 'customer' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;
    const res = await t.call({ method: 'GET', url: '/api/v1/customerappointment/getcustomerappoint/me', token });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { status: string; serviceName: string; pickup: unknown }[];
    expect(rows.map((r) => [r.serviceName, r.status]).sort()).toEqual([
      ['Grooming', 'completed'],
      ['Grooming', 'pending'],
      ['Veterinary', 'confirmed'],
    ]);
    expect(rows.find((r) => r.status === 'pending')!.pickup).toMatchObject({ km: 3, fare: 500 });
  });
});
