/**
 * The receipt counter's series for other modules (issue 17): GST documents take their numbers from it (keys `T/2026-27`,
 * `B/2026-27`, `C/2026-27`), gap-free per series and financial year; a rolled-back transaction gives its number back.
 */
export { nextReceiptSeq } from './payments.repo.ts';
export { lockReceiptSeriesRow } from './receipt-series.repo.ts';
