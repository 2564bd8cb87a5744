import type { DbOrTx } from '../../db/client.ts';

/**
 * The seams between care during a stay (the `care` module: care plans, the care board, run cards) and the
 * `report-cards` module (daily report cards and incidents), which builds on it. Report cards import care; care never
 * imports report cards, so what care shows of them (today's card done, a stay's incidents on its run card) comes
 * through providers that the report-cards module registers at load. The care module registers the day summary.
 */

/** One recorded meal or dose of a stay's day, as the care log holds it. */
export interface CareDayEntry {
  kind: 'meal' | 'dose' | 'other';
  /** The slot's name (Morning, Noon, Evening, …). */
  slot: string;
  /** What it was: the food or the medicine with its amount ("Royal Canin 200 g", "Meloxicam 0.5 ml"). */
  label: string;
  /** The feedback recorded ('ate all', 'most', …, 'given', 'refused', …); null when not recorded. */
  feedback: string | null;
  note: string | null;
  /** When it was recorded (ISO), null when not recorded. */
  doneAt: string | null;
}

/** A stay's day from the care log: what was planned and what was recorded, and a one-paragraph text of it. */
export interface CareDaySummary {
  entries: CareDayEntry[];
  /** E.g. "Ate all of breakfast, most of dinner. Meloxicam 0.5 ml given at 08:10." */
  text: string;
}

/** An incident as a run card lists it. */
export interface RunCardIncident {
  at: string;
  kind: string;
  summary: string;
}

type SummaryProvider = (db: DbOrTx, boardingId: string, day: string) => Promise<CareDaySummary>;
type IncidentProvider = (db: DbOrTx, boardingId: string) => Promise<RunCardIncident[]>;
type ReportCardStatusProvider = (db: DbOrTx, boardingIds: readonly string[], day: string) => Promise<Set<string>>;

/** The providers other modules register, the empty ones until they do. */
const ports: { summary: SummaryProvider; incidents: IncidentProvider; reportCards: ReportCardStatusProvider } = {
  summary: async () => ({ entries: [], text: '' }),
  incidents: async () => [],
  reportCards: async () => new Set(),
};

/** Sets a port; returns what puts the one before back (a test's stand-in must not outlive it). */
function register<K extends keyof typeof ports>(port: K, p: (typeof ports)[K]): () => void {
  const before = ports[port];
  ports[port] = p;
  return () => {
    ports[port] = before;
  };
}

/** Registered once by the care module. */
export const registerCareDaySummary = (p: SummaryProvider) => register('summary', p);

/** The care log of a stay's business day (`yyyy-MM-dd`), for a report card's summary (empty until care registers). */
export function careDaySummary(db: DbOrTx, boardingId: string, day: string): Promise<CareDaySummary> {
  return ports.summary(db, boardingId, day);
}

/** Registered once by the report-cards module. */
export const registerRunCardIncidents = (p: IncidentProvider) => register('incidents', p);

/** A stay's incidents, oldest first, for its run card. */
export function runCardIncidents(db: DbOrTx, boardingId: string): Promise<RunCardIncident[]> {
  return ports.incidents(db, boardingId);
}

/** Registered once by the report-cards module. */
export const registerReportCardStatus = (p: ReportCardStatusProvider) => register('reportCards', p);

/** Of these stays, the ones that have a report card for the business day (`yyyy-MM-dd`). */
export function stayIdsWithReportCard(db: DbOrTx, boardingIds: readonly string[], day: string): Promise<Set<string>> {
  return ports.reportCards(db, boardingIds, day);
}
