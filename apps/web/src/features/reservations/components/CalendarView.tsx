import { Button, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { VisitTypeApi } from '@pawdesk/shared';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { occupancyQuery } from '../../../lib/endpoints/occupancy';
import { calendarQuery } from '../api/reservations';
import { DayByDayList, MonthGrid, WeekGrid } from './CalendarGrids';
import { type CalendarView as View, shiftView, viewRange, viewTitle } from './dates';

/** Cancelled and no-show reservations hold no place: hidden unless asked for. */
const INACTIVE = new Set(['cancelled', 'no_show']);

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
