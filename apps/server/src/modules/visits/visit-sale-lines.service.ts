/** A visit and its lines as sold, for the GST documents of its charge (documents module). */
export { findVisit as visitById, findVisitItems as visitItemsOf } from './visit-records.repo.ts';
