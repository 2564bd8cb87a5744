import '@mantine/dates/styles.css';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { addDays, dateInTz, formatDate, formatDateTime, formatINR, type ReservationDayEntry } from '@pawdesk/shared';
import { IconCalendar, IconChevronLeft, IconChevronRight, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { dayQuery } from '../api/reservations';
import { DATE_INPUT_FORMAT, parseDayMonthYear } from './dates-input';
import { longWeekdayOf } from './dates';
import { type ActionTarget, ReservationActions } from './ReservationActions';
import { StatusBadge } from './StatusBadge';
import { DnsListBadge } from '../../../components/donotserve';

export const petNames = (pets: readonly { name: string }[]) =>
  pets.length <= 2
    ? pets.map((p) => p.name).join(' and ')
    : `${pets
        .slice(0, -1)
        .map((p) => p.name)
        .join(', ')} and ${pets.at(-1)?.name}`;

export function entryTarget(e: ReservationDayEntry): ActionTarget {
  return {
    reservationId: e.reservationId,
    status: e.status,
    boardingId: e.boardingId,
    visitTypeId: e.visitType._id,
    firstDay: dateInTz(new Date(e.checkIn)),
    label: `${petNames(e.pets)} of ${e.owner.name} (${e.visitType.purpose}, ${e.label})`,
    due: e.due,
    depositHeld: e.depositHeld,
  };
}

/** One arrival or departure: pets, owner and phone, the stay, status, what is owed, and its actions. */
function EntryCard({
  entry,
  kind,
  onOpen,
  today,
}: {
  entry: ReservationDayEntry;
  kind: 'arrival' | 'departure';
  onOpen: (id: string) => void;
  today: string;
}) {
  const time = formatDateTime(kind === 'arrival' ? entry.checkIn : entry.checkOut)
    .split(', ')
    .at(-1);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      data-testid={kind === 'arrival' ? 'arrival' : 'departure'}
      aria-label={`${petNames(entry.pets)}, ${entry.owner.name}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} lh={1.3}>
              {petNames(entry.pets)}
            </Text>
            <DnsListBadge petId={entry.pets.map((p) => p._id)} ownerId={entry.owner._id} />
            <Text size="sm">
              {entry.owner.name}
              {entry.owner.phone ? (
                <>
                  {' · '}
                  <Anchor href={`tel:${entry.owner.phone}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <IconPhone size={12} aria-hidden /> {entry.owner.phone}
                  </Anchor>
                </>
              ) : null}
            </Text>
          </div>
          <StatusBadge status={entry.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {entry.visitType.purpose} · {entry.label}
          {time ? ` · ${kind === 'arrival' ? 'in' : 'out'} ${time}` : ''}
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            Still owed: <b data-testid="entry-due">{formatINR(entry.due)}</b>
          </Text>
          {entry.depositHeld > 0 ? (
            <Text size="sm" c="dimmed">
              Deposit held {formatINR(entry.depositHeld)}
            </Text>
          ) : null}
          {entry.ownerDue > entry.due ? (
            <Text size="sm" c="orange.8">
              Owner owes {formatINR(entry.ownerDue)} in all
            </Text>
          ) : null}
        </Group>
        <ReservationActions
          target={entryTarget(entry)}
          arrival={kind === 'arrival'}
          departure={kind === 'departure'}
          today={today}
          onDetails={entry.reservationId ? () => onOpen(entry.reservationId as string) : undefined}
        />
      </Stack>
    </Card>
  );
}

function Column({
  title,
  entries,
  kind,
  empty,
  onOpen,
  today,
}: {
  today: string;
  title: string;
  entries: ReservationDayEntry[];
  kind: 'arrival' | 'departure';
  empty: string;
  onOpen: (id: string) => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}{' '}
        <Text span c="dimmed" fz="md">
          ({entries.length})
        </Text>
      </Title>
      {entries.length === 0 ? (
        <Card withBorder radius="md" padding="md">
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((e) => (
            <EntryCard key={`${e.kind}-${e.reservationId ?? e.boardingId}`} entry={e} kind={kind} onOpen={onOpen} today={today} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A day's arrivals and departures (any date, default today), each with what the owner still owes. */
export function DayLists({
  date,
  onDate,
  onOpen,
}: {
  /** undefined: the business's today. */
  date: string | undefined;
  onDate: (d: string | undefined) => void;
  onOpen: (id: string) => void;
}) {
  const q = useQuery(dayQuery(date));
  const data = q.data;
  const shown = date ?? data?.today;

  const nav = (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Button
        variant="default"
        onClick={() => shown && onDate(addDays(shown, -1))}
        disabled={!shown}
        aria-label="Previous day"
        px="xs"
      >
        <IconChevronLeft size={16} />
      </Button>
      <DateInput
        aria-label="Day"
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseDayMonthYear}
        value={shown ?? null}
        onChange={(v) => v && onDate(v === data?.today ? undefined : v)}
        w={140}
        clearable={false}
      />
      <Button
        variant="default"
        onClick={() => shown && onDate(addDays(shown, 1))}
        disabled={!shown}
        aria-label="Next day"
        px="xs"
      >
        <IconChevronRight size={16} />
      </Button>
      <Button
        variant="default"
        leftSection={<IconCalendar size={16} />}
        onClick={() => onDate(undefined)}
        disabled={date === undefined}
      >
        Today
      </Button>
    </Group>
  );

  let body: React.ReactNode;
  if (!data)
    body = q.isError ? (
      <ErrorState message={serverMessage(q.error, 'Failed to load reservations')} onRetry={() => void q.refetch()} />
    ) : (
      <LoadingState label="Loading the day's arrivals and departures..." />
    );
  else if (data.arrivals.length === 0 && data.departures.length === 0)
    body = (
      <EmptyState
        title="No reservations on this day"
        hint="No pet arrives or leaves on this day. Choose another day, or make a reservation."
      />
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy={q.isFetching}>
        <Column
          today={data.today}
          title="Arrivals"
          entries={data.arrivals}
          kind="arrival"
          empty="No arrivals on this day."
          onOpen={onOpen}
        />
        <Column
          today={data.today}
          title="Departures"
          entries={data.departures}
          kind="departure"
          empty="No departures on this day."
          onOpen={onOpen}
        />
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} data-testid="day-title">
          {shown ? `${longWeekdayOf(shown)}, ${formatDate(shown)}${shown === data?.today ? ' (today)' : ''}` : ' '}
        </Text>
        {nav}
      </Group>
      {q.isError && data ? (
        <ErrorState message={serverMessage(q.error, 'Failed to load reservations')} onRetry={() => void q.refetch()} />
      ) : null}
      {body}
    </Stack>
  );
}
