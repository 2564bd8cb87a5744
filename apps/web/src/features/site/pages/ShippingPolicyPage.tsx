import { Anchor, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPackage } from '@tabler/icons-react';
import { useBusiness } from '../../../lib/business';
import { POLICIES_LAST_UPDATED, PolicyLayout } from '../components/PolicyLayout';
import classes from '../components/site.module.css';

/** Collection hours of the reception desk (spec 001 §9); they differ from the resort's opening hours. */
const COLLECTION_HOURS: { days: string; hours: string }[] = [
  { days: 'Mon-Fri', hours: '9:00 AM-8:00 PM' },
  { days: 'Saturday', hours: '9:00 AM-6:00 PM' },
  { days: 'Sunday', hours: '10:00 AM-5:00 PM' },
  { days: 'Public holidays', hours: 'Limited hours' },
];

export default function ShippingPolicyPage() {
  const b = useBusiness();
  const tel = `tel:${b.phone.replace(/\s/g, '')}`;
  return (
    <PolicyLayout
      title="Shipping & Delivery Policy"
      icon={<IconPackage size={28} aria-hidden />}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <>
          This policy explains how you receive products bought from {b.name}, such as food, treats, accessories and medicines from
          our shop and clinic.
        </>
      }
      sections={[
        {
          id: 'no-shipping',
          title: 'No shipping or delivery',
          body: <Text>We do not offer shipping or delivery. All purchases are self-collected from the resort.</Text>,
        },
        {
          id: 'location',
          title: 'Collection location',
          body: (
            <>
              <Text>
                Please collect your order from the <strong>Resort Reception Desk</strong>:
              </Text>
              <Text mt={4} fw={500}>
                {b.name}, {b.address}
              </Text>
              <Text mt="xs">A valid ID and the order confirmation are required to collect an order.</Text>
            </>
          ),
        },
        {
          id: 'ready',
          title: 'When your order is ready',
          body: (
            <Text>
              Items are ready within 24-48 hours of your order. We will let you know as soon as your order is ready to collect.
            </Text>
          ),
        },
        {
          id: 'before',
          title: 'Before collecting',
          body: (
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                  <IconCheck size={14} aria-hidden />
                </ThemeIcon>
              }
            >
              <List.Item>Wait for the order confirmation by email or SMS.</List.Item>
              <List.Item>Bring a valid photo ID.</List.Item>
              <List.Item>Have the order number or receipt ready.</List.Item>
            </List>
          ),
        },
        {
          id: 'hours',
          title: 'Collection hours',
          body: (
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Collection hours</th>
                </tr>
              </thead>
              <tbody>
                {COLLECTION_HOURS.map((r) => (
                  <tr key={r.days}>
                    <th scope="row" style={{ background: 'none', fontWeight: 500 }}>
                      {r.days}
                    </th>
                    <td>{r.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ),
        },
        {
          id: 'holding',
          title: 'How long we hold your order',
          body: (
            <ul>
              <li>Items are held for at most 30 days from the date they are ready.</li>
              <li>Perishable items are held for at most 7 days.</li>
              <li>Uncollected items may be disposed of after these periods.</li>
            </ul>
          ),
        },
        {
          id: 'contact',
          title: 'Contact us',
          body: (
            <ul>
              <li>
                By phone during collection hours:{' '}
                <Anchor href={tel} style={{ whiteSpace: 'nowrap' }}>
                  {b.phone}
                </Anchor>
              </li>
              <li>
                By email: <Anchor href={`mailto:${b.email}`}>{b.email}</Anchor>. We respond within 24 hours.
              </li>
            </ul>
          ),
        },
      ]}
      closing={
        <Text fw={500}>Thank you for shopping with {b.name}. We look forward to seeing you and your pet at the resort.</Text>
      }
    />
  );
}
