/**
 * Valid-ish values from the OpenAPI document: what a well-behaved client would send, derived from each route's
 * JSON schema (types, enums, bounds, patterns, formats, examples) plus real ids, emails and dates from the
 * database, so that generated requests get past validation into the handlers. The mutations (./mutations.ts)
 * then break them in every way a client can.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  example?: unknown;
  examples?: unknown[];
}

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
  example?: unknown;
}

/** One route of the OpenAPI document. */
export interface Operation {
  method: string;
  /** `/api/v1/pet/getpetdetails/{id}` */
  path: string;
  pathParams: Param[];
  query: Param[];
  body?: JsonSchema;
}

/** Every operation of the document (`app.swagger()`), so routes added later are covered without a change here. */
export function operationsOf(doc: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as {
        parameters?: (Param & { in: string })[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** Real values from the database the generated requests may use. */
export interface Pools {
  /** Ids per table, newest first. */
  ids: Map<string, string[]>;
  emails: string[];
  /** Today in the business time zone, `yyyy-MM-dd`. */
  today: string;
}

const ID_PATTERN = '^[0-9a-f]{24}$';
const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);

/** The table an id-shaped field most likely names, from the field's name and the route's path. */
function tableFor(pools: Pools, field: string, path: string): string | undefined {
  const name = field.toLowerCase().replace(/_?ids?$/, '');
  const segments = path.toLowerCase().split('/');
  const last = segments.filter((s) => s && !s.startsWith('{')).pop() ?? '';
  let best: string | undefined;
  let bestScore = 0;
  for (const [table, ids] of pools.ids) {
    if (ids.length === 0) continue;
    const words = table.split('_').map((w) => w.replace(/s$/, ''));
    let score = 0;
    for (const w of words) {
      if (w.length < 3) continue;
      if (name?.includes(w)) score += 10;
      if (last.includes(w)) score += 5;
      if (segments.some((s) => s.includes(w))) score += 1;
    }
    if (score > bestScore) [best, bestScore] = [table, score];
  }
  return best;
}

function idArb(pools: Pools, field: string, path: string): fc.Arbitrary<string> {
  const table = tableFor(pools, field, path);
  const own = table ? (pools.ids.get(table) ?? []) : [];
  const all = [...pools.ids.values()].flat();
  const arbs: fc.WeightedArbitrary<string>[] = [{ weight: 1, arbitrary: hex24 }];
  if (own.length) arbs.push({ weight: 8, arbitrary: fc.constantFrom(...own) });
  if (all.length) arbs.push({ weight: 2, arbitrary: fc.constantFrom(...all) });
  return fc.oneof(...arbs);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dateArb = (pools: Pools) =>
  fc.oneof(
    fc.constantFrom(pools.today, addDays(pools.today, 1), addDays(pools.today, -1)),
    fc.integer({ min: -800, max: 60 }).map((n) => addDays(pools.today, n)),
  );

/** Emails of existing accounts (sign-in, conflicts) or new plain ones (sign-up). */
const emailArb = (pools: Pools) => {
  const fresh = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.nat(99_999))
    .map(([name, n]) => `${name.replace(/\.+/g, '.')}${n}@example.in`);
  return pools.emails.length ? fc.oneof(fc.constantFrom(...pools.emails), fresh) : fresh;
};

/** Printable text within the schema's length bounds (short, so valid requests stay cheap). */
function textArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 24, 24));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: max, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: max, unit: 'grapheme' }) },
  );
}

/** A field named after a table (`petId`, `visitType`, `presentIds`) holds ids of it. */
function namesATable(pools: Pools, field: string): boolean {
  if (/(^|_)ids?$|Ids?$/.test(field)) return true;
  // The existing client's lower-case names: `boardingid` holds a boarding's id.
  if (/^[a-z]+id$/.test(field) && pools.ids.has(`${field.slice(0, -2)}s`)) return true;
  const snake = field.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return [...pools.ids.keys()].some((t) => t === `${snake}s` || t.endsWith(`_${snake}s`));
}

function stringArb(s: JsonSchema, field: string, path: string, pools: Pools): fc.Arbitrary<string> {
  const f = field.toLowerCase();
  if (s.pattern === ID_PATTERN || (!s.pattern && !s.enum && namesATable(pools, field))) return idArb(pools, field, path);
  if (s.format === 'date' || /date|dob|^to$|^from$|givenon|nextdue|followup$/.test(f)) return dateArb(pools);
  if (s.format === 'email' || f.includes('email')) return emailArb(pools);
  if (f.includes('phone')) return fc.stringMatching(/^[6-9]\d{9}$/);
  if (f.includes('time')) return fc.constantFrom('09:30', '18:45', '00:00');
  if (f.includes('password')) return fc.constantFrom('secret123', 'another-pass-1');
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const max = s.maxLength ?? 40;
    return fc.stringMatching(re).filter((v) => v.length <= max && v.length >= (s.minLength ?? 0));
  }
  return textArb(s);
}

function numberArb(s: JsonSchema, integer: boolean, field: string): fc.Arbitrary<number> {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : undefined;
  const f = field.toLowerCase();
  const smallCount = /quantity|stock|dose|days|level|limit|count/.test(f);
  const min = Math.max(s.minimum ?? exMin ?? 0, smallCount ? 1 : 0);
  const max = Math.min(s.maximum ?? exMax ?? 1_000, smallCount ? Math.max(min, 20) : 1_000_000);
  const ints = fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  if (integer || smallCount)
    return fc.oneof({ weight: 3, arbitrary: fc.constant(Math.ceil(min)) }, { weight: 5, arbitrary: ints });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 4, arbitrary: ints },
    { weight: 2, arbitrary: ints.map((n) => Math.min(max, n + 0.25)) },
  );
}

/** A valid-ish value for a schema; `field` and `path` steer ids, dates, emails and counts. */
export function valueArb(s: JsonSchema, field: string, path: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  let arb = baseArb(s, field, path, pools, depth);
  const examples = [...(s.examples ?? []), ...(s.example !== undefined ? [s.example] : [])];
  if (examples.length) arb = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...examples) }, { weight: 3, arbitrary: arb });
  if (s.nullable) arb = fc.option(arb, { nil: null, freq: 6 });
  return arb;
}

function baseArb(s: JsonSchema, field: string, path: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueArb(a, field, path, pools, depth)));
  if (s.allOf?.length) return valueArb(s.allOf[0]!, field, path, pools, depth);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringArb(s, field, path, pools);
    case 'integer':
      return numberArb(s, true, field);
    case 'number':
      return numberArb(s, false, field);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.max(min, Math.min(s.maxItems ?? 3, 3));
      return fc.array(valueArb(s.items ?? {}, singular(field), path, pools, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object':
      return objectArb(s, field, path, pools, depth);
    default:
      // An untyped schema (z.unknown()): guess from the field's name.
      if (namesATable(pools, field)) return idArb(pools, field, path);
      if (/quantity|count|dose|days/i.test(field)) return fc.integer({ min: 1, max: 5 });
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 10 }), fc.constant(null));
  }
}

const singular = (field: string) => field.replace(/ies$/, 'y').replace(/s$/, '');

function objectArb(s: JsonSchema, field: string, path: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  if (props.length === 0) {
    if (depth > 2) return fc.constant({});
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
      maxKeys: 3,
    });
  }
  const required = new Set(s.required ?? []);
  const entries = props.map(([name, ps]) => {
    const v = valueArb(ps, name || field, path, pools, depth + 1).map((x) => [name, x] as [string, unknown]);
    return required.has(name) ? v : fc.option(v, { freq: 3, nil: undefined });
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((p) => p !== undefined)));
}
