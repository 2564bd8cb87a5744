import { Anchor, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBusiness } from '../../../lib/business';
import { POLICIES_LAST_UPDATED, PolicyLayout } from '../components/PolicyLayout';

export default function PrivacyPolicyPage() {
  const b = useBusiness();
  const email = <Anchor href={`mailto:${b.email}`}>{b.email}</Anchor>;
  return (
    <PolicyLayout
      title="Privacy Policy"
      icon={<IconShieldLock size={28} aria-hidden />}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <>
          {b.name} (&quot;we&quot;, &quot;us&quot;) runs a dog resort and veterinary clinic in Gurugram, Haryana. This policy
          explains what personal data we collect when you visit us, use this website or book our services, why we collect it, and
          the choices you have. We process personal data in line with the Digital Personal Data Protection Act, 2023 and other
          applicable Indian law.
        </>
      }
      sections={[
        {
          id: 'collect',
          title: 'Information we collect',
          body: (
            <ul>
              <li>
                <strong>Your details:</strong> name, email address, phone number and address, and your account login details.
              </li>
              <li>
                <strong>Your pet&apos;s details:</strong> name, species, breed, sex, colour, date of birth, vaccination history,
                medical and treatment records, prescriptions and notes about behaviour or diet.
              </li>
              <li>
                <strong>Bookings and payments:</strong> appointments, visits, stays, subscriptions, purchases and payment records.
                Card and online payments are handled by our payment provider; we do not see or store your full card details.
              </li>
              <li>
                <strong>Messages:</strong> what you send us through the contact form, by email or by phone.
              </li>
              <li>
                <strong>Technical data:</strong> basic server logs (such as IP address, browser type and time of request) kept to
                run and secure the website.
              </li>
            </ul>
          ),
        },
        {
          id: 'use',
          title: 'How we use your information',
          body: (
            <ul>
              <li>To provide boarding, day care, day school, play school, dog park, grooming and veterinary services.</li>
              <li>To manage bookings, confirm appointments and send reminders about vaccinations and follow-ups.</li>
              <li>To take payments, issue receipts and invoices, and keep the accounts we are required to keep.</li>
              <li>To contact you about your pet, including in an emergency.</li>
              <li>To answer your questions and improve our services and website.</li>
            </ul>
          ),
        },
        {
          id: 'sharing',
          title: 'When we share information',
          body: (
            <>
              <Text>We never sell your personal data. We share it only when needed:</Text>
              <ul>
                <li>With payment providers to process your payments.</li>
                <li>With veterinary specialists or laboratories when your pet needs referral care or tests.</li>
                <li>With email and SMS providers that send our messages on our behalf.</li>
                <li>With authorities when the law requires it.</li>
              </ul>
            </>
          ),
        },
        {
          id: 'storage',
          title: 'Storage, security and retention',
          body: (
            <Text>
              Your data is stored on secured systems with access limited to our staff who need it. Passwords are stored in
              encrypted (hashed) form. We keep records for as long as you use our services and afterwards for as long as tax,
              accounting or veterinary record-keeping rules require, after which they are deleted or anonymised.
            </Text>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies and local storage',
          body: (
            <Text>
              This website does not use advertising or tracking cookies. When you log in, your browser keeps a sign-in token in
              its local storage so that you stay signed in; logging out removes it.
            </Text>
          ),
        },
        {
          id: 'rights',
          title: 'Your rights',
          body: (
            <Text>
              You may ask to see the personal data we hold about you, to correct or update it, or to delete it where we are not
              required to keep it. You may also withdraw consent to optional messages at any time. Write to {email} and we will
              respond promptly.
            </Text>
          ),
        },
        {
          id: 'contact',
          title: 'Questions and grievances',
          body: (
            <Text>
              For any privacy question or grievance, email {email}, call {b.phone}, write to us at {b.address}, or use our{' '}
              <Anchor component={Link} to="/contactus">
                contact form
              </Anchor>
              . We may update this policy from time to time; the date above shows the latest version.
            </Text>
          ),
        },
      ]}
    />
  );
}
