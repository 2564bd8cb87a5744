import { NumberInput } from '@mantine/core';
import { type BoardingVisitBody, boardingPrice, daysError, discountError, toRupees } from '@pawdesk/shared';
import { useState } from 'react';
import { COUNT_INPUT } from '../../../components/NumberField';
import { DiscountedPrice, FormCard, num, paise, type VisitFormProps } from './form-parts';
import { useAdmission } from './AdmissionWarning';
import { useSubscriptionSwitch } from './SubscriptionSwitch';

/**
 * Hostel and Day Care: (daily price − discount) × days, or free with the pet's subscription; paid with a
 * payment type first (advance, partial with the amount paid now, after service), then the method.
 */
export function StayForm({ petId, type, saver, code }: VisitFormProps & { code: 'hostel' | 'day_care' }) {
  const [days, setDays] = useState<number | string>(1);
  const [discount, setDiscount] = useState<number | string>(0);
  const [tried, setTried] = useState(false);
  const sub = useSubscriptionSwitch(petId, type._id, type.purpose);
  const admission = useAdmission(petId);
  const using = sub.active !== null;
  const dailyPaise = paise(type.price);
  const dayCount = typeof days === 'number' ? days : Number.NaN;
  const daysProblem = daysError(dayCount);
  const discountProblem = using ? null : discountError(dailyPaise, paise(discount));
  const total = toRupees(daysProblem ? 0 : boardingPrice(dailyPaise, paise(discount), dayCount, using));

  const proceed = () => {
    setTried(true);
    if (daysProblem || discountProblem) return;
    saver.submit({
      code,
      total,
      withPaymentType: true,
      fallback: 'Failed to save visit',
      admission,
      // Hostel's body (the number of days required) is Day Care's too.
      build: (c): BoardingVisitBody => ({
        petId,
        visitType: type._id,
        details: {
          planId: sub.active?.planId._id ?? null,
          isSubscriptionAvailed: using,
          numberOfDays: dayCount,
          discount: using ? 0 : num(discount),
          price: type.price,
          finalPrice: total,
          paymentLeft: c ? Math.max(0, Math.round((total - c.amountNow) * 100) / 100) : 0,
          selectedPaymentType: c?.paymentType ?? null,
          selectedPayment: c?.method ?? null,
          admissionAcknowledged: admission.flag,
        },
      }),
    });
  };

  return (
    <FormCard title={type.purpose} action={total > 0 ? 'Proceed to Payment' : 'Save Visit'} onAction={proceed} busy={saver.busy}>
      {sub.element}
      <NumberInput
        {...COUNT_INPUT}
        min={1}
        label="Number of days"
        value={days}
        onChange={setDays}
        required
        error={(tried || days !== '') && daysProblem ? daysProblem.message : saver.fieldErrors['details.numberOfDays']}
      />
      <DiscountedPrice
        using={using}
        price={type.price}
        discount={discount}
        onDiscount={setDiscount}
        total={total}
        error={discountProblem?.message ?? saver.fieldErrors['details.discount']}
        labels={{ price: 'Daily price', discount: 'Discount per day', total: 'Total', covered: 'Total (subscription)' }}
      />
      {admission.element}
    </FormCard>
  );
}
