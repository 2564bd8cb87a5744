import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import css from './a11y.css?raw';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = (hex.match(/[0-9a-f]{2}/gi) ?? []).map((x) => {
    const v = Number.parseInt(x, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The shades a11y.css sets, laid over Mantine's. */
const overrides = new Map(
  [...css.matchAll(/--mantine-color-([a-z]+)-(\d):\s*(#[0-9a-f]{6})/g)].map((m) => [`${m[1]}.${m[2]}`, m[3]!]),
);
const shade = (hue: string, n: number) => overrides.get(`${hue}.${n}`) ?? DEFAULT_THEME.colors[hue]![n]!;
const variable = (name: string) => css.match(new RegExp(`--mantine-color-${name}:\\s*(#[0-9a-f]{6})`))?.[1];

const WHITE = '#ffffff';
const HUES = Object.keys(DEFAULT_THEME.colors).filter((h) => h !== 'gray' && h !== 'dark');

describe('the colours of a11y.css', () => {
  it('are read from the file', () => {
    expect(overrides.size).toBeGreaterThan(20);
    expect(overrides.get('orange.8')).toMatch(/^#/);
  });

  it.each(HUES)('%s: text and filled backgrounds (shade 8) reach 4.5:1 on white and on the light tints', (hue) => {
    for (const bg of [WHITE, shade(hue, 0), shade(hue, 1)]) expect(contrast(shade(hue, 8), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(HUES)('%s: the light variant (shade 9 on shade 1) and shade 7 on white reach 4.5:1', (hue) => {
    expect(contrast(shade(hue, 9), shade(hue, 1))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade(hue, 7), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text and placeholders reach 4.5:1 on white, on grey and on the light tints the app uses', () => {
    const backgrounds = [WHITE, shade('gray', 0), shade('gray', 1), shade('orange', 0), shade('yellow', 0), shade('blue', 0)];
    for (const name of ['dimmed', 'placeholder']) {
      const colour = variable(name);
      expect(colour, name).toBeDefined();
      for (const bg of backgrounds) expect(contrast(colour!, bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("error text is red's shade 8", () => {
    expect(css).toMatch(/--mantine-color-error:\s*var\(--mantine-color-red-8\)/);
  });
});
