import { Button, Group, Text } from '@mantine/core';
import { addDays, formatDate, OCCUPANCY_DAYS, OCCUPANCY_MSG } from '@pawdesk/shared';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { occupancyQuery } from '../../../lib/endpoints/occupancy';
import { OccupancyGrid, OccupancyLegend } from '../components/OccupancyGrid';

/**
 * `/staff/occupancy` (issue 11, beyond the spec): a 14-day grid of boarding types × days, booked against capacity,
 * today outlined, to plan stays; previous and next 14 days.
 */
export default function OccupancyPage() {
  /** The first day shown; undefined = today (the server's business day). */
  const [from, setFrom] = useState<string | undefined>(undefined);
  const q = useQuery({ ...occupancyQuery(from, OCCUPANCY_DAYS), placeholderData: keepPreviousData });
  const data = q.data;
  const shift = (days: number) => data && setFrom(addDays(data.from, days));
  const onToday = !data || data.from === data.today;

  const actions = (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} />}
        onClick={() => shift(-OCCUPANCY_DAYS)}
        disabled={!data}
        aria-label={`Previous ${OCCUPANCY_DAYS} days`}
      >
        Previous
      </Button>
      <Button variant="default" leftSection={<IconCalendar size={16} />} onClick={() => setFrom(undefined)} disabled={onToday}>
        Today
      </Button>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} />}
        onClick={() => shift(OCCUPANCY_DAYS)}
        disabled={!data}
        aria-label={`Next ${OCCUPANCY_DAYS} days`}
      >
        Next
      </Button>
    </Group>
  );

  let body: React.ReactNode;
  if (!data) {
    body = q.isError ? (
      <ErrorState message={serverMessage(q.error, OCCUPANCY_MSG.load)} onRetry={() => q.refetch()} />
    ) : (
      <LoadingState label="Loading occupancy..." />
    );
  } else if (data.types.length === 0) {
    body = (
      <EmptyState
        title="No boarding types on offer"
        hint="Hostel, Day Care and the other boarding types appear here once they are offered (Prices & plans)."
      />
    );
  } else {
    body = (
      <div aria-busy={q.isFetching}>
        <Text size="sm" c="dimmed" mb="xs">
          {formatDate(data.dates[0])} – {formatDate(data.dates.at(-1))}
        </Text>
        <OccupancyGrid data={data} />
        <OccupancyLegend />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Occupancy"
        subtitle="Places booked per boarding type and day, against capacity. Overstays count until they leave."
        actions={actions}
      />
      {body}
    </>
  );
}
