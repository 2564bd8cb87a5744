import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { fillLevel, RESERVATION_STATUS_LABEL, type Reservation } from '@pawdesk/shared';
import classes from './calendar.module.css';
import { dayMonthOf, weekdayOf } from './dates';
import { petNames } from './DayLists';
import { STATUS_COLOR } from './StatusBadge';

export const covers = (r: Reservation, d: string) => r.firstDay <= d && d <= r.lastDay;
const who = (r: Reservation) => `${petNames(r.pets)} (${r.owner.name})`;
const describe = (r: Reservation) => `${who(r)}, ${r.label}, ${RESERVATION_STATUS_LABEL[r.status]}`;

export function Places({ place }: { place: { booked: number; capacity: number | null } | null }) {
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
export function WeekGrid({
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
export function MonthGrid({
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
export function DayByDayList({ dates, list, onOpen }: { dates: string[]; list: Reservation[]; onOpen: (id: string) => void }) {
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
