/**
 * The authorisation matrix: every route of the OpenAPI document × {anonymous, customer A, customer B, staff,
 * admin, disabled staff}, each answer compared with the route's entry in ./authz-expectations.ts. Requests
 * name customer A's records, so customer B is always asking for somebody else's data: B must be refused,
 * or answered with B's own records and nothing of A's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, EXPECTATIONS, type Expected, PASSES, type Req } from './authz-expectations.ts';
import { type Fixtures, makeFixtures } from './authz-fixtures.ts';
import { operationsOf } from './fuzz/schema-values.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let fx: Fixtures;
beforeAll(async () => {
  fx = await makeFixtures(t);
});

const routes = () => operationsOf(t.app.swagger() as never).map((op) => `${op.method} ${op.path}`);

function urlOf(key: string, req: Req): string {
  const path = key.slice(key.indexOf(' ') + 1);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${key}: the expectations give no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const qs = new URLSearchParams(Object.entries(req.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return qs ? `${url}?${qs}` : url;
}

const matches = (status: number, expected: Expected) =>
  expected === PASSES
    ? status !== 401 && status !== 403 && status < 500
    : typeof expected === 'number'
      ? status === expected
      : expected.includes(status);

describe('authorisation matrix', () => {
  it('has an entry for every route of the OpenAPI document, and none for routes that are gone', () => {
    const all = routes();
    expect(
      all.filter((r) => !EXPECTATIONS[r]),
      'routes without an entry in authz-expectations.ts',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTATIONS).filter((r) => !all.includes(r)),
      'entries of routes that do not exist',
    ).toEqual([]);
  });

  it('answers every caller of every route as expected, and never gives customer B the records of customer A', async () => {
    const unexpected: string[] = [];
    let size = 0;
    let passesOnly = 0;
    for (const key of routes()) {
      const rule = EXPECTATIONS[key];
      if (!rule) continue;
      const method = key.slice(0, key.indexOf(' ')) as 'GET';
      for (const caller of CALLERS) {
        const req = (await rule.req?.(fx, caller)) ?? {};
        const res = await t.call({
          method,
          url: urlOf(key, req),
          token:
            req.token !== undefined
              ? caller === 'disabledStaff' || caller === 'anonymous'
                ? fx.tokens[caller]
                : req.token
              : fx.tokens[caller],
          ...(req.body === undefined ? {} : { payload: req.body as object }),
          ...(req.headers ? { headers: req.headers } : {}),
          remoteAddress: `10.77.${CALLERS.indexOf(caller)}.${(size % 200) + 1}`,
        });
        size++;
        const expected = rule.who[caller];
        if (expected === PASSES) passesOnly++;
        if (!matches(res.statusCode, expected)) {
          unexpected.push(`${key} as ${caller}: ${res.statusCode} (expected ${String(expected)}) ${res.body.slice(0, 160)}`);
        } else if (caller === 'customerB' && res.statusCode < 300) {
          const leaked = fx.secretsOfA.filter((s) => res.body.includes(s));
          if (leaked.length) unexpected.push(`${key} as customerB: answered customer A's ${leaked.join(', ')}`);
        }
      }
    }
    console.log(
      `[authz matrix] ${routes().length} routes × ${CALLERS.length} callers = ${size} requests` +
        ` (${passesOnly} checked only for passing auth), ${unexpected.length} unexpected answers`,
    );
    expect(unexpected).toEqual([]);
  }, 120_000); // ~1,200 requests: slower than the default 30 s when the machine is busy
});
