/**
 * The authorisation matrix: every route of the OpenAPI document × {anonymous, customer A, customer B, staff,
 * admin, disabled staff}, each answer compared with the route's entry in ./authz-expectations.ts. Requests
 * name customer A's records, so customer B is always asking for somebody else's data: B must be refused,
 * or answered with B's own records and nothing of A's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, EXPECTATIONS, type Req } from './authz-expectations.ts';
import { type Fixtures, makeFixtures } from './authz-fixtures.ts';
import { operationsOf } from './fuzz/schema-values.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let fx: Fixtures;
beforeAll(async () => {
  fx = await makeFixtures(t);
});

const routes = () => operationsOf(t.app.swagger() as never).map((op) => `${op.method} ${op.path}`);

/**
 * Every route the server registered (`METHOD /path/{param}`, HEAD and OPTIONS aside), read from Fastify's route tree
 * (`printRoutes`: one node a line, each below its parent, `├── ` or `└── ` after four characters per level).
 */
function registeredRoutes(text: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const node = /^(.*?)(?:├── |└── )(.*)$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const methods = / \(([A-Z, ]+)\)$/.exec(node[2]!);
    const path = (stack[depth - 1] ?? '') + (methods ? node[2]!.slice(0, methods.index) : node[2]!);
    stack.length = depth;
    stack[depth] = path;
    for (const m of methods ? methods[1]!.split(', ') : []) {
      if (m !== 'HEAD' && m !== 'OPTIONS') found.push(`${m} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return found;
}
/**
 * Routes not in the OpenAPI document on purpose: the document's own viewer, and the Prometheus scrape, which has a
 * credential of its own (METRICS_TOKEN) and no place in the API (plugins/metrics.test.ts covers who may call it).
 */
const UNDOCUMENTED = /^GET \/(api\/docs(\/|\*|$)|metrics$)/;

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

describe('authorisation matrix', () => {
  it('has an entry for every route of the OpenAPI document, and none for routes that are gone', () => {
    const all = routes();
    // The matrix and the fuzzer walk the document: a route the server serves outside it would escape both.
    const served = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThanOrEqual(all.length);
    expect(
      served.filter((r) => !UNDOCUMENTED.test(r) && !all.includes(r)),
      'routes the server serves that the OpenAPI document leaves out',
    ).toEqual([]);
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
    let exact = 0;
    let fiveXX = 0;
    const byStatus = new Map<number, number>();
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
        if (Number.isInteger(expected)) exact++;
        if (res.statusCode >= 500) fiveXX++;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== expected) {
          unexpected.push(`${key} as ${caller}: ${res.statusCode} (expected ${String(expected)}) ${res.body.slice(0, 160)}`);
        } else if (caller === 'customerB' && res.statusCode < 300) {
          const leaked = fx.secretsOfA.filter((s) => res.body.includes(s));
          if (leaked.length) unexpected.push(`${key} as customerB: answered customer A's ${leaked.join(', ')}`);
        }
      }
    }
    console.log(
      `[authz matrix] ${routes().length} routes × ${CALLERS.length} callers = ${size} requests` +
        ` (${exact} checked for one exact status), ${unexpected.length} unexpected answers, ${fiveXX} answers 5xx;` +
        ` by status: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    expect(unexpected).toEqual([]);
    expect(exact, 'every cell expects one exact status').toBe(size);
  }, 300_000); // ~1,450 requests, about a hundred of them making their own sales: minutes when the machine is busy
});
