import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BROKEN_TEXT_MESSAGE,
  CONTROL_CHARS_MESSAGE,
  hasBrokenChars,
  hasControlChars,
  isPlainObject,
  optionalText,
  requiredId,
  requiredString,
  rupees,
  rupeesSchema,
  text,
  unpagedLimitQuery,
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

  it('refuses a lone surrogate (broken Unicode) and keeps a paired one', () => {
    expect(hasBrokenChars('a\ud800b')).toBe(true);
    expect(hasBrokenChars('😀')).toBe(false);
    expect(messages(text().safeParse('a\udc00'))).toEqual([BROKEN_TEXT_MESSAGE]);
  });

  it('names a missing or non-text value with the field’s message', () => {
    expect(messages(text({ error: 'Name must be text' }).safeParse(5))).toEqual(['Name must be text']);
    expect(messages(optionalText(10).safeParse(5))).toEqual(['Must be text']);
    expect(messages(optionalText(10, undefined, { error: 'Note must be text' }).safeParse(5))).toEqual(['Note must be text']);
  });

  it('optional text: blank, null and absent are none; trimmed; the limit named', () => {
    const note = optionalText(5);
    expect([note.parse(undefined), note.parse(null), note.parse('   '), note.parse(' ab ')]).toEqual([null, null, null, 'ab']);
    expect(messages(note.safeParse('abcdef'))).toEqual(['At most 5 characters']);
    expect(messages(optionalText(5, 'Note is too long').safeParse('abcdef'))).toEqual(['Note is too long']);
  });

  it('a required id: blank is missing, not text is its own message, malformed is Invalid id', () => {
    const petId = requiredId('A pet must be selected', 'The pet must be an id');
    expect(petId.parse('65f1a2b3c4d5e6f708192a3b')).toBe('65f1a2b3c4d5e6f708192a3b');
    expect(messages(petId.safeParse('  '))).toEqual(['A pet must be selected']);
    expect(messages(petId.safeParse(7))).toEqual(['The pet must be an id']);
    expect(messages(petId.safeParse('abc'))).toEqual(['Invalid id']);
    expect(messages(requiredId('A pet must be selected').safeParse(null))).toEqual(['A pet must be selected']);
  });
});

describe('numbers', () => {
  it('money names its limit', () => {
    expect(rupeesSchema.parse(10_000_000)).toBe(10_000_000);
    expect(messages(rupeesSchema.safeParse(10_000_000.01))).toEqual(['Must be at most ₹1,00,00,000.00']);
    expect(messages(rupees({ label: 'Price', max: 500 }).safeParse(501))).toEqual(['Price must be at most ₹500.00']);
    expect(messages(rupees({ label: 'Price' }).safeParse(1.005))).toEqual(['Price can have at most two decimals']);
  });

  it('money names what is wrong, with the label', () => {
    expect(messages(rupeesSchema.safeParse('5'))).toEqual(['Must be a number']);
    expect(messages(rupees({ label: 'Price' }).safeParse('5'))).toEqual(['Price must be a number']);
    expect(messages(rupees({ label: 'Price', error: 'Enter the price' }).safeParse('5'))).toEqual(['Enter the price']);
    expect(messages(rupeesSchema.safeParse(-1))).toEqual(['Must not be negative']);
    expect(messages(rupees({ label: 'Price' }).safeParse(-1))).toEqual(['Price cannot be negative']);
  });

  it('counts stay inside an integer column', () => {
    expect(messages(wholeNumber('Stock').safeParse(2 ** 31))).toEqual(['Stock must be at most 10,00,00,000']);
    expect(messages(wholeNumber('Stock').safeParse(1.5))).toEqual(['Stock must be a whole number']);
    expect(messages(wholeNumber('Days', { min: 1, max: 366 }).safeParse(0))).toEqual(['Days must be at least 1']);
    expect(messages(wholeNumber('Stock').safeParse(-1))).toEqual(['Stock cannot be negative']);
    expect(messages(wholeNumber('Stock').safeParse('3'))).toEqual(['Stock must be a number']);
  });

  it('an unpaged list answers UNPAGED_MAX rows when no limit is named', () => {
    expect(unpagedLimitQuery().parse(undefined)).toBe(500);
    expect(unpagedLimitQuery().parse('20')).toBe(20);
    expect(unpagedLimitQuery(100).safeParse('101').success).toBe(false);
  });
});

describe('isPlainObject', () => {
  it('is a JSON object, not null, an array or a scalar', () => {
    expect(isPlainObject({ a: 1 })).toBe(true);
    expect([null, [], 42, 'text', undefined, true].map(isPlainObject)).toEqual([false, false, false, false, false, false]);
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
