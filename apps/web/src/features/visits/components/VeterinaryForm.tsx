import { Select } from '@mantine/core';
import {
  consultationPrice,
  discountError,
  finalPrice,
  toRupees,
  VET_CUSTOMER_TYPE_LABEL,
  VET_CUSTOMER_TYPES,
  VISIT_MESSAGES,
  type VetCustomerType,
} from '@pawdesk/shared';
import { useState } from 'react';
import { FormCard, MoneyInput, num, PriceLines, paise, type VisitFormProps } from './form-parts';

const customerOptions = VET_CUSTOMER_TYPES.map((c) => ({ value: c, label: VET_CUSTOMER_TYPE_LABEL[c] }));

/** Veterinary: the consultation price of the customer type (private or NGO, emergency or not) less a discount. */
export function VeterinaryForm({ petId, type, saver }: VisitFormProps) {
  const [customerType, setCustomerType] = useState<VetCustomerType | null>(null);
  const [discount, setDiscount] = useState<number | string>(0);
  const [tried, setTried] = useState(false);
  const pricePaise = customerType
    ? consultationPrice(
        {
          consultationPvtPaise: paise(type.consultationPricePvt),
          consultationPvtEmergencyPaise: paise(type.consultationPricePvtEmergency),
          consultationNgoPaise: paise(type.consultationPriceNgo),
          consultationNgoEmergencyPaise: paise(type.consultationPriceNgoEmergency),
        },
        customerType,
      )
    : 0;
  const error = customerType ? discountError(pricePaise, paise(discount)) : null;
  const price = toRupees(pricePaise);
  const final = toRupees(finalPrice(pricePaise, paise(discount)));

  const proceed = () => {
    setTried(true);
    if (!customerType || error) return;
    saver.submit({
      code: 'veterinary',
      total: final,
      fallback: 'Failed to save visit',
      build: (c) => ({
        petId,
        visitType: type._id,
        customerType,
        details: { price, discount: num(discount), finalPrice: final, selectedPayment: c?.method ?? null },
      }),
    });
  };

  return (
    <FormCard
      title="Veterinary"
      action={saver.toCollect(final) > 0 ? 'Proceed to Payment' : 'Save Visit'}
      onAction={proceed}
      busy={saver.busy}
    >
      <Select
        label="Customer Type"
        placeholder="Choose the customer type"
        data={customerOptions}
        value={customerType}
        onChange={setCustomerType}
        error={tried && !customerType ? VISIT_MESSAGES.customerType : saver.fieldErrors.customerType}
        required
      />
      <MoneyInput
        label="Discount"
        value={discount}
        onChange={setDiscount}
        max={price}
        error={error?.message ?? saver.fieldErrors['details.discount']}
      />
      <PriceLines
        lines={[
          ['Consultation price', price],
          ['Discount', num(discount)],
          ['Final price', final],
        ]}
      />
    </FormCard>
  );
}
