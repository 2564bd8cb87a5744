/** Test fixtures of the visit detail dialog: a visit as GET /visit/getvisitdetails answers it, and its item lines. */
import type { VisitDetails } from '@pawdesk/shared';

export const ID = '650000000000000000000101';

export function visit(
  purpose: string,
  fields: Partial<VisitDetails> = {},
  details: Partial<VisitDetails['details']> = {},
): VisitDetails {
  return {
    _id: ID,
    createdAt: '2026-11-01T09:35:00.000Z',
    purpose,
    price: 850,
    pet: {
      _id: '650000000000000000000001',
      name: 'Bruno',
      species: 'dog',
      breed: 'Beagle',
      color: 'Brown',
      dob: '2020-01-15',
      owner: { _id: '650000000000000000000005', name: 'Asha Verma', phone: '9812345678', email: null },
    },
    visitType: {
      _id: '6500000000000000000000a1',
      purpose,
      code: purpose.toLowerCase(),
      price: 1000,
      halfdayPrice: 600,
      consultationPricePvt: 0,
      consultationPricePvtEmergency: 0,
      consultationPriceNgo: 0,
      consultationPriceNgoEmergency: 0,
      isBoarding: purpose === 'Hostel',
      hasSubscription: false,
      capacity: null,
    } as VisitDetails['visitType'],
    details: {
      purpose,
      price: 850,
      finalPrice: 850,
      discount: 150,
      isSubscriptionAvailed: false,
      items: [],
      medicines: [],
      vaccines: [],
      paymentLeft: 0,
      payment: {
        amount: 850,
        paymentType: null,
        remainingAmount: 0,
        isRemainingPaid: true,
        isPaid: true,
        pendingAmount: 0,
        method: 'cash',
        methodLabel: 'Cash',
        status: 'completed',
        receiptNo: '2026-27/000007',
        paidAt: '2026-11-01T09:35:00.000Z',
        linkUrl: null,
      },
      ...details,
    },
    boardingId: null,
    createdBy: null,
    voided: null,
    ledger: [
      {
        _id: '650000000000000000000201',
        kind: 'charge',
        status: 'completed',
        method: null,
        amount: 850,
        receiptNo: null,
        at: '2026-11-01T09:35:00.000Z',
      },
      {
        _id: '650000000000000000000202',
        kind: 'payment',
        status: 'completed',
        method: 'cash',
        amount: 850,
        receiptNo: '2026-27/000007',
        at: '2026-11-01T09:35:00.000Z',
      },
    ],
    ...fields,
  };
}

export type Line = VisitDetails['details']['items'][number];
export const line = (f: Partial<Line> & { name: string }): Line => ({
  price: 0,
  quantity: 1,
  unit: null,
  category: null,
  doseNumber: null,
  volume: null,
  type: null,
  ...f,
});
