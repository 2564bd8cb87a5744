import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { type BoardingVisitBody, boardingPrice, daysError, discountError, finalPrice, toRupees } from '@pawdesk/shared';
import { useState } from 'react';
import { COUNT_INPUT } from '../../../components/NumberField';
import { DiscountedPrice, FormCard, num, paise, type VisitFormProps } from './form-parts';
import { useAdmission } from './AdmissionWarning';
import { useStayRule } from '../../../lib/endpoints/stay-settings';
import { StayDates } from './StayDates';
import { useSubscriptionSwitch } from './SubscriptionSwitch';

/**
 * The price of a Hostel or Day Care booking (paise): a half day is the half-day price less the discount (one day);
 * a full day (daily price − discount) × days; 0 with the pet's subscription. The server charges the same.
 */
export function stayTotalPaise(o: {
  halfDay: boolean;
  dailyPaise: number;
  halfDayPaise: number;
  discountPaise: number;
  days: number;
  using: boolean;
}): number {
  if (o.halfDay) return finalPrice(o.halfDayPaise, o.discountPaise);
  return boardingPrice(o.dailyPaise, o.discountPaise, o.days, o.using);
}

/**
 * Hostel and Day Care: (daily price − discount) × days, or free with the pet's subscription; or a half day at the
 * half-day price when the type has one (check-out corrects it by the hours stayed). The dates the booking covers show
 * under the days, with the business's counting rule. Paid with a payment type first (advance, partial with the amount
 * paid now, after service), then the method.
 */
export function StayForm({ petId, type, saver, code }: VisitFormProps & { code: 'hostel' | 'day_care' }) {
  const [days, setDays] = useState<number | string>(1);
  const [discount, setDiscount] = useState<number | string>(0);
  const [tried, setTried] = useState(false);
  const sub = useSubscriptionSwitch(petId, type._id, type.purpose);
  const admission = useAdmission(petId);
  const [length, setLength] = useState<'full' | 'half'>('full');
  // Under the nights rule the booking counts nights (at the day price).
  const unitWord = useStayRule().countingRule === 'nights' ? 'nights' : 'days';
  const using = sub.active !== null;
  // A half day: the type has a half-day price and no subscription covers the stay.
  const halfOffered = type.halfdayPrice > 0 && !using;
  const halfDay = halfOffered && length === 'half';
  const dailyPaise = paise(halfDay ? type.halfdayPrice : type.price);
  const dayCount = halfDay ? 1 : typeof days === 'number' ? days : Number.NaN;
  const daysProblem = daysError(dayCount);
  const discountProblem = using ? null : discountError(dailyPaise, paise(discount));
  const total = toRupees(
    daysProblem
      ? 0
      : stayTotalPaise({
          halfDay,
          dailyPaise: paise(type.price),
          halfDayPaise: paise(type.halfdayPrice),
          discountPaise: paise(discount),
          days: dayCount,
          using,
        }),
  );

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
          ...(halfOffered ? { halfDay } : {}),
          discount: using ? 0 : num(discount),
          price: halfDay ? type.halfdayPrice : type.price,
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
      {halfOffered ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="stay-length-label">
            Length of stay
          </Text>
          <SegmentedControl
            aria-labelledby="stay-length-label"
            value={length}
            onChange={(v) => setLength(v as 'full' | 'half')}
            data={[
              { value: 'full', label: 'Full day' },
              { value: 'half', label: 'Half day' },
            ]}
            maw={320}
          />
          {saver.fieldErrors['details.halfDay'] ? (
            <Text size="sm" c="red">
              {saver.fieldErrors['details.halfDay']}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {halfDay ? null : (
        <NumberInput
          {...COUNT_INPUT}
          min={1}
          label={`Number of ${unitWord}`}
          value={days}
          onChange={setDays}
          required
          error={(tried || days !== '') && daysProblem ? daysProblem.message : saver.fieldErrors['details.numberOfDays']}
        />
      )}
      <StayDates days={dayCount} halfDay={halfDay} />
      <DiscountedPrice
        using={using}
        price={halfDay ? type.halfdayPrice : type.price}
        discount={discount}
        onDiscount={setDiscount}
        total={total}
        error={discountProblem?.message ?? saver.fieldErrors['details.discount']}
        labels={
          halfDay
            ? { price: 'Half-day price', discount: 'Discount', total: 'Total', covered: 'Total (subscription)' }
            : { price: 'Daily price', discount: 'Discount per day', total: 'Total', covered: 'Total (subscription)' }
        }
      />
      {admission.element}
    </FormCard>
  );
}
