import { describe, expect, it } from 'vitest';
import { num, paise } from './form-parts';

describe('num and paise: what a NumberInput holds, as rupees and paise', () => {
  it.each<{ label: string; value: number | string; rupees: number; inPaise: number }>([
    { label: '250', value: 250, rupees: 250, inPaise: 25000 },
    { label: '199.5', value: 199.5, rupees: 199.5, inPaise: 19950 },
    { label: '0.1 + 0.2', value: 0.1 + 0.2, rupees: 0.1 + 0.2, inPaise: 30 },
    { label: "'12.75' (text)", value: '12.75', rupees: 12.75, inPaise: 1275 },
    { label: "'' (cleared)", value: '', rupees: 0, inPaise: 0 },
    { label: "'-' (partial input)", value: '-', rupees: 0, inPaise: 0 },
    { label: 'NaN', value: Number.NaN, rupees: 0, inPaise: 0 },
  ])('$label → $rupees rupees, $inPaise paise', ({ value, rupees, inPaise }) => {
    expect(num(value)).toBe(rupees);
    expect(paise(value)).toBe(inPaise);
  });
});
