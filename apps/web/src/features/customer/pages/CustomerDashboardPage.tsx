import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconCalendarStats,
  IconChevronRight,
  IconCreditCard,
  IconFileInvoice,
  IconHistory,
  IconUserCircle,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { useAuth } from '../../../lib/auth';
import { ActivePackagesFigure, SubscriptionFigures, ThisMonthFigures, WalletFigure } from '../components/CardFigures';
import { HelpCard } from '../components/HelpCard';
import { MyPetsCard } from '../components/MyPetsCard';

interface FigureCard {
  title: string;
  text: string;
  /** Where Open leads; none for a card that only shows figures. */
  to?: string;
  icon: ReactNode;
  figure: ReactNode;
}

const figureCards: FigureCard[] = [
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
    figure: (
      <Stack gap={4}>
        <WalletFigure />
        <ActivePackagesFigure />
      </Stack>
    ),
  },
  {
    title: 'This Month',
    text: 'Visits of your pets and what you paid this month.',
    to: '/customer/viewvisit',
    icon: <IconCalendarStats />,
    figure: <ThisMonthFigures />,
  },
];

/** The links the dashboard has always had (visits, documents, profile). */
const quickLinks: { title: string; text: string; to: string; icon: ReactNode }[] = [
  { title: 'Visits', text: 'Every visit of your pets with what was paid.', to: '/customer/viewvisit', icon: <IconHistory /> },
  {
    title: 'My Documents',
    text: 'Invoices, receipts and credit notes, to print or download.',
    to: '/customer/documents',
    icon: <IconFileInvoice />,
  },
  { title: 'My Profile', text: 'Your name, phone number and address.', to: '/customer/profile', icon: <IconUserCircle /> },
];

function Figure({ c }: { c: FigureCard }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md">
            {c.icon}
          </ThemeIcon>
          <Title order={2} fz="lg">
            {c.title}
          </Title>
        </Group>
        {c.figure}
        {/* On a phone the figures speak for themselves: the card stays short, so My Pets comes sooner. */}
        <Text size="sm" c="dimmed" style={{ flex: 1 }} visibleFrom="sm">
          {c.text}
        </Text>
        {c.to ? (
          <Button component={Link} to={c.to} variant="light">
            Open
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

function QuickLinks() {
  return (
    <Card withBorder radius="lg" padding="xs" component="nav" aria-label="More for you">
      {quickLinks.map((l) => (
        <UnstyledButton
          key={l.to}
          component={Link}
          to={l.to}
          p="sm"
          style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group wrap="nowrap" gap="sm">
            <ThemeIcon variant="light" size={36} radius="md">
              {l.icon}
            </ThemeIcon>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600}>{l.title}</Text>
              <Text size="sm" c="dimmed">
                {l.text}
              </Text>
            </div>
            <IconChevronRight size={18} aria-hidden />
          </Group>
        </UnstyledButton>
      ))}
    </Card>
  );
}

/**
 * Cards other features build (a feature does not import another: the composition root in src/app passes them in,
 * see app/pages/CustomerDashboardRoute.tsx).
 */
export interface DashboardSlots {
  /** Book Services: the bookable visit types; a click goes to /customer/bookservice with the service. */
  bookServices?: ReactNode;
  /** The next appointments. */
  upcoming?: ReactNode;
  /** The unread notifications of the owner's inbox. */
  inbox?: ReactNode;
  /** A pet's care instructions, read-only (the care feature's, issue 20). */
  petCare?: (petId: string) => ReactNode;
}

/**
 * The customer dashboard (/customer/dashboard; spec 001 §2, issue 19), built for a phone first: the figures, Book
 * Services, My Pets beside the upcoming appointments, the inbox, quick links and help.
 */
export default function CustomerDashboardPage({ bookServices, upcoming, inbox, petCare }: DashboardSlots = {}) {
  const { user } = useAuth();
  return (
    <RequireCustomer>
      <PageHeader title={`Welcome, ${user?.fullName ?? ''}`} subtitle="Everything for your pets in one place." />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {figureCards.map((c) => (
            <Figure key={c.title} c={c} />
          ))}
        </SimpleGrid>

        {bookServices}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <MyPetsCard petCare={petCare} />
          {upcoming}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {inbox}
          <QuickLinks />
          <HelpCard />
        </SimpleGrid>
      </Stack>
    </RequireCustomer>
  );
}
