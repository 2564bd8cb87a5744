import { Anchor, Text } from '@mantine/core';
import { DEFAULT_OWNER_CANCEL_WINDOW_HOURS } from '@pawdesk/shared/appointments/rules';
import { REFUND_POLICY } from '@pawdesk/shared/catalog';
import { formatDate } from '@pawdesk/shared/dates';
import { toPaise, toRupees } from '@pawdesk/shared/money';
import { refundQuote } from '@pawdesk/shared/payments/refund';
import { IconReceiptRefund } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBusiness } from '../../../lib/business';
import { POLICIES_LAST_UPDATED, PolicyLayout } from '../components/PolicyLayout';
import classes from '../components/site.module.css';
import { rupees } from '../format';

const P = REFUND_POLICY;
/** The hours before the slot an owner may cancel an online-paid appointment for a full refund (admin setting, default). */
const APPOINTMENT_WINDOW = DEFAULT_OWNER_CANCEL_WINDOW_HOURS;

/** The examples' booking day; the policy's own rule (refundQuote) says what is refunded and until when. */
const EXAMPLE_DAY = '2026-11-01';
const example = (amount: number) =>
  refundQuote({ saleDate: EXAMPLE_DAY, requestDate: EXAMPLE_DAY, cancelledPaise: toPaise(amount), paidPaise: toPaise(amount) });
/** What a fully paid booking of `amount` rupees, cancelled whole within the window, gets back. */
const refundOf = (amount: number) => toRupees(example(amount).refundPaise);
/** '1 Nov' from '2026-11-01'. */
const dayAndMonth = (date: string) => formatDate(date).replace(/ \d{4}$/, '');
const LAST_DAY = dayAndMonth(example(0).lastDay);
const SMALL_EXAMPLE = 12000;
const LARGE_EXAMPLE = 25000;

export default function RefundPolicyPage() {
  const b = useBusiness();
  return (
    <PolicyLayout
      title="Refund Policy"
      icon={<IconReceiptRefund size={28} aria-hidden />}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <>
          We want every stay and every purchase at {b.name} to go well. If your plans change, this policy explains how
          cancellations and refunds work for bookings, subscriptions and purchases made at our resort in Gurugram or online.
        </>
      }
      sections={[
        {
          id: 'cancellation',
          title: 'Cancellation window',
          body: (
            <>
              <Text>
                You may cancel a booking, subscription or purchase within {P.cancellationDays} days of making it: one made on{' '}
                {dayAndMonth(EXAMPLE_DAY)} can be cancelled until {LAST_DAY}. Cancellations requested after {P.cancellationDays}{' '}
                days are not eligible for a refund.
              </Text>
              <Text mt="xs">
                To cancel, call or email us with your name, your pet&apos;s name and the booking or order details. Signed-in
                customers can also cancel upcoming appointments from My Appointments.
              </Text>
            </>
          ),
        },
        {
          id: 'deductions',
          title: 'Refund amounts and deductions',
          body: (
            <>
              <Text>A fixed deduction is made from every approved refund to cover booking and administration costs:</Text>
              <table className={classes.table}>
                <thead>
                  <tr>
                    <th scope="col">Refund amount</th>
                    <th scope="col">Deduction</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>Under {rupees(P.threshold)}</td>
                    <td>{rupees(P.deductionBelow)}</td>
                  </tr>
                  <tr>
                    <td>{rupees(P.threshold)} and above</td>
                    <td>{rupees(P.deductionAbove)}</td>
                  </tr>
                </tbody>
              </table>
              <Text size="sm" c="dimmed">
                For example, a cancelled booking of {rupees(SMALL_EXAMPLE)} is refunded {rupees(refundOf(SMALL_EXAMPLE))}, and one
                of {rupees(LARGE_EXAMPLE)} is refunded {rupees(refundOf(LARGE_EXAMPLE))}. The deduction is taken once per booking
                or order and never exceeds the amount paid.
              </Text>
            </>
          ),
        },
        {
          id: 'appointments',
          title: 'Appointments booked online',
          body: (
            <>
              <Text>
                An appointment paid online and cancelled at least {APPOINTMENT_WINDOW} hours before its slot is refunded in full.
                Cancelled later, this refund policy applies: the deduction above is made, so a booking under{' '}
                {rupees(P.deductionBelow)} is not refunded.
              </Text>
              <Text mt="xs">
                If we cancel your appointment, or mark it not visited, what you paid online is refunded in full. Appointments to
                be paid at the desk can be cancelled at any time before they start, free of charge.
              </Text>
            </>
          ),
        },
        {
          id: 'processing',
          title: 'Processing time',
          body: (
            <Text>
              Approved refunds are processed in {P.processingDays} days to the original payment method where possible. Your bank
              may take a few more working days to show the amount.
            </Text>
          ),
        },
        {
          id: 'damage',
          title: 'Damaged or defective items',
          body: (
            <Text>
              Please report damaged or defective items within {P.damageReportDays} days of collection, with your order number and
              a photo of the item. After checking, we will replace the item or refund it under this policy.
            </Text>
          ),
        },
        {
          id: 'not-refundable',
          title: 'What cannot be refunded',
          body: (
            <ul>
              <li>Services already delivered, such as completed grooming sessions, stays or veterinary consultations.</li>
              <li>Medicines and vaccines once dispensed or administered.</li>
              <li>Opened food, treats and other perishable items, unless they were damaged or defective.</li>
            </ul>
          ),
        },
        {
          id: 'contact',
          title: 'How to request a refund',
          body: (
            <Text>
              Call us on{' '}
              <Anchor href={`tel:${b.phone.replace(/\s/g, '')}`} style={{ whiteSpace: 'nowrap' }}>
                {b.phone}
              </Anchor>
              , email <Anchor href={`mailto:${b.email}`}>{b.email}</Anchor> or use our{' '}
              <Anchor component={Link} to="/contactus">
                contact form
              </Anchor>
              . Please include your booking or order details so we can help quickly.
            </Text>
          ),
        },
      ]}
    />
  );
}
