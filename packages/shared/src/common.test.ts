import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHARS_MESSAGE,
  hasControlChars,
  optionalText,
  requiredString,
  rupees,
  rupeesSchema,
  text,
  whenObject,
  wholeNumber,
} from './common.ts';

const messages = (r: { success: boolean; error?: z.ZodError }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('the text rule', () => {
  it.each([
    ['\u0000', false, true],
    ['a\u0007b', false, true],
    ['\u001f', true, true],
    ['\u007f', true, true],
    ['\u0085', true, true],
    ['\u009f', false, true],
    ['tab\there', false, true],
    ['line\nbreak', false, true],
    ['tab\there', true, false],
    ['line\r\nbreak', true, false],
    ['plain text, ünïcödé, 😀', false, false],
    ['\u00a0non-breaking space', false, false],
  ])('%j (multiline %s): control characters %s', (s, multiline, expected) => {
    expect(hasControlChars(s, multiline)).toBe(expected);
  });

  it('every text helper refuses control characters with the same message', () => {
    expect(messages(text().safeParse('a\u0000'))).toEqual([CONTROL_CHARS_MESSAGE]);
    expect(messages(requiredString('Name is required', 10).safeParse('Asha\u0000'))).toEqual([CONTROL_CHARS_MESSAGE]);
    expect(messages(optionalText(10).safeParse('x\u001b'))).toEqual([CONTROL_CHARS_MESSAGE]);
    expect(requiredString('Address is required', 100, undefined, { multiline: true }).parse(' 1 Road\nCity ')).toBe(
      '1 Road\nCity',
    );
    expect(messages(requiredString('Name is required', 100).safeParse('1 Road\nCity'))).toEqual([CONTROL_CHARS_MESSAGE]);
  });
});

describe('numbers', () => {
  it('money names its limit', () => {
    expect(rupeesSchema.parse(10_000_000)).toBe(10_000_000);
    expect(messages(rupeesSchema.safeParse(10_000_000.01))).toEqual(['Must be at most ₹1,00,00,000.00']);
    expect(messages(rupees({ label: 'Price', max: 500 }).safeParse(501))).toEqual(['Price must be at most ₹500.00']);
    expect(messages(rupees({ label: 'Price' }).safeParse(1.005))).toEqual(['Price can have at most two decimals']);
  });

  it('counts stay inside an integer column', () => {
    expect(messages(wholeNumber('Stock').safeParse(2 ** 31))).toEqual(['Stock must be at most 10,00,00,000']);
    expect(messages(wholeNumber('Stock').safeParse(1.5))).toEqual(['Stock must be a whole number']);
    expect(messages(wholeNumber('Days', { min: 1, max: 366 }).safeParse(0))).toEqual(['Days must be at least 1']);
  });
});

describe('whenObject: an object rule that runs while other fields fail', () => {
  const schema = z.object({ a: z.string().min(3, 'short'), b: z.string().optional() }).superRefine((v, ctx) => {
    if (v.b?.trim() === 'x') ctx.addIssue({ code: 'custom', path: ['b'], message: 'b is x' });
  }, whenObject);

  it('runs when another field failed its checks or is missing', () => {
    expect(messages(schema.safeParse({ a: 'no', b: ' x' }))).toEqual(['short', 'b is x']);
    expect(messages(schema.safeParse({ b: 'x' }))).toEqual(['Invalid input: expected string, received undefined', 'b is x']);
  });

  it('never runs on a non-object, nor when a field holds the wrong type', () => {
    for (const value of [null, [], 42, 'text']) expect(schema.safeParse(value).success).toBe(false);
    expect(messages(schema.safeParse({ a: 'long enough', b: { trim: 1 } }))).toEqual([
      'Invalid input: expected string, received object',
    ]);
  });
});
