import { Group, Text, VisuallyHidden } from '@mantine/core';
import { type FillLevel, fillLevel, type OccupancyResponse, type OccupancyType } from '@pawdesk/shared';
import { IconBan } from '@tabler/icons-react';
import { dayMonthOf, weekdayOf } from './dates';
import classes from './occupancy.module.css';

const LEVEL_TEXT: Record<FillLevel, string> = {
  unlimited: 'no limit',
  open: 'places free',
  high: 'nearly full',
  full: 'full',
};

const capacityText = (capacity: number | null) =>
  capacity === null ? 'No limit' : `${capacity} ${capacity === 1 ? 'place' : 'places'}`;

function Cell({ type, date, booked, today }: { type: OccupancyType; date: string; booked: number; today: boolean }) {
  const level = fillLevel(booked, type.capacity);
  const label = `${type.purpose}, ${weekdayOf(date)} ${dayMonthOf(date)}: ${booked} booked${
    type.capacity === null ? ', no limit' : ` of ${type.capacity}, ${LEVEL_TEXT[level]}`
  }`;
  return (
    <td
      className={`${classes.cell} ${today ? classes.today : ''}`}
      data-level={level}
      data-testid="occupancy-cell"
      data-date={date}
      data-type={type.code}
      title={label}
    >
      <span aria-hidden>
        {booked}
        {type.capacity === null ? null : ` / ${type.capacity}`}
      </span>
      {level === 'full' ? (
        <span className={classes.fullTag} aria-hidden>
          <IconBan size={11} stroke={2.5} />
          Full
        </span>
      ) : null}
      <VisuallyHidden>{label}</VisuallyHidden>
    </td>
  );
}

/** Boarding types × days: "booked / capacity" per cell, coloured by how full, full cells marked; today outlined. */
export function OccupancyGrid({ data }: { data: OccupancyResponse }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls sideways on a phone, so the keyboard scrolls it too
    <div className={classes.scroller} data-testid="occupancy-grid" role="region" aria-label="Occupancy grid" tabIndex={0}>
      <table className={classes.grid} aria-label="Occupancy by boarding type and day">
        <thead>
          <tr>
            <th scope="col" className={classes.typeCell}>
              Type
            </th>
            {data.dates.map((d) => (
              <th
                key={d}
                scope="col"
                className={`${classes.dayHead} ${d === data.today ? classes.today : ''}`}
                aria-current={d === data.today ? 'date' : undefined}
              >
                {d === data.today ? <span className={classes.todayTag}>Today</span> : null}
                <span className={classes.weekday}>{weekdayOf(d)}</span>
                {dayMonthOf(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.types.map((t) => (
            <tr key={t._id} data-testid="occupancy-row" data-type={t.code}>
              <th scope="row" className={classes.typeCell}>
                <Text size="sm" fw={600} lh={1.2}>
                  {t.purpose}
                </Text>
                <Text size="xs" c="dimmed">
                  {capacityText(t.capacity)}
                </Text>
              </th>
              {data.dates.map((d, i) => (
                <Cell key={d} type={t} date={d} booked={t.booked[i] ?? 0} today={d === data.today} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the colours mean (and that full cells say so in words). */
export function OccupancyLegend() {
  const item = (level: FillLevel, text: string) => (
    <Group gap={6} wrap="nowrap">
      <span className={`${classes.swatch} ${classes.cell}`} data-level={level} />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
  return (
    <Group gap="md" mt="xs" aria-label="Legend">
      {item('open', 'Places free')}
      {item('high', 'Nearly full (80% or more)')}
      {item('full', 'Full')}
      <Text size="xs" c="dimmed">
        Cells read booked / capacity.
      </Text>
    </Group>
  );
}
