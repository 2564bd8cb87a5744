import { describe, expect, it } from 'vitest';
import { documentFileName, documentListQuery, documentNumber, upiPayUri } from './schemas.ts';

describe('GST document helpers', () => {
  it('numbers a document in at most 16 characters', () => {
    expect(documentNumber('T', '2026-27', 1)).toBe('T/2026-27/000001');
    expect(documentNumber('C', '2026-27', 999999)).toBe('C/2026-27/999999');
    expect(() => documentNumber('B', '2026-27', 1_000_000)).toThrow(/longer than 16/);
  });

  it('names the PDF after the number', () => {
    expect(documentFileName('T/2026-27/000001')).toBe('T-2026-27-000001.pdf');
  });

  it('builds the UPI link with the amount in rupees and the number as the note', () => {
    expect(upiPayUri('shop@upi', 'Pet DayCare Service', 1234.5, 'T/2026-27/000001')).toBe(
      'upi://pay?pa=shop%40upi&pn=Pet%20DayCare%20Service&am=1234.50&cu=INR&tn=T%2F2026-27%2F000001',
    );
  });

  it('lists by exactly one of a visit or an owner', () => {
    const id = '65f1a2b3c4d5e6f708192a3b';
    expect(documentListQuery.safeParse({ visitId: id }).success).toBe(true);
    expect(documentListQuery.safeParse({ ownerId: id }).success).toBe(true);
    expect(documentListQuery.safeParse({}).success).toBe(false);
    expect(documentListQuery.safeParse({ visitId: id, ownerId: id }).success).toBe(false);
    expect(documentListQuery.safeParse({ visitId: 'x' }).success).toBe(false);
  });
});
