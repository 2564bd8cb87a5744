/**
 * Requests for one operation: a valid-ish request (./schema-values.ts), left as it is or broken in one of the ways
 * a careless or hostile client breaks them: wrong types, missing and extra fields, null, huge strings, control
 * characters, unicode, extreme numbers, malformed ids and dates, prototype keys, deep nesting, invalid JSON, wrong
 * content types, odd query strings and path segments, garbage tokens.
 */
import fc from 'fast-check';
import { type Operation, type Param, type Pools, valueArb } from './schema-values.ts';

export const ROLES = ['anonymous', 'customer', 'staff', 'admin'] as const;
export type FuzzRole = (typeof ROLES)[number];

export interface FuzzRequest {
  op: Operation;
  role: FuzzRole;
  /** Which mutation made it (for the report). */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Replaces the role's token (a garbage Authorization header). */
  authorization?: string;
  remoteAddress: string;
}

type Json = unknown;
type Key = string | number;

const CONTROL_UNIT = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\t',
  '\n',
  '\r',
  'a',
  'é',
);

const nastyString = fc.oneof(
  fc.string({ unit: CONTROL_UNIT, minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    ' \t ',
    'x'.repeat(100_000),
    '€'.repeat(30_000),
    '😀'.repeat(20_000),
    '😀🐶',
    '\u202egnp.exe',
    'e\u0301',
    '\ud800',
    'a\udfffb',
    '\ufeffBOM',
    '\u2028\u2029',
    'İstanbul',
    "' OR '1'='1",
    "'; drop table pets; --",
    '%',
    '%00',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{{7*7}}',
    'null',
    'NaN',
    'true',
    '1e400',
    '-0',
    '0x10',
    '__proto__',
    'constructor',
  ),
);

const malformedId = fc.constantFrom(
  'zz',
  'A'.repeat(24),
  'a'.repeat(23),
  'a'.repeat(25),
  'g'.repeat(24),
  '0'.repeat(24),
  'f'.repeat(24),
  ` ${'a'.repeat(23)}`,
  `${'a'.repeat(24)}\n`,
  '65F1A2B3C4D5E6F708192A3B',
);

const malformedDate = fc.constantFrom(
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-00',
  '0000-01-01',
  '0001-01-01',
  '0099-12-31',
  '1899-12-31',
  '9999-12-31',
  '99999-01-01',
  '+002024-01-01',
  '2024-1-1',
  '2024/01/01',
  '2024-02-29T00:00:00Z',
  '2024-01-01 ',
  'today',
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    -0.01,
    -0,
    0.001,
    0.005,
    1.005,
    0.1 + 0.2,
    1e-7,
    123.456,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53 + 2,
    1e15,
    1e21,
    1e300,
    -1e300,
    Number.MAX_VALUE,
    10_000_000.01,
    1_000_000_001,
  ),
);

const PROTO = '{"__proto__":{"isAdmin":true,"role":"staff"},"constructor":{"prototype":{"polluted":true}}}';

/** Any value a field should not get. */
export const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 5, arbitrary: nastyString },
  { weight: 4, arbitrary: nastyNumber },
  { weight: 2, arbitrary: malformedId },
  { weight: 2, arbitrary: malformedDate },
  { weight: 2, arbitrary: fc.constantFrom([], {}, [null], [[]], [{}], ['x', 1, null]) },
  { weight: 1, arbitrary: fc.constant(null).map(() => JSON.parse(PROTO)) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
);

const DEEP = '"@@deep@@"';
const deepJson = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

const invalidJson = (valid: string) =>
  fc.oneof(
    fc.constantFrom(
      '{',
      '}',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      '{"a":NaN}',
      '{"a":1e400}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '\ufeff{}',
      '[',
      'nul',
      '{"a":1}{"b":2}',
      '{"a":1,"a":2}',
      '"\\x41"',
      '{"a":01}',
      '{"a":.5}',
      '{"a":-}',
    ),
    fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((n) => valid.slice(0, n)),
    fc.constant(`\ufeff${valid}`),
    fc.constant(`${valid} trailing`),
    fc.constant(`${'['.repeat(200_000)}`),
  );

