import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { getAs, postAs } from '../../../test/visit-kit.ts';
import { taxDocuments, visitTypes } from '../../db/schema/index.ts';

/** Without a business GSTIN no GST document is issued; receipts (views of the ledger) exist always. */

const t = useTestApp();
const staff = useTestUser(t, 'staff');

describe('no GSTIN configured', () => {
  it('a taxable sale issues no tax invoice or bill of supply, and its receipt is still a document', async () => {
    expect(t.config.business.gstin).toBe('');
    const db = t.database.db;
    const [shop] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'shop'));
    await db.update(visitTypes).set({ gstRatePercent: 18 }).where(eq(visitTypes.id, shop!.id));
    const pet = await makePet(db);
    const res = await postAs(t)(
      '/visit/addshopvisit',
      {
        petId: pet.id,
        visitType: shop!.id,
        items: [{ name: 'Collar', price: 118 }],
        details: { totalCalculatedPrice: 118, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    const visitId = res.json().visit._id;
    expect(await db.select().from(taxDocuments)).toEqual([]);
    const list = (await getAs(t)(`/documents?visitId=${visitId}`, staff.token)).json().documents;
    expect(list).toEqual([expect.objectContaining({ kind: 'receipt', title: 'Receipt', total: 118, original: null })]);
    const receipt = (await getAs(t)(`/documents/${list[0]._id}`, staff.token)).json().document;
    expect(receipt).toMatchObject({ kind: 'receipt', seller: { gstin: null }, payment: { amount: 118, method: 'cash' }, due: 0 });
    expect(receipt.amountInWords).toBe('Rupees One Hundred Eighteen Only');
  });
});
