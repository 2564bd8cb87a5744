import {
  type AddPrescriptionInput,
  addPrescriptionFormBody,
  findStockShortage,
  type InventoryItem,
  isFollowUpDateAllowed,
  PRESCRIPTION_SECTIONS,
  parseQuantity,
  prescriptionRows,
  prescriptionTotalPaise,
  RX_MESSAGES,
  todayIn,
  toPaise,
} from '@pawdesk/shared';
import type { RxFormValues } from './components/SectionRows';

export const EMPTY_RX: RxFormValues = {
  customerType: 'pvtltd',
  items: [],
  tablets: [],
  mg: [],
  ml: [],
  nextFollowUp: '',
  followUpTime: '',
  followUpPurpose: '',
  diagnosis: '',
};

/** Fields the server may name that the form does not show. */
export const NOT_ON_FORM = new Set(['petId', 'totalPrice', 'selectedPayment']);

/** The live total in paise from the rows, the customer type and the known item prices (a preview: the server decides). */
export function previewTotalPaise(v: Partial<RxFormValues>, known: ReadonlyMap<string, InventoryItem>): number {
  return prescriptionTotalPaise(
    PRESCRIPTION_SECTIONS.flatMap((s) =>
      (v[s] ?? []).map((r) => {
        const item = r?.id ? known.get(r.id) : undefined;
        return {
          prices: item
            ? { ngo: toPaise(item.unitMinRetailPriceNGO), customer: toPaise(item.unitMaxRetailPriceCustomer) }
            : undefined,
          quantity: parseQuantity(r?.quantity) ?? 0,
        };
      }),
    ),
    v.customerType ?? 'pvtltd',
  );
}

/** The request body from the form (rows keep their order; the server re-validates everything). */
function toBody(v: RxFormValues, petId: string | undefined, totalPrice: number): AddPrescriptionInput {
  const rows = (section: (typeof PRESCRIPTION_SECTIONS)[number]) =>
    v[section].map((r) => ({ id: r.id ?? '', quantity: typeof r.quantity === 'number' ? r.quantity : r.quantity.trim() }));
  return {
    petId: petId as string,
    customerType: v.customerType,
    items: rows('items'),
    tablets: rows('tablets'),
    mg: rows('mg'),
    ml: rows('ml'),
    nextFollowUp: v.nextFollowUp || null,
    followUpTime: v.followUpTime || null,
    followUpPurpose: v.followUpPurpose || null,
    diagnosis: v.diagnosis || null,
    totalPrice,
  };
}

export type RxCheck =
  | { ok: true; body: AddPrescriptionInput }
  | { ok: false; message: string; fieldErrors: [path: string, message: string][] };

/** Checks the form like the server will: the schema, a follow-up after today, and stock for every row. */
export function checkRx(
  v: RxFormValues,
  petId: string | undefined,
  total: number,
  known: ReadonlyMap<string, InventoryItem>,
): RxCheck {
  const body = toBody(v, petId, total);
  // Pawdesk's form schema (a method is required; the payment modal asks for it): checked here with a placeholder.
  const parsed = addPrescriptionFormBody.safeParse({ ...body, selectedPayment: 'cash' });
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues
      .map((issue) => [issue.path.join('.'), issue.message] as [string, string])
      .filter(([path]) => path && !NOT_ON_FORM.has(path));
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form', fieldErrors };
  }
  if (parsed.data.nextFollowUp && !isFollowUpDateAllowed(parsed.data.nextFollowUp, todayIn())) {
    return { ok: false, message: RX_MESSAGES.followUpNotFuture, fieldErrors: [['nextFollowUp', RX_MESSAGES.followUpNotFuture]] };
  }
  const shortage = findStockShortage(
    prescriptionRows(parsed.data),
    new Map([...known].map(([id, i]) => [id, { stock: i.stock, itemName: i.itemName }])),
  );
  if (shortage) {
    return {
      ok: false,
      message: shortage.message,
      fieldErrors: [[`${shortage.section}.${shortage.index}.quantity`, shortage.message]],
    };
  }
  return { ok: true, body };
}
