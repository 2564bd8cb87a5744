/** A prescription's priced lines (item, quantity, unit price, line total), for the GST documents of its charge. */
export { linesOf as prescriptionLinesOf } from './prescriptions.repo.ts';
