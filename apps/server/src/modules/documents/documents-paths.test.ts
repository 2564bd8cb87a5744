import { gstinCheckChar } from '@pawdesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeItem } from '../../../test/factories.ts';
import { planOf } from '../../../test/visit-kit.ts';
import { useSubscriptionTest } from '../../../test/subscription-kit.ts';
import { payments, taxDocumentLines, taxDocuments, visitTypes } from '../../db/schema/index.ts';
import { configureDocuments } from './documents.service.ts';

/**
 * Every way a charge is posted issues its documents, their lines adding up to the charge: a stay for days, a
 * deboarding's extra days, a plan bought (the plan's service), each with the boarding or plan type's SAC and rate.
 */
const s = useSubscriptionTest();
const { t, db, board, deboard, bought, pet, post, staff } = s;
beforeAll(async () => {
  configureDocuments({
    ...t.config,
    business: { ...t.config.business, gstin: `06AAAAA0000A1Z${gstinCheckChar('06AAAAA0000A1Z')}` },
  });
  await db()
    .update(visitTypes)
    .set({ sacCode: '998599', gstRatePercent: 18 })
    .where(inArray(visitTypes.code, ['hostel', 'grooming']));
});

async function documentsOfCharges(where: { visitId: string }) {
  const charges = await db().select().from(payments).where(eq(payments.visitId, where.visitId));
  const out = [];
  for (const c of charges.filter((r) => r.kind === 'charge')) {
    const docs = await db().select().from(taxDocuments).where(eq(taxDocuments.ledgerEntryId, c.id));
    const lines = docs.length
      ? await db()
          .select()
          .from(taxDocumentLines)
          .where(
            inArray(
              taxDocumentLines.documentId,
              docs.map((d) => d.id),
            ),
          )
      : [];
    out.push({ charge: c, docs, lines });
  }
  return out;
}

describe('documents of every charge path', () => {
  it('a Hostel stay of 3 days: one line of 3 days at the day price, SAC and rate of the boarding type', async () => {
    const hostel = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'hostel')))[0]!;
    const stay = await board('hostel', { days: 3 });
    const [{ charge, docs, lines }] = (await documentsOfCharges({ visitId: stay.visitId })) as [any];
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: 'tax_invoice', totalPaise: charge.amountPaise });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      code: '998599',
      codeKind: 'SAC',
      ratePercent: 18,
      unit: 'day',
      unitPricePaise: hostel.pricePaise,
    });
    expect(Number(lines[0].quantity)).toBe(3);
  });

  it('extra days at deboarding: their own tax invoice for the extra charge', async () => {
    const hostel = (await db().select().from(visitTypes).where(eq(visitTypes.code, 'hostel')))[0]!;
    t.clock.set(null);
    const stay = await board('hostel', { days: 1 });
    t.clock.advanceDays(2);
    const amount = (2 * hostel.pricePaise) / 100;
    const res = await deboard('hosteldeboarding', { boardingid: stay.boardingId, payment: { method: 'cash', amount } });
    t.clock.set(null);
    expect(res.statusCode, res.body).toBe(200);
    const all = await documentsOfCharges({ visitId: stay.visitId });
    const extra = all.find((x) => x.charge.chargeFor === 'extra_days')!;
    expect(extra.charge.amountPaise).toBe(2 * hostel.pricePaise);
    expect(extra.docs).toHaveLength(1);
    expect(extra.docs[0]!.totalPaise).toBe(extra.charge.amountPaise);
    expect(extra.lines[0]).toMatchObject({ code: '998599', ratePercent: 18, unit: 'day', unitPricePaise: hostel.pricePaise });
    expect(extra.lines[0]!.description).toMatch(/extra days/);
  });

  it('a grooming plan bought: one line naming the plan, with the grooming type’s SAC and rate', async () => {
    const p = await pet('Coco');
    const plan = await planOf(db(), 'grooming');
    const answer = await bought(p.id, plan);
    const [{ charge, docs, lines }] = (await documentsOfCharges({ visitId: answer.visit._id })) as [any];
    expect(charge.amountPaise).toBe(plan.pricePaise);
    expect(docs.map((d: { kind: string }) => d.kind)).toEqual(['tax_invoice']);
    expect(lines).toHaveLength(1);
    expect(lines[0].description).toContain(plan.name);
    expect(lines[0]).toMatchObject({ code: '998599', ratePercent: 18, totalPaise: plan.pricePaise });
  });

  it('a prescription: one line per item with its HSN and rate (a taxable tablet and an exempt vaccine: T and B)', async () => {
    const tab = await makeItem(db(), {
      itemName: `Amoxicillin ${Math.random()}`,
      stock: 100,
      stockUnit: 'tablet',
      unitMinRetailNgoPaise: 600,
      unitMaxRetailCustomerPaise: 900,
      hsnCode: '30042019',
      gstRatePercent: 5,
    });
    const vac = await makeItem(db(), {
      itemName: `Rabies Vaccine ${Math.random()}`,
      stock: 25,
      stockUnit: 'item',
      itemType: 'vaccine',
      unitMinRetailNgoPaise: 25000,
      unitMaxRetailCustomerPaise: 40000,
      hsnCode: '30022090',
      gstExempt: true,
    });
    const p = await pet('Sheru');
    const res = await post(
      '/prescription/addprescription',
      {
        petId: p.id,
        customerType: 'NGO',
        tablets: [{ id: tab.id, quantity: 3 }],
        items: [{ id: vac.id, quantity: 1 }],
        diagnosis: 'Bite',
        totalPrice: 268,
        selectedPayment: 'cash',
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [charge] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.kind, 'charge'), eq(payments.prescriptionId, res.json().prescription._id)));
    const docs = await db().select().from(taxDocuments).where(eq(taxDocuments.ledgerEntryId, charge!.id));
    expect(docs.map((d) => [d.kind, d.totalPaise]).sort()).toEqual([
      ['bill_of_supply', 25000],
      ['tax_invoice', 1800],
    ]);
    const lines = await db()
      .select()
      .from(taxDocumentLines)
      .where(
        inArray(
          taxDocumentLines.documentId,
          docs.map((d) => d.id),
        ),
      );
    expect(lines.map((l) => [l.code, l.ratePercent, Number(l.quantity), l.unitPricePaise]).sort()).toEqual([
      ['30022090', null, 1, 25000],
      ['30042019', 5, 3, 600],
    ]);
  });
});
