/**
 * Requests for one operation: a valid-ish request (./schema-values.ts), left as it is or broken in one of the ways
 * a careless or hostile client breaks them: wrong types, missing and extra fields, null, huge strings, control
 * characters, unicode, extreme numbers, malformed ids and dates, prototype keys, deep nesting, invalid JSON, wrong
 * content types, odd query strings and path segments, garbage tokens.
 */
import fc from 'fast-check';
import { DEEP_MARK, deepJson, garbageAuth, invalidJson, nastyString, nastyValue, wrongContentType } from './nasty-values.ts';
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

/** The ways to break a request, weighted: fields most (that is where handlers differ), the envelope less. */
function mutations(op: Operation, p: Parts): fc.WeightedArbitrary<Draft>[] {
  const d = (kind: string, o: Partial<Draft> = {}): Draft => ({ ...p, kind, ...o });
  const out: fc.WeightedArbitrary<Draft>[] = [];
  const push = (weight: number, arbitrary: fc.Arbitrary<Draft>) => out.push({ weight, arbitrary });
  if (op.body) {
    const paths = nodePaths(p.body);
    const objects = objectPaths(p.body);
    const valid = JSON.stringify(p.body) ?? '';
    push(
      8,
      fc.tuple(fc.constantFrom(...paths), nastyValue).map(([at, v]) => d('field', { body: setAt(p.body, at, v) })),
    );
    push(
      3,
      fc.constantFrom(...paths).map((at) => d('missing', { body: setAt(p.body, at, REMOVE) })),
    );
    push(
      3,
      fc
        .tuple(
          fc.constantFrom(...(objects.length ? objects : [[]])),
          fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role', '_id', 'createdBy'), nastyString),
          nastyValue,
        )
        // A body that holds no object (null, a list of scalars) gets an object with the extra field instead.
        .map(([at, k, v]) => d('extra', { body: setAt(objects.length ? p.body : {}, [...at, k], v) })),
    );
    push(
      2,
      fc.constantFrom(null, [], 42, 'text', true, {}, [p.body]).map((b) => d('body-shape', { body: b })),
    );
    push(
      2,
      invalidJson(valid).map((raw) => d('invalid-json', { raw })),
    );
    push(
      2,
      wrongContentType.map((ct) => d('content-type', { contentType: ct, raw: ct.includes('form') ? 'a=1&b=2' : valid })),
    );
    push(1, fc.constant(d('empty-body', { raw: '' })));
    push(
      1,
      fc
        .tuple(fc.constantFrom(...paths), deepJson)
        .map(([at, deep]) =>
          d('deep', { raw: (JSON.stringify(setAt(p.body, at, DEEP_MARK)) ?? '').replace(`"${DEEP_MARK}"`, deep) }),
        ),
    );
  } else if (op.method !== 'GET') {
    push(1, fc.constant(d('empty-body', { raw: '' })));
    push(
      1,
      nastyValue.map((b) => d('unexpected-body', { body: b })),
    );
  } else {
    push(1, fc.constant(d('json-header-no-body', { raw: '', contentType: 'application/json' })));
  }
  if (op.query.length) {
    const names = op.query.map((q) => q.name);
    push(
      6,
      fc
        .tuple(fc.constantFrom(...names), nastyValue)
        .map(([k, v]) => d('query', { query: [...p.query.filter(([n]) => n !== k), [k, enc(asParam(v))]] })),
    );
    push(
      2,
      fc.constantFrom(...names).map((k) => d('query-missing', { query: p.query.filter(([n]) => n !== k) })),
    );
    push(
      1,
      fc
        .tuple(fc.constantFrom(...names), fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%80', '%ED%A0%80', 'a%00b', '%FF'))
        .map(([k, raw]) => d('query-encoding', { query: [...p.query.filter(([n]) => n !== k), [k, raw]] })),
    );
    push(
      1,
      fc.constantFrom(...names).map((k) => d('query-repeated', { query: [...p.query, [k, '1'], [k, '2']] })),
    );
  }
  push(
    1,
    fc.tuple(nastyString, nastyValue).map(([k, v]) => d('query-extra', { query: [...p.query, [enc(k), enc(asParam(v))]] })),
  );
  if (op.pathParams.length) {
    const names = op.pathParams.map((q) => q.name);
    push(
      4,
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
  push(
    1,
    garbageAuth.map((a) => d('auth', { authorization: a })),
  );
  return out;
}

const IPS = Array.from({ length: 64 }, (_, i) => `10.9.${i >> 4}.${i & 15}`);

/** A request for the operation: valid-ish or broken, as a role. */
export function requestArb(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(validParts(op, pools), fc.constantFrom(...ROLES), fc.constantFrom(...IPS)).chain(([parts, role, ip]) => {
    const broken = mutations(op, parts);
    // About a third of the requests stay valid-ish, so they get past validation into the handlers.
    const total = broken.reduce((sum, m) => sum + m.weight, 0);
    const valid = { weight: Math.ceil(total / 2), arbitrary: fc.constant<Draft>({ ...parts, kind: 'valid' }) };
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
