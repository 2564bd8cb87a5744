import { describe, expect, it } from 'vitest';
import {
  BUSINESS_STATE_CODE,
  BUYER_STATES,
  buyerStateCodeSchema,
  GST_STATES,
  GSTIN_MESSAGES,
  gstinCheckChar,
  gstinProblem,
  gstinSchema,
  gstinStateCode,
  gstStateCodeSchema,
  gstStateName,
  hsnSchema,
  isGstStateCode,
  isHsn,
  isInterState,
  isSac,
  isValidGstin,
  sacOrHsnSchema,
  sacSchema,
  taxCodeKind,
} from './codes.ts';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Published example GSTINs (checked independently of this code). */
const PUBLISHED = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'];
/** GSTINs constructed for the tests, their 15th character computed by hand from the algorithm. */
const CONSTRUCTED = ['06AAACB1234C1ZJ', '07AAACR5055K1Z9', '06AAFCP1234Q1Z7', '33AAACH7409R1Z8', '24AAACC1206D1ZM'];

function message(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) {
  const r = schema.safeParse(v);
  return r.success ? null : r.error!.issues[0]!.message;
}

describe('GST state codes', () => {
  it('lists every state and union territory with its code; Haryana is 06 and the business state', () => {
    expect(gstStateName('06')).toBe('Haryana');
    expect(BUSINESS_STATE_CODE).toBe('06');
    expect(gstStateName('07')).toBe('Delhi');
    expect(gstStateName('38')).toBe('Ladakh');
    expect(gstStateName('37')).toBe('Andhra Pradesh');
    expect(gstStateName('36')).toBe('Telangana');
    expect(gstStateName('97')).toBe('Other Territory');
    expect(gstStateName('99')).toBe('Centre Jurisdiction');
    expect(gstStateName('39')).toBeUndefined();
    const codes = GST_STATES.map((s) => s.code);
    const expected = [...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')), '97', '99'];
    expect(codes).toEqual(expected);
    expect(new Set(GST_STATES.map((s) => s.name)).size).toBe(GST_STATES.length);
    expect(GST_STATES.filter((s) => s.kind === 'state')).toHaveLength(28 + 1); // 28 states and the legacy Andhra Pradesh code 28
    expect(GST_STATES.filter((s) => s.kind === 'union-territory' && !s.legacy)).toHaveLength(8);
  });

  it('buyer states leave out the legacy codes 25 and 28', () => {
    expect(BUYER_STATES.map((s) => s.code)).not.toContain('25');
    expect(BUYER_STATES.map((s) => s.code)).not.toContain('28');
    expect(BUYER_STATES.map((s) => s.code)).toContain('26');
  });

  it.each([
    ['06', true],
    ['01', true],
    ['38', true],
    ['97', true],
    ['99', true],
    ['00', false],
    ['39', false],
    ['96', false],
    ['6', false],
    [6, false],
    [null, false],
  ])('isGstStateCode(%j) = %s', (c, ok) => expect(isGstStateCode(c)).toBe(ok));

  it('zod: a state code, with a clear message', () => {
    expect(gstStateCodeSchema.parse(' 06 ')).toBe('06');
    expect(message(gstStateCodeSchema, '40')).toMatch(/Unknown state code/);
    expect(buyerStateCodeSchema.parse('07')).toBe('07');
    expect(message(buyerStateCodeSchema, '28')).toMatch(/Unknown state code/);
    expect(message(buyerStateCodeSchema, '99')).toMatch(/Unknown state code/);
  });

  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['06', false],
    ['07', true],
    ['29', true],
  ])('a buyer in %j is inter-state: %s', (s, inter) => expect(isInterState(s)).toBe(inter));

  it('inter-state compares with the given business state', () => expect(isInterState('06', '07')).toBe(true));
});

