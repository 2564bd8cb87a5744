import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCreditCard,
  IconFileInvoice,
  IconHistory,
  IconPaw,
  IconUserCircle,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { useAuth } from '../../../lib/auth';
import { SubscriptionFigures, WalletFigure } from '../components/CardFigures';

const cards: { title: string; text: string; to: string; icon: ReactNode; figure?: ReactNode }[] = [
  {
    title: 'Buy subscription',
    text: 'Save on regular day school, play school, day care and hostel stays.',
    to: '/customer/buysubscription',
    icon: <IconCreditCard />,
    figure: <SubscriptionFigures />,
  },
  {
    title: 'Wallet Balance',
    text: 'Your wallet, subscriptions (days and groomings left) and boarding packages.',
    to: '/customer/subscription',
    icon: <IconWallet />,
    figure: <WalletFigure />,
  },
  { title: 'Register New Pet', text: 'Add a pet to book services for it.', to: '/customer/petform', icon: <IconPaw /> },
  {
    title: 'Book Services',
    text: 'Book grooming, day care, vet visits and more.',
    to: '/customerservice',
    icon: <IconCalendarPlus />,
  },
  { title: 'Visits', text: 'Every visit of your pets with what was paid.', to: '/customer/viewvisit', icon: <IconHistory /> },
  {
    title: 'My Documents',
    text: 'Invoices, receipts and credit notes, to print or download.',
    to: '/customer/documents',
    icon: <IconFileInvoice />,
  },
  { title: 'My Profile', text: 'Your name, phone number and address.', to: '/customer/profile', icon: <IconUserCircle /> },
];

export default function CustomerDashboardPage() {
  const { user } = useAuth();
  return (
    <RequireCustomer>
      <PageHeader title={`Welcome, ${user?.fullName ?? ''}`} subtitle="Everything for your pets in one place." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {cards.map((c) => (
          <Card key={c.title} withBorder radius="lg" padding="lg">
            <Stack gap="sm" h="100%">
              <Group gap="sm">
                <ThemeIcon variant="light" size={40} radius="md">
                  {c.icon}
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {c.title}
                </Title>
              </Group>
              {c.figure}
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {c.text}
              </Text>
              <Button component={Link} to={c.to} variant="light">
                Open
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </RequireCustomer>
  );
}