const wrongContentType = fc.constantFrom(
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
);

const garbageAuth = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic dXNlcjpwYXNz',
    'eyJhbGciOiJub25lIn0.eyJpZCI6IjY1ZjFhMmIzYzRkNWU2ZjcwODE5MmEzYiIsInJvbGUiOiJzdGFmZiJ9.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.e30.invalid',
    `Bearer ${'a'.repeat(8_000)}`,
    'null',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
);

/** All paths of nodes in a JSON value (the root is []). */
function nodePaths(v: Json, path: Key[] = [], out: Key[][] = []): Key[][] {
  out.push(path);
  if (path.length > 6) return out;
  if (Array.isArray(v)) v.forEach((x, i) => void nodePaths(x, [...path, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) nodePaths(x, [...path, k], out);
  return out;
}

function setAt(root: Json, path: Key[], value: Json | typeof REMOVE): Json {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const copy = structuredClone(root) as Record<Key, Json>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<Key, Json>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else {
    // defineProperty, so a key named __proto__ becomes an own key (sent as such), not the copy's prototype.
    Object.defineProperty(at, last, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
const REMOVE = Symbol('remove');

const objectPaths = (v: Json) =>
  nodePaths(v).filter((p) => {
    let at: Json = v;
    for (const k of p) at = (at as Record<Key, Json>)[k];
    return at !== null && typeof at === 'object' && !Array.isArray(at);
  });

interface Parts {
  params: Record<string, string>;
  query: [string, string][];
  body: Json;
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as any client would send it). */
const enc = (v: unknown) => {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
};
const asParam = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

function paramsArb(params: Param[], path: string, pools: Pools) {
  if (params.length === 0) return fc.constant([] as [string, unknown][]);
  return fc.tuple(...params.map((p) => valueArb(p.schema, p.name, path, pools).map((v) => [p.name, v] as [string, unknown])));
}

function queryArb(params: Param[], path: string, pools: Pools) {
  if (params.length === 0) return fc.constant([] as [string, unknown][]);
  return fc
    .tuple(
      ...params.map((p) => {
        const v = valueArb(p.schema, p.name, path, pools).map((x) => [p.name, x] as [string, unknown]);
        return p.required ? v : fc.option(v, { freq: 2, nil: undefined });
      }),
    )
    .map((pairs) => pairs.filter((p) => p !== undefined));
}

/** A valid-ish request for the operation, as parts. */
export function validParts(op: Operation, pools: Pools): fc.Arbitrary<Parts> {
  return fc
    .tuple(
      paramsArb(op.pathParams, op.path, pools),
      queryArb(op.query, op.path, pools),
      op.body ? valueArb(op.body, '', op.path, pools) : fc.constant(undefined),
    )
    .map(([params, query, body]) => ({
      params: Object.fromEntries(params.map(([k, v]) => [k, enc(v)])),
      query: query.filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, enc(asParam(v))] as [string, string]),
      body,
    }));
}

interface Draft extends Parts {
  kind: string;
  /** Raw body text (overrides `body`). */
  raw?: string;
  contentType?: string | null;
  authorization?: string;
}

function mutations(op: Operation, p: Parts): fc.Arbitrary<Draft>[] {
  const d = (kind: string, o: Partial<Draft> = {}): Draft => ({ ...p, kind, ...o });
  const out: fc.Arbitrary<Draft>[] = [];
  if (op.body) {
    const paths = nodePaths(p.body);
    const objects = objectPaths(p.body);
    const valid = JSON.stringify(p.body) ?? '';
    out.push(
      fc.tuple(fc.constantFrom(...paths), nastyValue).map(([at, v]) => d('field', { body: setAt(p.body, at, v) })),
      fc.tuple(fc.constantFrom(...paths), nastyValue).map(([at, v]) => d('field', { body: setAt(p.body, at, v) })),
      fc.constantFrom(...paths).map((at) => d('missing', { body: setAt(p.body, at, REMOVE) })),
      fc
        .tuple(
          fc.constantFrom(...(objects.length ? objects : [[]])),
          fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role', '_id', 'createdBy'), nastyString),
          nastyValue,
        )
        .map(([at, k, v]) => d('extra', { body: setAt(p.body, [...at, k], v) })),
      fc.constantFrom(null, [], 42, 'text', true, {}, [p.body]).map((b) => d('body-shape', { body: b })),
      invalidJson(valid).map((raw) => d('invalid-json', { raw })),
      wrongContentType.map((ct) => d('content-type', { contentType: ct, raw: ct.includes('form') ? 'a=1&b=2' : valid })),
      fc.constant(d('empty-body', { raw: '' })),
      fc
        .tuple(fc.constantFrom(...paths), deepJson)
        .map(([at, deep]) => d('deep', { raw: (JSON.stringify(setAt(p.body, at, '@@deep@@')) ?? DEEP).replace(DEEP, deep) })),
    );
  } else if (op.method !== 'GET') {
    out.push(
      fc.constant(d('empty-body', { raw: '' })),
      nastyValue.map((b) => d('unexpected-body', { body: b })),
    );
  } else {
    out.push(fc.constant(d('json-header-no-body', { raw: '', contentType: 'application/json' })));
  }
  if (op.query.length) {
    const names = op.query.map((q) => q.name);
    out.push(
      fc
        .tuple(fc.constantFrom(...names), nastyValue)
        .map(([k, v]) => d('query', { query: [...p.query.filter(([n]) => n !== k), [k, enc(asParam(v))]] })),
      fc.constantFrom(...names).map((k) => d('query-missing', { query: p.query.filter(([n]) => n !== k) })),
      fc
        .tuple(fc.constantFrom(...names), fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%80', '%ED%A0%80', 'a%00b', '%FF'))
        .map(([k, raw]) => d('query-encoding', { query: [...p.query.filter(([n]) => n !== k), [k, raw]] })),
      fc.constantFrom(...names).map((k) => d('query-repeated', { query: [...p.query, [k, '1'], [k, '2']] })),
    );
  }
  out.push(
    fc.tuple(nastyString, nastyValue).map(([k, v]) => d('query-extra', { query: [...p.query, [enc(k), enc(asParam(v))]] })),
  );
  if (op.pathParams.length) {
    const names = op.pathParams.map((q) => q.name);
    out.push(
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.oneof(
            nastyValue.map((v) => enc(asParam(v))),
            fc.constantFrom('%', '%zz', '%00', '%2F', '..', '%2e%2e', '%C0%80', 'a%20b'),
          ),
        )
        .map(([k, v]) => d('path', { params: { ...p.params, [k]: v || 'x' } })),
    );
  }
  out.push(garbageAuth.map((a) => d('auth', { authorization: a })));
  return out;
}

const IPS = Array.from({ length: 64 }, (_, i) => `10.9.${i >> 4}.${i & 15}`);

/** A request for the operation: valid-ish or broken, as a role. */
export function requestArb(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(validParts(op, pools), fc.constantFrom(...ROLES), fc.constantFrom(...IPS)).chain(([parts, role, ip]) => {
    const broken = mutations(op, parts);
    // About a third of the requests stay valid-ish, so they get past validation into the handlers.
    const valid = { weight: Math.ceil(broken.length / 2), arbitrary: fc.constant<Draft>({ ...parts, kind: 'valid' }) };
    return fc.oneof(valid, ...broken).map((draft) => toRequest(op, role, ip, draft));
  });
}

function toRequest(op: Operation, role: FuzzRole, remoteAddress: string, d: Draft): FuzzRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => d.params[name] ?? 'x');
  const qs = d.query.map(([k, v]) => `${k}=${v}`).join('&');
  const payload = d.raw ?? (d.body === undefined ? undefined : JSON.stringify(d.body));
  const headers: Record<string, string> = {};
  const contentType = d.contentType === undefined ? (payload !== undefined ? 'application/json' : undefined) : d.contentType;
  if (contentType) headers['content-type'] = contentType;
  return {
    op,
    role,
    kind: d.kind,
    method: op.method,
    url: qs ? `${path}?${qs}` : path,
    headers,
    payload,
    authorization: d.authorization,
    remoteAddress,
  };
}
