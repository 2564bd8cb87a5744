import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, toCsv } from './csv.ts';

/** A strict RFC 4180 reader (for the round-trip checks only): records end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\r' || c === '\n') {
      throw new Error(`bare line break outside quotes at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quote');
  if (field !== '' || row.length) throw new Error('last record without CRLF');
  return rows;
}

describe('toCsv', () => {
  it('starts with the UTF-8 BOM by default and ends every record with CRLF', () => {
    const csv = toCsv([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(csv).toBe('\uFEFFa,b\r\nc,d\r\n');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(CSV_BOM).toBe('\uFEFF');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('leaves the BOM out when asked', () => {
    expect(toCsv([['a']], { bom: false })).toBe('a\r\n');
    expect(toCsv([['a']], { bom: true })).toBe('\uFEFFa\r\n');
  });

  it('writes nothing but the BOM for no rows, and an empty record for an empty row', () => {
    expect(toCsv([])).toBe('\uFEFF');
    expect(toCsv([[]], { bom: false })).toBe('\r\n');
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['line1\nline2', '"line1\nline2"'],
    ['line1\r\nline2', '"line1\r\nline2"'],
    ['ends\r', '"ends\r"'],
    ['', ''],
    [' spaced ', ' spaced '],
    ["it's", "it's"],
    ['semi;colon', 'semi;colon'],
  ])('quotes %j as %j', (cell, field) => expect(csvField(cell)).toBe(field));

  it.each([
    ['₹1,234.00', '"₹1,234.00"'],
    ['Bruno 🐶', 'Bruno 🐶'],
    ['शेरू', 'शेरू'],
    ['Zoë Gurugram', 'Zoë Gurugram'],
    ['𝒜', '𝒜'],
  ])('keeps unicode %j', (cell, field) => expect(csvField(cell)).toBe(field));

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-5', "'-5"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['\tTAB', "'\tTAB"],
    ['\r=1', '"\'\r=1"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['=1,2', '"\'=1,2"'],
  ])('neutralises the formula text %j as %j', (cell, field) => expect(csvField(cell)).toBe(field));

  it.each([
    ['a=b', 'a=b'],
    ['x-1', 'x-1'],
    ['me@example.com', 'me@example.com'],
    [' =1', ' =1'],
    ["'=1", "'=1"],
  ])('leaves %j alone (the formula character is not first)', (cell, field) => expect(csvField(cell)).toBe(field));

  it.each([
    [0, '0'],
    [-0, '0'],
    [42, '42'],
    [-12.5, '-12.5'],
    [-1234567, '-1234567'],
    [1234.56, '1234.56'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e21, '1e+21'],
  ])('writes the number %s as %s (numbers are never neutralised)', (n, field) => expect(csvField(n)).toBe(field));

  it('refuses numbers that are not finite', () => {
    expect(() => toCsv([[Number.NaN]])).toThrow(RangeError);
    expect(() => toCsv([[Number.POSITIVE_INFINITY]])).toThrow(/not a finite number/);
    expect(() => toCsv([[Number.NEGATIVE_INFINITY]])).toThrow(RangeError);
  });

  it('refuses other kinds of values', () => {
    expect(() => toCsv([[true as unknown as string]])).toThrow(TypeError);
    expect(() => toCsv([[true as unknown as string]])).toThrow('a cell must be a string, a number or null, not boolean');
    expect(() => toCsv([[{} as unknown as string]])).toThrow(TypeError);
  });

  it('writes null and undefined as empty fields', () => {
    expect(toCsv([[null, 'a', undefined, null]], { bom: false })).toBe(',a,,\r\n');
  });

  it('a negative number stays a number while the same text is neutralised', () => {
    expect(toCsv([[-250, '-250']], { bom: false })).toBe("-250,'-250\r\n");
  });

  it('round-trips through an RFC 4180 reader (formula text comes back with its apostrophe)', () => {
    const rows = [
      ['Date', 'Pet', 'Owner', 'Amount', 'Note'],
      ['2026-11-25', 'Bruno, the "big" dog', 'Zoë Sharma', 1234.5, 'two\nlines'],
      ['2026-11-25', 'शेरू 🐶', null, -250, '=cmd|calc'],
      ['', '@x', '+y', 0, '-z'],
      ['a\r\nb', '\t', '\r', 7, ','],
    ];
    const back = parseCsv(toCsv(rows, { bom: false }));
    expect(back).toEqual([
      ['Date', 'Pet', 'Owner', 'Amount', 'Note'],
      ['2026-11-25', 'Bruno, the "big" dog', 'Zoë Sharma', '1234.5', 'two\nlines'],
      ['2026-11-25', 'शेरू 🐶', '', '-250', "'=cmd|calc"],
      ['', "'@x", "'+y", '0', "'-z"],
      ['a\r\nb', "'\t", "'\r", '7', ','],
    ]);
    // Each record has the same number of fields, so no line break leaked out of its quotes.
    expect(new Set(back.map((r) => r.length))).toEqual(new Set([5]));
    // After the BOM, the text parses the same.
    expect(parseCsv(toCsv(rows).slice(1))).toEqual(back);
  });
});
