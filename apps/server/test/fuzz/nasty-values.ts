/**
 * Values and texts a careless or hostile client sends: control characters, odd unicode, huge strings, extreme
 * numbers, malformed ids and dates, prototype keys, deep nesting, invalid JSON, wrong content types, garbage tokens.
 */
import fc from 'fast-check';

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

export const nastyString = fc.oneof(
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
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
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

/** Where `deepJson` goes in a serialised body: `setAt(body, path, DEEP_MARK)`, then replace `"DEEP_MARK"`. */
export const DEEP_MARK = '@@deep@@';
export const deepJson = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

export const invalidJson = (valid: string) =>
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

export const wrongContentType = fc.constantFrom(
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

export const garbageAuth = fc.oneof(
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
