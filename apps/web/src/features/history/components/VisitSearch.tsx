import { Card, Group, Stack, Text } from '@mantine/core';
import { VISIT_LIST_MESSAGES, type VisitListRow } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadMore } from '../../../components/LoadMore';
import { EmptyState, ErrorState, InlineErrorState, SkeletonRows } from '../../../components/states';
import { VisitDetailDialog } from '../../../components/visit-details/VisitDetailDialog';
import { serverMessage } from '../../../lib/api-client';
import { visitListQuery } from '../../../lib/endpoints/visit-list';
import { useBusinessToday } from '../../../lib/endpoints/reminders';
import { hasFilters, toApiFilters } from '../filters';
import { useVisitFilters } from '../use-visit-filters';
import { VisitFilters } from './VisitFilters';
import { VisitResults } from './VisitResults';

export const LOAD_FAILED = 'Failed to load visits';

/**
 * The Visit History search (spec 000 §2; issue 17): the filters (kept in the address), the rows newest first a page
 * at a time, and the visit detail dialog a row opens. With `petId` it searches that pet's visits only
 * (/staff/salesSection).
 */
export function VisitSearch({ petId }: { petId?: string }) {
  const today = useBusinessToday();
  const f = useVisitFilters(today);
  const q = useInfiniteQuery(visitListQuery(toApiFilters(f.applied, petId)));
  const rows: VisitListRow[] = q.data?.pages.flatMap((p) => p.List) ?? [];
  const [opened, setOpened] = useState<VisitListRow | null>(null);

  let body: ReactNode;
  if (q.isPending) body = <SkeletonRows label="Loading visits" rows={6} height={44} />;
  else if (!q.data)
    body = (
      <ErrorState title="Could not load visits" message={serverMessage(q.error, LOAD_FAILED)} onRetry={() => void q.refetch()} />
    );
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={VISIT_LIST_MESSAGES.empty}
        hint={hasFilters(f.applied) ? 'Try another date or fewer filters.' : undefined}
      />
    );
  else
    body = (
      <Stack gap="sm">
        {/* A filter change loads behind the rows it replaces. */}
        <div aria-busy={q.isFetching && !q.isFetchingNextPage} style={{ opacity: q.isPlaceholderData ? 0.6 : 1 }}>
          <VisitResults rows={rows} onOpen={setOpened} perPet={Boolean(petId)} />
        </div>
        {q.isError ? <InlineErrorState message={serverMessage(q.error, LOAD_FAILED)} onRetry={() => void q.refetch()} /> : null}
        <LoadMore q={q} label="Load more visits" />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Filters">
        <VisitFilters f={f} today={today} perPet={Boolean(petId)} />
      </Card>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {q.data && rows.length > 0
            ? `${rows.length}${q.hasNextPage ? '+' : ''} visit${rows.length === 1 ? '' : 's'}, newest first`
            : ''}
        </Text>
      </Group>
      {body}
      <VisitDetailDialog
        visitId={opened?._id ?? null}
        purpose={opened ? opened.visitType.purpose || opened.purpose : null}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
