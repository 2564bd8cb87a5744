import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime, formatINR, type VisitListRow } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadMore } from '../../../components/LoadMore';
import { Money } from '../../../components/Money';
import { ErrorState, LoadingState } from '../../../components/states';
import { VisitDetailDialog } from '../../../components/visit-details/VisitDetailDialog';
import { VisitStateBadge } from '../../../components/VisitStateBadge';
import { errorMessage } from '../../../lib/api-client';
import { visitListQuery } from '../../../lib/endpoints/visit-list';
import classes from './pets.module.css';

/** 'Item: {name} (x{quantity})' with ' - {n}mL' when the line has a volume (spec 000 §2 "Pet registrations by date"). */
export const itemText = (l: { name: string; quantity: number; volume: number | null }) =>
  `Item: ${l.name} (x${l.quantity})${l.volume ? ` - ${l.volume}mL` : ''}`;

const linesOf = (v: VisitListRow) => [...v.details.vaccines, ...v.details.medicines, ...v.details.items];
const purposeOf = (v: VisitListRow) => v.visitType.purpose || v.purpose;

/** Visits as tiles (date and time, purpose, items; price, payment state, what is due): a click opens one. */
export function VisitTiles({
  visits,
  onOpen,
  label,
}: {
  visits: readonly VisitListRow[];
  onOpen: (v: VisitListRow) => void;
  label: string;
}) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {visits.map((v) => (
        <li key={v._id}>
          <UnstyledButton
            className={classes.tile}
            onClick={() => onOpen(v)}
            aria-label={`${purposeOf(v)} visit of ${formatDateTime(v.createdAt)}`}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(v.createdAt)}
                </Text>
                <Text fw={600} size="sm">
                  {purposeOf(v)}
                </Text>
                {linesOf(v).map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; an item may repeat
                  <Text key={`${l.name}-${i}`} size="sm">
                    {itemText(l)}
                  </Text>
                ))}
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={600} size="sm" td={v.paymentState === 'voided' ? 'line-through' : undefined}>
                  <Money value={v.price} />
                </Text>
                <VisitStateBadge state={v.paymentState} />
                {v.due > 0 ? (
                  <Text size="xs" c="orange.9">
                    {formatINR(v.due)} due
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The pet's Visit History on Pets by Date: each visit's date and time, purpose, items, price and what the ledger says
 * of its payment, newest first a page at a time (the Visit History search for the pet); a visit opens its detail
 * dialog.
 */
export function VisitHistoryList({ petId }: { petId: string }) {
  const q = useInfiniteQuery(visitListQuery({ petId }));
  const [opened, setOpened] = useState<VisitListRow | null>(null);
  if (q.isPending) return <LoadingState label="Loading visit history..." />;
  if (!q.data)
    return <ErrorState title="Could not load visit history" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const visits = q.data.pages.flatMap((p) => p.List);
  if (visits.length === 0) return <Text c="dimmed">No visit history available</Text>;
  return (
    <Stack gap="xs">
      <VisitTiles visits={visits} onOpen={setOpened} label="Visit History" />
      <LoadMore q={q} label="Load more visits" />
      <VisitDetailDialog
        visitId={opened?._id ?? null}
        purpose={opened ? purposeOf(opened) : null}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
