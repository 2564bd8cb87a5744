import { discountError, finalPrice, toRupees } from '@pawdesk/shared';
import { useState } from 'react';
import { DiscountedPrice, FormCard, num, paise, type VisitFormProps } from './form-parts';
import { useSubscriptionSwitch } from './SubscriptionSwitch';

/** Grooming: one session of the pet's subscription, or the price less a discount. */
export function GroomingForm({ petId, type, saver }: VisitFormProps) {
  const [discount, setDiscount] = useState<number | string>(0);
  const sub = useSubscriptionSwitch(petId, type._id, type.purpose, true);
  const using = sub.active !== null;
  const pricePaise = paise(type.price);
  const error = using ? null : discountError(pricePaise, paise(discount));
  const final = toRupees(finalPrice(pricePaise, paise(discount), using));

  const proceed = () => {
    if (error) return;
    saver.submit({
      code: 'grooming',
      total: final,
      fallback: 'Failed to save grooming visit',
      build: (c) => ({
        petId,
        visitType: type._id,
        details: {
          planId: sub.active?.planId._id ?? null,
          isSubscriptionAvailed: using,
          discount: using ? 0 : num(discount),
          price: type.price,
          finalPrice: final,
          selectedPayment: c?.method ?? null,
        },
      }),
    });
  };

  return (
    <FormCard
      title="Grooming"
      action={saver.toCollect(final) > 0 ? 'Proceed to Payment' : 'Save Visit'}
      onAction={proceed}
      busy={saver.busy}
    >
      {sub.element}
      <DiscountedPrice
        using={using}
        price={type.price}
        discount={discount}
        onDiscount={setDiscount}
        total={final}
        error={error?.message ?? saver.fieldErrors['details.discount']}
        labels={{ price: 'Price', discount: 'Discount', total: 'Final price', covered: 'Final price (one subscription session)' }}
      />
    </FormCard>
  );
}
