import { discountError, finalPrice, toRupees } from '@pawdesk/shared';
import { useState } from 'react';
import { useAdmission } from './AdmissionWarning';
import { FormCard, MoneyInput, num, PriceLines, paise, type VisitFormProps } from './form-parts';
import { StayDates } from './StayDates';

/** Dog Park: the type's price less a discount (never above the price); paid through the payment options. */
export function DogParkForm({ petId, type, saver }: VisitFormProps) {
  const [discount, setDiscount] = useState<number | string>(0);
  const admission = useAdmission(petId);
  const pricePaise = paise(type.price);
  const error = discountError(pricePaise, paise(discount));
  const final = toRupees(finalPrice(pricePaise, paise(discount)));

  const proceed = () => {
    if (error) return;
    saver.submit({
      code: 'dog_park',
      total: final,
      askMethod: true,
      fallback: 'Failed to save visit',
      admission,
      build: (c) => ({
        petId,
        visitType: type._id,
        details: { initialPrice: type.price, discount: num(discount), price: final, selectedPayment: c.method },
        admissionAcknowledged: admission.flag,
      }),
    });
  };

  return (
    <FormCard
      title="Dog Park"
      action={saver.toCollect(final) > 0 || final === saver.toCollect(final) ? 'Proceed to Payment' : 'Save Visit'}
      onAction={proceed}
      busy={saver.busy}
    >
      <StayDates days={1} />
      <MoneyInput
        label="Discount"
        value={discount}
        onChange={setDiscount}
        max={type.price}
        error={error?.message ?? saver.fieldErrors['details.discount']}
      />
      <PriceLines
        lines={[
          ['Price', type.price],
          ['Discount', num(discount)],
          ['Final price', final],
        ]}
      />
      {admission.element}
    </FormCard>
  );
}
