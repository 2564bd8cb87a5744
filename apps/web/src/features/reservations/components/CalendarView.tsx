import { Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { fillLevel, RESERVATION_STATUS_LABEL, type Reservation, type VisitTypeApi } from '@pawdesk/shared';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { occupancyQuery } from '../../../lib/endpoints/occupancy';
import { calendarQuery } from '../api/reservations';
import classes from './calendar.module.css';
import { type CalendarView as View, dayMonthOf, shiftView, viewRange, viewTitle, weekdayOf } from './dates';
import { petNames } from './DayLists';
import { STATUS_COLOR } from './StatusBadge';

/** Cancelled and no-show reservations hold no place: hidden unless asked for. */
const INACTIVE = new Set(['cancelled', 'no_show']);

const covers = (r: Reservation, d: string) => r.firstDay <= d && d <= r.lastDay;
const who = (r: Reservation) => `${petNames(r.pets)} (${r.owner.name})`;
const describe = (r: Reservation) => `${who(r)}, ${r.label}, ${RESERVATION_STATUS_LABEL[r.status]}`;

export interface CalendarState {
  view: View;
  anchor: string;
  typeId: string | null;
  showInactive: boolean;
}

/** Per day: the pets of the shown reservations holding a place, and the type's booked/capacity from occupancy. */
function usePlaces(typeId: string | null, from: string, days: number) {
  const occ = useQuery({ ...occupancyQuery(from, days), enabled: typeId !== null });
  const type = occ.data?.types.find((t) => t._id === typeId);
  return (date: string) => {
    if (!occ.data || !type) return null;
    const i = occ.data.dates.indexOf(date);
    return i < 0 ? null : { booked: type.booked[i] ?? 0, capacity: type.capacity };
  };
}

function Places({ place }: { place: { booked: number; capacity: number | null } | null }) {
  if (!place) return null;
  const level = fillLevel(place.booked, place.capacity);
  return (
    <span className={classes.count} data-level={level} data-testid="calendar-places">
      {place.booked}
      {place.capacity === null ? '' : ` / ${place.capacity}`}
      {level === 'full' ? ' full' : ''}
    </span>
  );
}

/** Week: days across, one row per reservation, its days filled in its status colour. */
function WeekGrid({
  dates,
  list,
  today,
  places,
  onOpen,
}: {
  dates: string[];
  list: Reservation[];
  today: string | undefined;
  places: (d: string) => { booked: number; capacity: number | null } | null;
  onOpen: (id: string) => void;
}) {
  return (
    <div className={classes.scroller} data-testid="calendar-week">
      <table className={classes.grid} aria-label="Reservations by day">
        <thead>
          <tr>
            <th scope="col" className={classes.nameCell}>
              Reservation
            </th>
            {dates.map((d) => (
              <th
                key={d}
                scope="col"
                className={`${classes.dayHead} ${d === today ? classes.today : ''}`}
                aria-current={d === today ? 'date' : undefined}
              >
                <span className={classes.weekday}>{weekdayOf(d)}</span>
                {dayMonthOf(d)}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="row" className={classes.nameCell}>
              <Text size="xs" c="dimmed">
                Places booked
              </Text>
            </th>
            {dates.map((d) => (
              <td key={d} className={d === today ? classes.today : undefined}>
                <Places place={places(d)} />
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r._id} data-testid="calendar-row">
              <th scope="row" className={classes.nameCell}>
                <button
                  type="button"
                  className={classes.nameButton}
                  onClick={() => onOpen(r._id)}
                  aria-label={`Open ${describe(r)}`}
                >
                  <Text size="sm" fw={600} truncate>
                    {petNames(r.pets)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {r.owner.name} · {RESERVATION_STATUS_LABEL[r.status]}
                  </Text>
                </button>
              </th>
              {dates.map((d) => (
                <td key={d} className={d === today ? classes.today : undefined}>
                  {covers(r, d) ? (
                    <span
                      className={classes.bar}
                      style={{ background: `var(--mantine-color-${STATUS_COLOR[r.status]}-6)` }}
                      aria-hidden
                    >
                      {r.pets.length}
                    </span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Month: a calendar of weeks; each day its places and the reservations on it (the first few, then '+N more'). */
function MonthGrid({
  dates,
  list,
  today,
  places,
  onOpen,
  onWeek,
}: {
  dates: string[];
  list: Reservation[];
  today: string | undefined;
  places: (d: string) => { booked: number; capacity: number | null } | null;
  onOpen: (id: string) => void;
  onWeek: (d: string) => void;
}) {
  const first = dates[0] as string;
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  return (
    <div className={classes.month} data-testid="calendar-month" role="list" aria-label="Reservations by day">
      {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((w) => (
        <div key={w} className={classes.monthHead} aria-hidden>
          {w}
        </div>
      ))}
      {Array.from({ length: lead }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed blank cells before the first day
        <div key={`blank-${i}`} className={`${classes.monthDay} ${classes.outside}`} aria-hidden />
      ))}
      {dates.map((d) => {
        const on = list.filter((r) => covers(r, d));
        return (
          <div
            key={d}
            className={`${classes.monthDay} ${d === today ? classes.today : ''}`}
            role="listitem"
            aria-label={`${weekdayOf(d)} ${dayMonthOf(d)}`}
            aria-current={d === today ? 'date' : undefined}
            data-date={d}
            data-testid="calendar-day"
          >
            <Group justify="space-between" gap={2} wrap="nowrap">
              <Text size="xs" fw={700}>
                {Number(d.slice(8))}
              </Text>
              <Places place={places(d)} />
            </Group>
            {on.slice(0, 3).map((r) => (
              <button
                type="button"
                key={r._id}
                className={classes.chip}
                style={{ background: `var(--mantine-color-${STATUS_COLOR[r.status]}-1)` }}
                onClick={() => onOpen(r._id)}
                title={describe(r)}
                aria-label={`Open ${describe(r)}`}
              >
                {petNames(r.pets)}
              </button>
            ))}
            {on.length > 3 ? (
              <UnstyledButton onClick={() => onWeek(d)} fz="xs" c="blue.7" mt={2}>
                +{on.length - 3} more
              </UnstyledButton>
            ) : null}
          </div>
        );
      })}
      {Array.from({ length: (7 - ((lead + dates.length) % 7)) % 7 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed blank cells after the last day
        <div key={`after-${i}`} className={`${classes.monthDay} ${classes.outside}`} aria-hidden />
      ))}
    </div>
  );
}

/** Phone: the days that have reservations, each a list of them. */
function DayByDayList({ dates, list, onOpen }: { dates: string[]; list: Reservation[]; onOpen: (id: string) => void }) {
  const days = dates.map((d) => ({ d, on: list.filter((r) => covers(r, d)) })).filter((x) => x.on.length > 0);
  return (
    <Stack gap="sm" data-testid="calendar-list">
      {days.map(({ d, on }) => (
        <Card key={d} withBorder radius="md" padding="sm" component="section" aria-label={`${weekdayOf(d)} ${dayMonthOf(d)}`}>
          <Title order={3} fz="sm" mb={4}>
            {weekdayOf(d)} {dayMonthOf(d)}
          </Title>
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {on.map((r) => (
              <li key={r._id}>
                <button
                  type="button"
                  className={classes.nameButton}
                  onClick={() => onOpen(r._id)}
                  aria-label={`Open ${describe(r)}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      <b>{petNames(r.pets)}</b> · {r.owner.name}
                    </Text>
                    <Text size="xs" c={`${STATUS_COLOR[r.status]}.8`} style={{ flexShrink: 0 }}>
                      {r.firstDay === d ? 'Arrives' : r.lastDay === d ? 'Leaves' : 'Staying'} ·{' '}
                      {RESERVATION_STATUS_LABEL[r.status]}
                    </Text>
                  </Group>
                </button>
              </li>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The calendar of reservations per boarding type, a week or a month, navigable; each reservation opens. */
export function CalendarView({
  state,
  onState,
  types,
  today,
  onOpen,
}: {
  state: CalendarState;
  onState: (s: Partial<CalendarState>) => void;
  types: VisitTypeApi[];
  today: string | undefined;
  onOpen: (id: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const typeId = state.typeId ?? types[0]?._id ?? null;
  const { from, to, dates } = viewRange(state.view, state.anchor);
  const q = useQuery({ ...calendarQuery(from, to, typeId), enabled: typeId !== null });
  const places = usePlaces(typeId, from, dates.length);
  const list = (q.data?.reservations ?? []).filter((r) => state.showInactive || !INACTIVE.has(r.status));

  const controls = (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label="Boarding type"
        data={types.map((t) => ({ value: t._id, label: t.purpose }))}
        value={typeId}
        onChange={(v) => v && onState({ typeId: v })}
        allowDeselect={false}
        w={170}
      />
      <SegmentedControl
        aria-label="View"
        value={state.view}
        onChange={(v) => onState({ view: v as View })}
        data={[
          { value: 'week', label: 'Week' },
          { value: 'month', label: 'Month' },
        ]}
      />
      <Group gap={4} wrap="nowrap">
        <Button
          variant="default"
          px="xs"
          onClick={() => onState({ anchor: shiftView(state.view, state.anchor, -1) })}
          aria-label={`Previous ${state.view}`}
        >
          <IconChevronLeft size={16} />
        </Button>
        <Button variant="default" leftSection={<IconCalendar size={16} />} onClick={() => today && onState({ anchor: today })}>
          Today
        </Button>
        <Button
          variant="default"
          px="xs"
          onClick={() => onState({ anchor: shiftView(state.view, state.anchor, 1) })}
          aria-label={`Next ${state.view}`}
        >
          <IconChevronRight size={16} />
        </Button>
      </Group>
      <Switch
        label="Show cancelled and no-shows"
        checked={state.showInactive}
        onChange={(e) => onState({ showInactive: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );

  let body: React.ReactNode;
  if (!q.data)
    body = q.isError ? (
      <ErrorState message={serverMessage(q.error, 'Failed to load reservations')} onRetry={() => void q.refetch()} />
    ) : (
      <LoadingState label="Loading reservations..." />
    );
  else if (list.length === 0 && phone)
    body = (
      <EmptyState title={`No reservations this ${state.view}`} hint="Choose another week or month, or make a reservation." />
    );
  else if (phone) body = <DayByDayList dates={dates} list={list} onOpen={onOpen} />;
  else if (state.view === 'week')
    body = (
      <>
        <WeekGrid dates={dates} list={list} today={today} places={places} onOpen={onOpen} />
        {list.length === 0 ? (
          <EmptyState title="No reservations this week" hint="Choose another week, or make a reservation." />
        ) : null}
      </>
    );
  else
    body = (
      <MonthGrid
        dates={dates}
        list={list}
        today={today}
        places={places}
        onOpen={onOpen}
        onWeek={(d) => onState({ view: 'week', anchor: d })}
      />
    );

  return (
    <Stack gap="md">
      {controls}
      <Text fw={600} data-testid="calendar-title">
        {viewTitle(state.view, from, to)}
        {q.isError && q.data ? (
          <Text span c="red.8" size="sm">
            {' '}
            (could not refresh)
          </Text>
        ) : null}
      </Text>
      <div aria-busy={q.isFetching}>{body}</div>
    </Stack>
  );
}
