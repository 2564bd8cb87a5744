/**
 * The package routes that move money take an Idempotency-Key (issue 16; docs/decisions.md "Idempotent money
 * writes"): a retry of an activation after a dropped connection answers the first answer and activates nothing twice.
 */
import { IDEMPOTENCY_MESSAGES } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardingPackageSubscriptions } from '../../db/schema/index.ts';
import { DEFAULT_PACKAGE_ID, NOON, share, topUp, usePackageTest, walletPaise } from '../../../test/package-kit.ts';

const { t, staff, db, customerFamily } = usePackageTest();

const UNKNOWN = '0123456789abcdef01234567';
const post = (url: string, payload: object, token: string, key?: string) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload, token, headers: key === undefined ? {} : { 'idempotency-key': key } });

describe('Idempotency-Key on the package routes', () => {
  it.each([
    ['/packages/activate', 'staff'],
    [`/packages/${UNKNOWN}/checkin`, 'staff'],
    [`/packages/${UNKNOWN}/pets`, 'staff'],
    [`/packages/${UNKNOWN}/end`, 'staff'],
    ['/customer/packages/activate', 'customer'],
    [`/customer/packages/${UNKNOWN}/end`, 'customer'],
  ])('POST %s takes the key (a bad one is refused before the body is read)', async (url, role) => {
    const user = await t.user(role as 'staff' | 'customer');
    const res = await post(url, {}, user.token, 'k'.repeat(256));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.badKey);
  });

  it('a repeated activation answers the first answer: one package, day 1 charged once', async () => {
    t.clock.set(NOON);
    const c = await customerFamily(1);
    await topUp(t, c.owner.id, 500_000);
    const body = { ownerId: c.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: c.petIds };
    const first = await post('/packages/activate', body, staff.token, 'activate-once');
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/packages/activate', body, staff.token, 'activate-once');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().package._id).toBe(first.json().package._id);
    const rows = await db()
      .select()
      .from(boardingPackageSubscriptions)
      .where(eq(boardingPackageSubscriptions.ownerId, c.owner.id));
    expect(rows).toHaveLength(1);
    expect(await walletPaise(db(), c.owner.id)).toBe(500_000 - share(1));
  });
});