describe('GSTIN', () => {
  it.each([...PUBLISHED, ...CONSTRUCTED])('%s is valid', (g) => {
    expect(gstinCheckChar(g.slice(0, 14))).toBe(g[14]);
    expect(gstinProblem(g)).toBeNull();
    expect(isValidGstin(g)).toBe(true);
    expect(gstinSchema.parse(g)).toBe(g);
  });

  it('trims and upper-cases before checking', () => {
    expect(gstinSchema.parse('  06aaacb1234c1zj ')).toBe('06AAACB1234C1ZJ');
    expect(gstinStateCode('06AAACB1234C1ZJ')).toBe('06');
  });

  it.each([
    ['06AAACB1234C1ZK', GSTIN_MESSAGES.check], // wrong check character
    ['27AAPFU0939F1Z5', GSTIN_MESSAGES.check],
    ['06AAACB1234C1Z', GSTIN_MESSAGES.length],
    ['06AAACB1234C1ZJX', GSTIN_MESSAGES.length],
    ['', GSTIN_MESSAGES.length],
    ['06AAACB1234C1Z-', GSTIN_MESSAGES.characters],
    ['06AAACB 234C1ZJ', GSTIN_MESSAGES.characters],
    ['00AAACB1234C1ZJ', GSTIN_MESSAGES.state],
    ['39AAACB1234C1ZJ', GSTIN_MESSAGES.state],
    ['98AAACB1234C1ZJ', GSTIN_MESSAGES.state],
    ['0612ACB1234C1ZJ', GSTIN_MESSAGES.pan],
    ['06AAACBX234C1ZJ', GSTIN_MESSAGES.pan],
    ['06AAACB123451ZJ', GSTIN_MESSAGES.pan],
    ['06AAACB1234C0ZJ', GSTIN_MESSAGES.entity],
  ])('%j: %s', (g, msg) => {
    expect(gstinProblem(g)).toBe(msg);
    expect(isValidGstin(g)).toBe(false);
    expect(message(gstinSchema, g)).toBe(msg);
  });

  it('the message for a wrong check character names the fault', () =>
    expect(message(gstinSchema, '06AAACB1234C1ZK')).toBe(
      'GSTIN check character (the 15th) does not match: please check the number',
    ));

  it('catches every single wrong character of a valid GSTIN', () => {
    for (const g of [...PUBLISHED, ...CONSTRUCTED]) {
      for (let i = 0; i < 15; i++) {
        for (const c of CHARS) {
          if (c === g[i]) continue;
          const wrong = g.slice(0, i) + c + g.slice(i + 1);
          if (isValidGstin(wrong)) throw new Error(`${wrong} (from ${g}) passed`);
        }
      }
    }
  });

  it('exactly one check character of the 36 completes a GSTIN', () => {
    for (const g of [...PUBLISHED, ...CONSTRUCTED]) {
      const ok = [...CHARS].filter((c) => isValidGstin(g.slice(0, 14) + c));
      expect(ok).toEqual([g[14]]);
    }
  });

  it('refuses to compute a check character for a wrong shape', () => {
    expect(() => gstinCheckChar('06AAACB1234C1')).toThrow(RangeError);
    expect(() => gstinCheckChar('06aaacb1234c1z')).toThrow(RangeError);
  });

  it('isValidGstin refuses what is not a string', () => {
    expect(isValidGstin(null)).toBe(false);
    expect(isValidGstin(6)).toBe(false);
    expect(message(gstinSchema, 6)).not.toBeNull();
  });
});

describe('SAC and HSN', () => {
  it.each([
    ['999312', 'sac'], // veterinary services
    ['999729', 'sac'],
    ['998719', 'sac'],
    ['2309', 'hsn'], // pet food
    ['230910', 'hsn'],
    ['23091000', 'hsn'],
    ['3305', 'hsn'],
    ['01012100', 'hsn'],
    ['99', null],
    ['9993', null], // chapter 99 is services, and a SAC has 6 digits
    ['99931200', null],
    ['0012', null],
    ['23091', null],
    ['2309100', null],
    ['230910001', null],
    ['99931A', null],
    ['', null],
  ])('%j is %s', (code, kind) => {
    expect(taxCodeKind(code)).toBe(kind);
    expect(isSac(code)).toBe(kind === 'sac');
    expect(isHsn(code)).toBe(kind === 'hsn');
    expect(sacOrHsnSchema.safeParse(code).success).toBe(kind !== null);
  });

  it('zod schemas answer with what the code must be', () => {
    expect(sacSchema.parse(' 999312 ')).toBe('999312');
    expect(message(sacSchema, '989312')).toBe('SAC code must be 6 digits starting with 99');
    expect(message(sacSchema, '2309')).toBe('SAC code must be 6 digits starting with 99');
    expect(hsnSchema.parse('2309')).toBe('2309');
    expect(message(hsnSchema, '23091')).toBe('HSN code must be 4, 6 or 8 digits (chapters 01–98)');
    expect(message(hsnSchema, '999312')).toBe('HSN code must be 4, 6 or 8 digits (chapters 01–98)');
    expect(message(sacOrHsnSchema, 'ABC')).toBe(
      'Must be a SAC code (6 digits starting with 99) or an HSN code (4, 6 or 8 digits)',
    );
  });
});

describe('edges found by mutation testing', () => {
  it('gstinCheckChar takes exactly 14 characters, no more and no fewer around them', () => {
    expect(() => gstinCheckChar('06AAACB1234C1Z5')).toThrow('gstinCheckChar: "06AAACB1234C1Z5" is not 14 characters 0–9/A–Z');
    expect(() => gstinCheckChar('-06AAACB1234C1Z')).toThrow(RangeError);
  });

  it('a GSTIN fault is a custom issue', () => {
    expect(gstinSchema.safeParse('06AAACB1234C1Z4').error!.issues[0]!.code).toBe('custom');
  });

  it('SAC and HSN codes are text: a number that reads like one is neither', () => {
    expect(isSac(999312)).toBe(false);
    expect(isHsn(2309)).toBe(false);
  });
});
