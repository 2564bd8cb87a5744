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

let summary: SummaryProvider = async () => ({ entries: [], text: '' });
let incidents: IncidentProvider = async () => [];
let reportCards: ReportCardStatusProvider = async () => new Set();

/** Registered once by the care module. */
export function registerCareDaySummary(p: SummaryProvider): void {
  summary = p;
}

/** The care log of a stay's business day (`yyyy-MM-dd`), for a report card's summary (empty until care registers). */
export function careDaySummary(db: DbOrTx, boardingId: string, day: string): Promise<CareDaySummary> {
  return summary(db, boardingId, day);
}

/** Registered once by the report-cards module. */
export function registerRunCardIncidents(p: IncidentProvider): void {
  incidents = p;
}

/** A stay's incidents, oldest first, for its run card. */
export function runCardIncidents(db: DbOrTx, boardingId: string): Promise<RunCardIncident[]> {
  return incidents(db, boardingId);
}

/** Registered once by the report-cards module. */
export function registerReportCardStatus(p: ReportCardStatusProvider): void {
  reportCards = p;
}

/** Of these stays, the ones that have a report card for the business day (`yyyy-MM-dd`). */
export function stayIdsWithReportCard(db: DbOrTx, boardingIds: readonly string[], day: string): Promise<Set<string>> {
  return reportCards(db, boardingIds, day);
}
