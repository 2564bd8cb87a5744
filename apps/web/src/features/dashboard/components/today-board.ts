import { formatDate, formatINR, type TodayBoardResponse, type TodayChart } from '@pawdesk/shared';

/** One tile of the Today strip: what it counts, where it leads, and a line of detail. */
export interface TodayTile {
  key: string;
  label: string;
  value: string;
  detail: string;
  to: string;
  /** Draws the eye (something needs doing). */
  attention: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The tiles of the Today strip, in the order staff read the day. */
export function todayTiles(b: TodayBoardResponse): TodayTile[] {
  const pets = b.inHouse.reduce((a, t) => a + t.pets, 0);
  const limited = b.inHouse.filter((t) => t.capacity !== null);
  const full = limited.filter((t) => t.pets >= (t.capacity ?? 0)).map((t) => t.purpose);
  const f = b.followUps;
  const v = b.vaccinations;
  return [
    {
      key: 'in-house',
      label: 'Pets in house',
      value: String(pets),
      detail:
        b.inHouse.length === 0
          ? 'No boarding types'
          : b.inHouse
              .filter((t) => t.pets > 0)
              .map((t) => `${t.purpose} ${t.pets}${t.capacity === null ? '' : `/${t.capacity}`}`)
              .join(' · ') || 'no pets boarded',
      to: '/staff/occupancy',
      attention: full.length > 0,
    },
    ...(b.arrivals
      ? [
          {
            key: 'arrivals',
            label: 'Arrivals today',
            value: `${b.arrivals.checkedIn}/${b.arrivals.checkedIn + b.arrivals.expected}`,
            detail:
              b.arrivals.expected === 0
                ? b.arrivals.checkedIn === 0
                  ? 'no reservations today'
                  : 'all checked in'
                : `${plural(b.arrivals.expected, 'reservation')} to check in`,
            to: '/staff/reservations',
            attention: b.arrivals.expected > 0,
          },
        ]
      : []),
    {
      key: 'departures',
      label: 'Departures due',
      value: String(b.departures.dueToday),
      detail: b.departures.overdue > 0 ? `${b.departures.overdue} past their last day` : 'stays ending today',
      to: '/staff/deboard',
      attention: b.departures.overdue > 0,
    },
    {
      key: 'follow-ups',
      label: 'Follow-ups today',
      value: f.total === 0 ? '0' : `${f.present}/${f.total}`,
      detail: f.total === 0 ? 'none scheduled' : `${f.present} present, ${f.absent} absent, ${f.unmarked} to mark`,
      to: '/staff/attendance',
      attention: f.unmarked > 0,
    },
    {
      key: 'vaccinations',
      label: 'Vaccinations due',
      value: `${v.dueToday}${v.truncated ? '+' : ''}`,
      detail: v.overdue > 0 ? `${v.overdue}${v.truncated ? '+' : ''} overdue` : 'none overdue',
      to: '/staff/reminders?tab=vaccinations',
      attention: v.dueToday + v.overdue > 0,
    },
    {
      key: 'alerts',
      label: 'Alert list',
      value: `${b.alerts.lowStock}${b.alerts.more ? '+' : ''}`,
      detail: b.alerts.lowStock === 0 ? 'stock is fine' : `${plural(b.alerts.lowStock, 'item')} low on stock`,
      to: '/staff/alertlist',
      attention: b.alerts.lowStock > 0,
    },
    {
      key: 'takings',
      label: "Today's takings",
      value: formatINR(b.takings.received),
      detail: `sales ${formatINR(b.takings.charged)}`,
      to: '/staff/takings',
      attention: false,
    },
  ];
}

/** Colours of the chart's series (the last one is "Other"). */
export const SERIES_COLORS = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#868e96'];

export interface ChartSeries {
  purpose: string;
  amounts: number[];
  total: number;
  color: string;
}

/** The largest `max − 1` purposes, the rest folded into 'Other' (at most `max` series). */
export function chartSeries(chart: TodayChart, max = SERIES_COLORS.length): ChartSeries[] {
  const shown = chart.purposes.length <= max ? chart.purposes : chart.purposes.slice(0, max - 1);
  const rest = chart.purposes.slice(shown.length);
  const out = shown.map((p, i) => ({ ...p, color: SERIES_COLORS[i]! }));
  if (rest.length) {
    const amounts = chart.dates.map((_, d) => rest.reduce((a, p) => a + (p.amounts[d] ?? 0), 0));
    out.push({ purpose: 'Other', amounts, total: rest.reduce((a, p) => a + p.total, 0), color: SERIES_COLORS.at(-1)! });
  }
  return out;
}

export interface Bar {
  date: string;
  x: number;
  width: number;
  total: number;
  segments: { purpose: string; y: number; height: number; color: string }[];
}

/**
 * Stacked bars in a `width` × `height` box (SVG units), one per day, scaled to the largest day's total; days with
 * nothing have no segments. A 1-unit gap between bars.
 */
export function chartBars(chart: TodayChart, series: ChartSeries[], width: number, height: number): Bar[] {
  const max = Math.max(0, ...chart.totals);
  const step = width / Math.max(1, chart.dates.length);
  return chart.dates.map((date, d) => {
    let y = height;
    const segments: Bar['segments'] = [];
    for (const s of series) {
      const v = s.amounts[d] ?? 0;
      if (v <= 0 || max === 0) continue;
      const h = (v / max) * height;
      y -= h;
      segments.push({ purpose: s.purpose, y, height: h, color: s.color });
    }
    return { date, x: d * step + 0.5, width: Math.max(step - 1, 0.5), total: chart.totals[d] ?? 0, segments };
  });
}

/** The chart's summary for screen readers. */
export function chartSummary(chart: TodayChart): string {
  const sum = chart.totals.reduce((a, b) => a + b, 0);
  if (sum === 0) return 'No sales in the last 30 days.';
  const best = chart.totals.indexOf(Math.max(...chart.totals));
  return `Sales of ${formatINR(sum)} from ${formatDate(chart.dates[0]!)} to ${formatDate(chart.dates.at(-1)!)}; the best day was ${formatDate(chart.dates[best]!)} with ${formatINR(chart.totals[best]!)}.`;
}
