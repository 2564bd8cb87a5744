import { type RunCard, type RunCardFormat, type RunCardResponse, type RunCardsResponse, runCardFileName } from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the run cards (issue 20). */
export const runCardKeys = {
  all: [...queryRoots.care, 'runcards'] as const,
  one: (boardingId: string) => [...queryRoots.care, 'runcards', 'one', boardingId] as const,
  today: [...queryRoots.care, 'runcards', 'today'] as const,
};

/** GET /care/stays/{boardingId}/runcard: a stay's run card (staff). */
export function runCardQuery(boardingId: string) {
  return queryOptions({
    queryKey: runCardKeys.one(boardingId),
    queryFn: ({ signal }) =>
      api<RunCardResponse>(`/care/stays/${encodeURIComponent(boardingId)}/runcard`, { signal }).then((r) => r.card),
  });
}

/** GET /care/runcards: the run cards of every pet in house today, by pet name. */
export function todaysRunCardsQuery() {
  return queryOptions({
    queryKey: runCardKeys.today,
    queryFn: ({ signal }) => api<RunCardsResponse>('/care/runcards', { signal }),
  });
}

/** GET /care/stays/{boardingId}/runcard.pdf, saved under the server's file name. */
export const downloadRunCardPdf = (card: Pick<RunCard, 'boardingId' | 'today' | 'pet'>, format: RunCardFormat) =>
  apiDownload(`/care/stays/${encodeURIComponent(card.boardingId)}/runcard.pdf`, runCardFileName(card.pet.name, card.today), {
    query: { format },
  });

/** GET /care/runcards.pdf: today's cards in one PDF. */
export const downloadTodaysRunCardsPdf = (day: string, format: RunCardFormat) =>
  apiDownload('/care/runcards.pdf', `run-cards-${day}.pdf`, { query: { format } });
