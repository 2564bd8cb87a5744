import { gstinCheckChar, type TakingsResponse } from '@pawdesk/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taxDocuments, visitTypes } from '../../db/schema/index.ts';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';
import { testConfig, type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';
import { postAs } from '../../../test/visit-kit.ts';

/**
 * Tax collected by rate in GET /payments/takings (from the period's GST documents), the takings CSV's sections
 * (figures, tax by rate, visits, documents, ledger), an admin's range, and the accountant's GST summary by SAC/HSN.
 */
const BUSINESS_GSTIN = `06AAAAA0000A1Z${gstinCheckChar('06AAAAA0000A1Z')}`;
const t = useTestApp({ business: { ...testConfig().business, gstin: BUSINESS_GSTIN, stateCode: '06' } });
const staff = useTestUser(t, 'staff');
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
const db = () => t.database.db;
const post = postAs(t);
const DAY = '2026-09-10';
const NEXT = '2026-09-11';

const get = (url: string, query: Record<string, string>, token = staff.token) =>
  t.call({ method: 'GET', url: `/api/v1/payments/${url}`, query, token });

let seq = 0;
/** A shop sale of one item with these GST fields, paid in cash, for an owner of this name. */
async function shopSale(item: { price: number; rate: number; exempt?: boolean; hsn: string }, ownerName = 'Asha Rao') {
  const name = `Tax item ${++seq}`;
  await makeItem(db(), {
    itemName: name,
    hsnCode: item.hsn,
    gstRatePercent: item.rate,
    gstExempt: item.exempt ?? false,
    priceIncludesTax: true,
  });
  const owner = await makeOwner(db(), { name: ownerName });
  const pet = await makePet(db(), { ownerId: owner.id });
  const [shop] = await db().select().from(visitTypes).where(eq(visitTypes.code, 'shop'));
  const res = await post(
    '/visit/addshopvisit',
    {
      petId: pet.id,
      visitType: shop!.id,
      items: [{ name, price: item.price, quantity: 1 }],
      details: { totalCalculatedPrice: item.price, selectedPayment: 'cash' },
    },
    staff.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().visit._id as string;
}

describe('tax collected by rate, the CSV sections and the GST summary', () => {
  const visitIds: string[] = [];
  beforeAll(async () => {
    t.clock.set(new Date(`${DAY}T06:00:00Z`));
    visitIds.push(await shopSale({ price: 118, rate: 18, hsn: '23091000' }, '=SUM(A1), "Boss"\nSecond line'));
    visitIds.push(await shopSale({ price: 105, rate: 5, hsn: '23091000' }));
    visitIds.push(await shopSale({ price: 59, rate: 18, hsn: '42010000' }));
    visitIds.push(await shopSale({ price: 50, rate: 0, exempt: true, hsn: '30049099' }));
    t.clock.set(new Date(`${NEXT}T06:00:00Z`));
    visitIds.push(await shopSale({ price: 236, rate: 18, hsn: '23091000' }));
  });

  it('GET /payments/takings answers the tax by rate, reconciling with the documents to the paisa', async () => {
    const res = await get('takings', { date: DAY });
    expect(res.statusCode, res.body).toBe(200);
    const { tax } = res.json() as TakingsResponse;
    expect(tax.byRate).toEqual([
      { ratePercent: null, lines: 1, taxableValue: 50, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 50 },
      { ratePercent: 5, lines: 1, taxableValue: 100, cgst: 2.5, sgst: 2.5, igst: 0, tax: 5, total: 105 },
      { ratePercent: 18, lines: 2, taxableValue: 150, cgst: 13.5, sgst: 13.5, igst: 0, tax: 27, total: 177 },
    ]);
    expect(tax).toMatchObject({ taxableValue: 300, cgst: 16, sgst: 16, igst: 0, total: 32 });
    expect(tax.documents).toEqual({ taxInvoices: 3, billsOfSupply: 1, creditNotes: 0 });
    // Straight from the documents table: the same sums.
    const [row] = ((r: unknown) => ((r as { rows?: unknown }).rows ?? r) as Record<string, string>[])(
      await db().execute(
        sql`select coalesce(sum(cgst_paise + sgst_paise + igst_paise), 0) as tax, coalesce(sum(taxable_paise), 0) as taxable
            from ${taxDocuments} where document_date = ${DAY}`,
      ),
    );
    expect(Number(row!.tax)).toBe(3200);
    expect(Number(row!.taxable)).toBe(30_000);
    // An admin's range adds the next day's sale.
    const range = (await get('takings', { from: DAY, to: NEXT }, admin.token)).json() as TakingsResponse;
    expect(range.tax.total).toBe(32 + 36);
    expect(range.tax.byRate.find((r) => r.ratePercent === 18)).toMatchObject({ lines: 3, taxableValue: 350, tax: 63 });
  });

  it('the CSV: figures, tax by rate, visits, documents and the ledger, escaped', async () => {
    const res = await get('takings.csv', { date: DAY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    const section = (header: string) => {
      const at = lines.findIndex((l) => l.startsWith(`${header},`));
      expect(at, header).toBeGreaterThan(0);
      const out: string[] = [];
      for (let i = at + 1; i < lines.length && lines[i] !== ''; i++) out.push(lines[i]!);
      return out;
    };
    expect(section('Tax by rate')).toEqual([
      'Tax,Exempt,1,50,0,0,0,0,50',
      'Tax,5%,1,100,2.5,2.5,0,5,105',
      'Tax,18%,2,150,13.5,13.5,0,27,177',
      'Tax,Total,,300,16,16,0,32,',
    ]);
    expect(
      section('Visits')
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(visitIds.slice(0, 4).sort());
    const docs = section('Documents');
    expect(docs).toHaveLength(4);
    expect(docs.filter((l) => l.includes(',Tax invoice,'))).toHaveLength(3);
    expect(docs.some((l) => /^Document,B\/2026-27\/\d{6},Bill of supply,2026-09-10,/.test(l))).toBe(true);
    // The buyer's name: led by an apostrophe (no formula), quoted, quotes doubled, the line break kept inside quotes.
    expect(res.body).toContain(`,"'=SUM(A1), ""Boss""\nSecond line",`);
    expect(lines.indexOf('Ledger,Paid at,Kind,Account,Method,Amount (INR),Receipt,Note')).toBeGreaterThan(
      lines.findIndex((l) => l.startsWith('Documents,')),
    );
    // An admin's range has both days' documents.
    const range = await get('takings.csv', { from: DAY, to: NEXT }, admin.token);
    expect(range.statusCode).toBe(200);
    expect(range.headers['content-disposition']).toBe(`attachment; filename="takings-${DAY}_${NEXT}.csv"`);
    expect(range.body.split('\r\n').filter((l) => l.startsWith('Document,'))).toHaveLength(5);
  });

  it('ranges: staff may not ask for one; more than one financial year, reversed or in the future is a 400', async () => {
    expect((await get('takings.csv', { from: DAY, to: NEXT })).statusCode).toBe(403);
    const tooLong = await get('takings.csv', { from: '2025-09-09', to: DAY }, admin.token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('A range can be at most one financial year (366 days)');
    expect((await get('takings.csv', { from: NEXT, to: DAY }, admin.token)).statusCode).toBe(400);
    expect((await get('takings.csv', { from: DAY, to: '2099-01-01' }, admin.token)).statusCode).toBe(400);
    expect((await get('takings', { from: '2025-09-09', to: DAY }, admin.token)).statusCode).toBe(400);
  });

  it('GET /payments/gst-summary.csv (admins): by SAC/HSN and rate, with totals', async () => {
    const res = await get('gst-summary.csv', { from: DAY, to: NEXT }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gst-summary-${DAY}_${NEXT}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines).toContain('Tax invoices,4,Bills of supply,1,Credit notes,0');
    const body = lines.slice(
      lines.indexOf('SAC/HSN,Rate,Lines,Taxable (INR),CGST (INR),SGST (INR),IGST (INR),Tax (INR),Total (INR)') + 1,
    );
    expect(body.filter(Boolean).sort()).toEqual(
      [
        '23091000,18%,2,300,27,27,0,54,354',
        '23091000,5%,1,100,2.5,2.5,0,5,105',
        '30049099,Exempt,1,50,0,0,0,0,50',
        '42010000,18%,1,50,4.5,4.5,0,9,59',
        'Total,,,500,34,34,0,68,568',
      ].sort(),
    );
    expect((await get('gst-summary.csv', { from: DAY, to: NEXT })).statusCode).toBe(403);
    expect((await get('gst-summary.csv', { from: DAY }, admin.token)).statusCode).toBe(400);
    expect((await get('gst-summary.csv', { from: '2025-01-01', to: DAY }, admin.token)).statusCode).toBe(400);
    expect((await get('gst-summary.csv', { from: DAY, to: '2099-01-01' }, admin.token)).statusCode).toBe(400);
  });
});
