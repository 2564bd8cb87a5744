import { Card, Group, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { formatDate, formatINR, TODAY_MESSAGES, type TodayChart } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { InlineErrorState, SkeletonRows } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { todayBoardQuery } from '../api/today';
import classes from './today.module.css';
import { type ChartSeries, chartBars, chartSeries, chartSummary, todayTiles } from './today-board';

const W = 300;
const H = 80;

/** 30 days of sales by purpose as small stacked bars (SVG), with a summary and the figures as a table. */
export function TakingsChart({ chart }: { chart: TodayChart }) {
  const titleId = useId();
  const descId = useId();
  const series = chartSeries(chart);
  const bars = chartBars(chart, series, W, H);
  const summary = chartSummary(chart);
  const empty = chart.totals.every((t) => t === 0);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} fz="sm" id={titleId}>
          Sales, last 30 days
        </Title>
        {series.length ? <Legend series={series} /> : null}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed">
          {TODAY_MESSAGES.empty}
        </Text>
      ) : (
        <svg
          className={classes.chart}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          data-testid="today-chart"
        >
          <title>Sales, last 30 days</title>
          <desc id={descId}>{summary}</desc>
          <line x1={0} y1={H - 0.25} x2={W} y2={H - 0.25} stroke="#ced4da" strokeWidth={0.5} />
          {bars.map((b) => (
            <g key={b.date}>
              <title>{`${formatDate(b.date)}: ${formatINR(b.total)}`}</title>
              {b.segments.map((s) => (
                <rect key={s.purpose} x={b.x} y={s.y} width={b.width} height={s.height} fill={s.color} />
              ))}
            </g>
          ))}
        </svg>
      )}
      {empty ? null : (
        <Group justify="space-between" gap="xs" aria-hidden className={classes.axis}>
          <Text size="xs" c="dimmed">
            {formatDate(chart.dates[0]!)}
          </Text>
          <Text size="xs" c="dimmed">
            highest day {formatINR(Math.max(...chart.totals))}
          </Text>
          <Text size="xs" c="dimmed">
            today
          </Text>
        </Group>
      )}
      <details className={classes.details}>
        <summary>Show the figures</summary>
        <Table.ScrollContainer minWidth={280}>
          <Table aria-label="Sales by day and purpose, last 30 days" striped withRowBorders={false} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                {series.map((s) => (
                  <Table.Th key={s.purpose} ta="right">
                    {s.purpose}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {chart.dates.map((d, i) =>
                chart.totals[i] ? (
                  <Table.Tr key={d}>
                    <Table.Td>{formatDate(d)}</Table.Td>
                    {series.map((s) => (
                      <Table.Td key={s.purpose} ta="right">
                        {formatINR(s.amounts[i] ?? 0)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{formatINR(chart.totals[i]!)}</Table.Td>
                  </Table.Tr>
                ) : null,
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </Stack>
  );
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <Group gap="sm" wrap="wrap" aria-hidden>
      {series.map((s) => (
        <Group key={s.purpose} gap={4} wrap="nowrap">
          <span className={classes.swatch} style={{ background: s.color }} />
          <Text size="xs">{s.purpose}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The Today strip above the dashboard's panels (issue 17): pets in house, arrivals (issue 18), departures, follow-ups, vaccinations, the
 * alert list and today's takings, each a link to its screen, and 30 days of sales by purpose.
 */
export function TodayStrip() {
  const q = useQuery(todayBoardQuery());
  let body: React.ReactNode;
  if (!q.data) {
    body = q.isError ? (
      <InlineErrorState message={serverMessage(q.error, TODAY_MESSAGES.load)} onRetry={() => q.refetch()} />
    ) : (
      <SkeletonRows label="Loading today’s figures" rows={2} height={56} />
    );
  } else {
    const tiles = todayTiles(q.data);
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: tiles.length > 6 ? 4 : 3, lg: tiles.length }} spacing="sm">
          {tiles.map((t) => (
            <UnstyledButton
              key={t.key}
              component={Link}
              to={t.to}
              className={classes.tile}
              data-attention={t.attention || undefined}
              data-testid={`today-${t.key}`}
              aria-label={`${t.label}: ${t.value}, ${t.detail}`}
            >
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t.label}
              </Text>
              <Text fw={700} fz="xl" className={classes.value}>
                {t.value}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {t.detail}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <TakingsChart chart={q.data.chart} />
      </Stack>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Today" mb="lg">
      <Title order={2} fz="lg" mb="sm">
        Today{q.data ? `, ${formatDate(q.data.today)}` : ''}
      </Title>
      {body}
    </Card>
  );
}
