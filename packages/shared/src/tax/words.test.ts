import { describe, expect, it } from 'vitest';
import { amountInWords, numberInIndianWords } from './words.ts';

describe('amountInWords (Indian numbering)', () => {
  it.each([
    [50, 'Rupees Zero and Fifty Paise Only'], // ₹0.50
    [100_000_00, 'Rupees One Lakh Only'], // ₹1,00,000
    [12_34_56_789_05, 'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only'],
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paisa Only'],
    [2, 'Rupees Zero and Two Paise Only'],
    [99, 'Rupees Zero and Ninety Nine Paise Only'],
    [100, 'Rupees One Only'],
    [101, 'Rupees One and One Paisa Only'],
    [1000, 'Rupees Ten Only'],
    [1100, 'Rupees Eleven Only'],
    [1900, 'Rupees Nineteen Only'],
    [2000, 'Rupees Twenty Only'],
    [2100, 'Rupees Twenty One Only'],
    [9900, 'Rupees Ninety Nine Only'],
    [10000, 'Rupees One Hundred Only'],
    [10100, 'Rupees One Hundred One Only'],
    [11000, 'Rupees One Hundred Ten Only'],
    [99999, 'Rupees Nine Hundred Ninety Nine and Ninety Nine Paise Only'],
    [1_000_00, 'Rupees One Thousand Only'],
    [1_001_00, 'Rupees One Thousand One Only'],
    [1_180_00, 'Rupees One Thousand One Hundred Eighty Only'],
    [12_000_00, 'Rupees Twelve Thousand Only'],
    [99_999_00, 'Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Only'],
    [1_00_001_00, 'Rupees One Lakh One Only'],
    [1_18_000_50, 'Rupees One Lakh Eighteen Thousand and Fifty Paise Only'],
    [10_00_000_00, 'Rupees Ten Lakh Only'],
    [99_99_999_99, 'Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_00_00_001_00, 'Rupees One Crore One Only'],
    [1_05_00_000_00, 'Rupees One Crore Five Lakh Only'],
    [99_00_00_000_00, 'Rupees Ninety Nine Crore Only'],
    [1_00_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [1_23_45_67_890_00, 'Rupees One Hundred Twenty Three Crore Forty Five Lakh Sixty Seven Thousand Eight Hundred Ninety Only'],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
    [-1_180_00, 'Minus Rupees One Thousand One Hundred Eighty Only'],
    [-50, 'Minus Rupees Zero and Fifty Paise Only'],
  ])('%s paise → %s', (paise, words) => expect(amountInWords(paise)).toBe(words));

  it('writes the largest safe amount without a gap or a double space', () => {
    const w = amountInWords(Number.MAX_SAFE_INTEGER); // ₹90,07,19,92,54,74,09.91: 90,07,199 crore
    expect(w).toBe(
      'Rupees Ninety Lakh Seven Thousand One Hundred Ninety Nine Crore Twenty Five Lakh Forty Seven Thousand Four Hundred Nine and Ninety One Paise Only',
    );
    expect(w).not.toMatch(/ {2}|-/);
  });

  it.each([0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (p) => {
    expect(() => amountInWords(p)).toThrow(RangeError);
  });

  it('every number from 0 to 1,00,000 has single-spaced Title Case words and reads back', () => {
    const value: Record<string, number> = {};
    const ones =
      'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen';
    ones.split(' ').forEach((w, i) => {
      value[w] = i;
    });
    'Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety'.split(' ').forEach((w, i) => {
      value[w] = (i + 2) * 10;
    });
    const scale: Record<string, number> = { Thousand: 1000, Lakh: 100_000 };
    // Reads Indian-numbering words back into a number (the inverse), so each word list is checked, not just a sample.
    const read = (words: string): number => {
      let total = 0;
      let group = 0;
      for (const w of words.split(' ')) {
        if (w in value) group += value[w]!;
        else if (w === 'Hundred') group *= 100;
        else if (w === 'Crore') {
          // everything so far counts crores ('One Lakh Crore')
          total = (total + group) * 10_000_000;
          group = 0;
        } else if (w in scale) {
          total += group * scale[w]!;
          group = 0;
        } else throw new Error(`unknown word ${w}`);
      }
      return total + group;
    };
    for (let n = 0; n <= 100_000; n++) {
      const w = numberInIndianWords(n);
      if (read(w) !== n || / {2}|^ | $/.test(w)) throw new Error(`${n} → ${w}`);
    }
    for (const n of [12_34_56_789, 99_99_99_999, 1_00_00_00_000, 4_56_78_90_12_345]) expect(read(numberInIndianWords(n))).toBe(n);
  });

  it('numberInIndianWords refuses negatives and fractions', () => {
    expect(() => numberInIndianWords(-1)).toThrow(RangeError);
    expect(() => numberInIndianWords(1.5)).toThrow(RangeError);
  });
});

describe('edges found by mutation testing', () => {
  it('says which number is refused', () => {
    expect(() => numberInIndianWords(-1)).toThrow('numberInIndianWords: -1 is not a whole number of 0 or more');
    expect(() => amountInWords(1.5)).toThrow('amountInWords: 1.5 is not a whole number of paise');
  });
});
