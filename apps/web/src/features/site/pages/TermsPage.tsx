import { Anchor, Text } from '@mantine/core';
import { DROP_OFF_WINDOW, MIN_AGE_MONTHS, PICK_UP_WINDOW } from '@pawdesk/shared/catalog';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBusiness } from '../../../lib/business';
import { POLICIES_LAST_UPDATED, PolicyLayout } from '../components/PolicyLayout';

export default function TermsPage() {
  const b = useBusiness();
  return (
    <PolicyLayout
      title="Terms and Conditions"
      icon={<IconFileText size={28} aria-hidden />}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <>
          These terms apply when you use this website, create an account, or book or use any service of {b.name} in Gurugram,
          Haryana. By booking a service or leaving your pet in our care, you agree to them. Please read them together with our{' '}
          <Anchor component={Link} to="/privacypolicy">
            Privacy Policy
          </Anchor>
          ,{' '}
          <Anchor component={Link} to="/refundpolicy">
            Refund Policy
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/shippingpolicy">
            Shipping &amp; Delivery Policy
          </Anchor>
          .
        </>
      }
      sections={[
        {
          id: 'account',
          title: 'Your account',
          body: (
            <Text>
              You must give accurate details when you sign up and keep them up to date. You are responsible for keeping your
              password safe and for bookings made from your account. Accounts are for pet owners aged 18 or over.
            </Text>
          ),
        },
        {
          id: 'admission',
          title: 'Admission requirements',
          body: (
            <ul>
              <li>A dog must be at least {MIN_AGE_MONTHS} months old with core vaccinations.</li>
              <li>You must show a current vaccination record on the first visit and whenever it is renewed.</li>
              <li>
                You must tell us about any illness, injury, medication, allergy, recent surgery or behaviour concern before the
                visit.
              </li>
              <li>Pets should be free of fleas and ticks. We may treat a pet found with parasites, at the owner&apos;s cost.</li>
            </ul>
          ),
        },
        {
          id: 'bookings',
          title: 'Bookings, drop-off and pick-up',
          body: (
            <>
              <Text>
                Bookings are confirmed once accepted by our team. Drop-off is between {DROP_OFF_WINDOW} and pick-up is between{' '}
                {PICK_UP_WINDOW}. Pets may be collected only by the owner or a person the owner has named in advance, who may be
                asked for ID.
              </Text>
              <Text mt="xs">
                Late pick-ups may be charged as an extra day of the service booked. Cancellations and refunds follow our{' '}
                <Anchor component={Link} to="/refundpolicy">
                  Refund Policy
                </Anchor>
                .
              </Text>
            </>
          ),
        },
        {
          id: 'health',
          title: 'Health and veterinary care',
          body: (
            <Text>
              Our staff watch every pet closely. If your pet becomes unwell or is injured while in our care, our veterinary team
              will examine and treat it, and we will contact you as soon as possible. In an emergency, when we cannot reach you,
              you authorise us to give the treatment our vets consider necessary. Veterinary treatment, medicines and referrals
              are charged at our standard rates.
            </Text>
          ),
        },
        {
          id: 'behaviour',
          title: 'Behaviour and group play',
          body: (
            <Text>
              Group play is supervised, but dogs playing together can occasionally get minor scratches. We may separate a dog,
              move it to individual care, or ask you to collect it early if its behaviour puts itself, other pets or our staff at
              risk.
            </Text>
          ),
        },
        {
          id: 'payments',
          title: 'Prices and payments',
          body: (
            <Text>
              Prices are in Indian rupees (₹) and are shown on our website and at the reception. Taxes apply as required by law.
              Payment can be made in advance, in part, or after the service as agreed at booking, in cash or by payment link.
              Subscriptions are for the pet and the service they were bought for, are valid for their stated duration, and cannot
              be transferred.
            </Text>
          ),
        },
        {
          id: 'shop',
          title: 'Shop purchases',
          body: (
            <Text>
              Products bought from our shop are collected at the Resort Reception Desk as described in our{' '}
              <Anchor component={Link} to="/shippingpolicy">
                Shipping &amp; Delivery Policy
              </Anchor>
              .
            </Text>
          ),
        },
        {
          id: 'liability',
          title: 'Liability',
          body: (
            <Text>
              We take reasonable care of every pet in our care. We are not liable for illness or injury that could not reasonably
              have been prevented, for conditions that existed before the visit, or for personal items left with a pet, such as
              toys, bedding and leashes. Nothing in these terms limits liability that cannot be limited under Indian law.
            </Text>
          ),
        },
        {
          id: 'law',
          title: 'Governing law',
          body: (
            <Text>
              These terms are governed by the laws of India. Any dispute is subject to the jurisdiction of the courts at Gurugram,
              Haryana.
            </Text>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <Text>
              Questions about these terms? Call {b.phone}, email <Anchor href={`mailto:${b.email}`}>{b.email}</Anchor> or visit us
              at {b.address}. We may update these terms from time to time; the date above shows the latest version.
            </Text>
          ),
        },
      ]}
    />
  );
}
