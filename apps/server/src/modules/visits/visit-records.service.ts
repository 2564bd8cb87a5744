/**
 * Writing a visit and its lines, for the sales module (a sale writes the visit in its own transaction). The
 * visits module owns the tables; nobody else imports its repo.
 */
export type { NewVisitItemRow, VisitItemRow, VisitRow } from './visit-records.repo.ts';
export {
  findStayBillVisits as stayBillVisits,
  findStayBillVisitsOf as stayBillVisitsOf,
  insertVisit as recordVisit,
  insertVisitItems as recordVisitItems,
} from './visit-records.repo.ts';
