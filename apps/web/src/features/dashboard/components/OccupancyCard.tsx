import { Anchor, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type FillLevel, fillLevel, OCCUPANCY_MSG, type OccupancyType } from '@pawdesk/shared';
import { IconBan, IconBed, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InlineErrorState, SkeletonRows } from '../../../components/states';
import { occupancyQuery } from '../../../lib/endpoints/occupancy';

const COLOR: Record<FillLevel, string> = { unlimited: 'gray', open: 'green', high: 'yellow', full: 'red' };

function TypeLine({ t }: { t: OccupancyType }) {
  const booked = t.booked[0] ?? 0;
  const level = fillLevel(booked, t.capacity);
  const pct = t.capacity ? Math.min(100, (booked / t.capacity) * 100) : t.capacity === 0 ? 100 : 0;
  return (
    <div data-testid="occupancy-today" data-type={t.code} data-level={level}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{t.purpose}</Text>
        <Group gap={4} wrap="nowrap">
          {level === 'full' ? (
            <Text size="xs" fw={700} c="red.8" tt="uppercase" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
              <IconBan size={12} stroke={2.5} aria-hidden />
              Full
            </Text>
          ) : null}
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {booked}
            {t.capacity === null ? ' (no limit)' : ` / ${t.capacity}`}
          </Text>
        </Group>
      </Group>
      {t.capacity === null ? null : (
        <Progress
          value={pct}
          color={COLOR[level]}
          size="sm"
          aria-label={`${t.purpose}: ${booked} of ${t.capacity} places booked`}
        />
      )}
    </div>
  );
}

/** The staff dashboard's card: today's places booked per boarding type, linking to the 14-day grid. */
export function OccupancyCard() {
  const q = useQuery(occupancyQuery(undefined, 1));
  let body: React.ReactNode;
  if (q.data) {
    body = q.data.types.length ? (
      <Stack gap={8}>
        {q.data.types.map((t) => (
          <TypeLine key={t._id} t={t} />
        ))}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        No boarding types on offer.
      </Text>
    );
  } else if (q.isError) {
    body = <InlineErrorState message={OCCUPANCY_MSG.load} onRetry={() => q.refetch()} />;
  } else {
    body = <SkeletonRows label="Loading occupancy" rows={5} height={22} />;
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Today's occupancy">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          <IconBed />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            Today's occupancy
          </Title>
          <Text size="sm" c="dimmed">
            Places booked against capacity
          </Text>
        </div>
      </Group>
      {body}
      <Anchor
        component={Link}
        to="/staff/occupancy"
        size="sm"
        fw={500}
        mt="md"
        display="inline-flex"
        style={{ alignItems: 'center' }}
      >
        Plan the next 14 days <IconChevronRight size={14} />
      </Anchor>
    </Card>
  );
}
