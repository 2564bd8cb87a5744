/**
 * The boarding rows a stay's money works on, for the sales module (quotes, settling, deboarding): read, locked,
 * closed. The boarding module owns the table; nobody else imports its repo.
 */
export type { BoardedCursor, Closing, DeboardRow } from './deboarding.repo.ts';
export { boardingById, closeBoarding, countBoardedByType, pageBoardingsOfType, setExtraCharged } from './deboarding.repo.ts';
