/** A GST document as GET /documents/{id} answers it, for the documents feature's tests. */
import type { DocumentLine, TaxDocumentView } from '@pawdesk/shared';

export const DOC_ID = '650000000000000000000701';

export const line = (fields: Partial<DocumentLine> = {}): DocumentLine => ({
  lineNo: 1,
  description: 'Grooming',
  codeKind: 'SAC',
  code: '999729',
  quantity: 1,
  unit: null,
  unitPrice: 1000,
  priceIncludesTax: false,
  ratePercent: 18,
  taxable: 1000,
  cgst: 90,
  sgst: 90,
  igst: 0,
  total: 1180,
  ...fields,
});

export function taxDocument(fields: Partial<TaxDocumentView> = {}): TaxDocumentView {
  return {
    _id: DOC_ID,
    kind: 'tax_invoice',
    title: 'Tax Invoice',
    number: 'T/2026-27/000001',
    date: '2026-11-25',
    issuedAt: '2026-11-25T06:30:00.000Z',
    seller: {
      name: 'Pet DayCare Service',
      address: 'Sector 45, Gurugram',
      phone: '9876543210',
      email: 'hello@petdaycare.in',
      gstin: '06AAACP1234C1Z5',
      stateCode: '06',
      stateName: 'Haryana',
    },
    buyer: {
      name: 'Asha Verma',
      address: 'DLF Phase 2, Gurugram',
      phone: '9812345678',
      email: 'asha@example.in',
      gstin: null,
      stateCode: null,
      stateName: null,
    },
    placeOfSupply: { code: '06', name: 'Haryana' },
    interState: false,
    lines: [line()],
    taxable: 1000,
    cgst: 90,
    sgst: 90,
    igst: 0,
    total: 1180,
    amountInWords: 'Rupees One Thousand One Hundred Eighty Only',
    original: null,
    visitId: '650000000000000000000101',
    petName: 'Bruno',
    purpose: 'Grooming',
    payment: null,
    due: 0,
    upi: null,
    ...fields,
  };
}
