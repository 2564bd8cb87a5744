import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_SLOTS, BREEDS_BY_SPECIES, DOG_BREEDS, SERVICE_CATALOG, SPECIES } from './catalog.ts';

describe('catalog', () => {
  it("offers the existing client's 54 dog breeds, spelled and ordered as it sends them", () => {
    // shared/reference/dog-breeds.txt sits beside the repository (as in CI).
    const reference = readFileSync(new URL('../../../../shared/reference/dog-breeds.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(reference).toHaveLength(54);
    expect([...DOG_BREEDS]).toEqual(reference);
    expect(DOG_BREEDS).toContain('Rajapalayan');
    expect(DOG_BREEDS).toContain('Indie');
  });

  it('has a breed list for every species', () => {
    for (const s of SPECIES) expect(BREEDS_BY_SPECIES[s].length).toBeGreaterThan(0);
  });

  it('has 17 appointment slots from 09:00 to 12:30 and 14:00 to 18:00', () => {
    expect(APPOINTMENT_SLOTS).toHaveLength(17);
    expect(APPOINTMENT_SLOTS[0]).toBe('09:00');
    expect(APPOINTMENT_SLOTS).toContain('12:30');
    expect(APPOINTMENT_SLOTS).not.toContain('13:00');
    expect(APPOINTMENT_SLOTS.at(-1)).toBe('18:00');
  });

  it('lists the six catalogue services of the spec', () => {
    expect(SERVICE_CATALOG.map((s) => s.price)).toEqual([1000, 1000, 650, 350, 700, 450]);
  });
});
