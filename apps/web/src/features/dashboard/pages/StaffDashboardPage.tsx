import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBan,
  IconAlertTriangle,
  IconBell,
  IconCake,
  IconCalendarEvent,
  IconCalendarTime,
  IconCategory,
  IconChecklist,
  IconClockExclamation,
  IconCurrencyRupee,
  IconDatabaseImport,
  IconList,
  IconPackage,
  IconPaw,
  IconPlus,
  IconSearch,
  IconSettings,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth';
import { ExpiringCard } from '../components/ExpiringCard';
import { NotificationsCard } from '../components/NotificationsCard';
import { OccupancyCard } from '../components/OccupancyCard';
import { TodayStrip } from '../components/TodayStrip';
import classes from './dashboard.module.css';

interface Tile {
  label: string;
  to: string;
  icon: ReactNode;
}

function Panel({ title, description, icon, tiles }: { title: string; description: string; icon: ReactNode; tiles: Tile[] }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <Stack gap={6}>
        {tiles.map((t) => (
          <UnstyledButton key={t.label} component={Link} to={t.to} className={classes.tile}>
            <Group gap="sm" wrap="nowrap">
              <span className={classes.tileIcon}>{t.icon}</span>
              <Text size="sm" fw={500}>
                {t.label}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}

export default function StaffDashboardPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Welcome${user ? `, ${user.fullName}` : ''}. What would you like to do?`} />
      <TodayStrip />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <NotificationsCard />
        <ExpiringCard />
        <Panel
          title="Pet Owner Master"
          description="Owners, pets and breeds"
          icon={<IconPaw />}
          tiles={[
            { label: 'Quick Add', to: '/staff/pet', icon: <IconPlus size={18} /> },
            { label: 'View Complete List', to: '/staff/history', icon: <IconUsers size={18} /> },
            { label: 'Breed Management', to: '/staff/BreedManagement', icon: <IconCategory size={18} /> },
            { label: 'Pets by Date', to: '/staff/petByDate', icon: <IconCalendarEvent size={18} /> },
          ]}
        />
        <Panel
          title="Inventory Master"
          description="Medicines, vaccines and supplies"
          icon={<IconPackage />}
          tiles={[
            { label: 'Add New Item', to: '/staff/inventory', icon: <IconPlus size={18} /> },
            { label: 'Search Inventory', to: '/staff/inventoryList', icon: <IconSearch size={18} /> },
            { label: 'View All Items List', to: '/staff/inventoryList', icon: <IconList size={18} /> },
            { label: 'Alert List', to: '/staff/alertlist', icon: <IconAlertTriangle size={18} /> },
          ]}
        />
        <Panel
          title="Reminders Panel"
          description="Follow-ups and attendance"
          icon={<IconBell />}
          tiles={[
            { label: 'Reminders Today', to: '/staff/reminders?range=today', icon: <IconCalendarEvent size={18} /> },
            { label: 'Next Week', to: '/staff/reminders?range=nextweek', icon: <IconCalendarTime size={18} /> },
            { label: 'Overdue Last Week', to: '/staff/reminders?range=overdue', icon: <IconClockExclamation size={18} /> },
            { label: 'Birthday Reminders', to: '/staff/reminders?range=birthdays', icon: <IconCake size={18} /> },
            { label: 'Attendance', to: '/staff/attendance', icon: <IconChecklist size={18} /> },
          ]}
        />
        <OccupancyCard />
        {user?.isAdmin ? (
          <Panel
            title="Administration"
            description="For administrators"
            icon={<IconSettings />}
            tiles={[
              { label: 'Prices & plans', to: '/staff/prices', icon: <IconCurrencyRupee size={18} /> },
              { label: 'Staff accounts', to: '/staff/users', icon: <IconUserCog size={18} /> },
              { label: 'Do not serve', to: '/staff/donotserve', icon: <IconBan size={18} /> },
              { label: 'Import from the original system', to: '/staff/import', icon: <IconDatabaseImport size={18} /> },
            ]}
          />
        ) : null}
      </SimpleGrid>
    </>
  );
}
