import { Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatINR } from '@pawdesk/shared';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Money } from '../../../../components/Money';
import { VisitDetailDialog } from '../../../../components/visit-details/VisitDetailDialog';
import { VisitStateBadge } from '../../../../components/VisitStateBadge';
import { visitListQuery } from '../../../../lib/endpoints/visit-list';
import { LoadMore } from '../../../../components/LoadMore';
import { itemText, VisitTiles } from '../VisitHistoryList';
import { PagedTable, PanelList, Row } from './Panel';

/**
 * The pet's veterinary visits in View Vet History (the prescriptions are listed above): the Visit History search for
 * the pet and purpose, with the vaccines and medicines given, the price and the ledger's payment state; a click opens
 * the visit detail dialog. A table on a wide screen, tiles on a phone.
 */
export function VetVisitsSection({ petId }: { petId: string }) {
  const q = useInfiniteQuery({ ...visitListQuery({ petId, purpose: 'veterinary' }), retry: false });
  const [opened, setOpened] = useState<string | null>(null);
  const visits = q.data?.pages.flatMap((p) => p.List) ?? [];
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <Stack gap="xs" component="section" aria-label="Veterinary visits" mt="lg">
      <Text fw={600}>Veterinary visits</Text>
      <PanelList
        q={q}
        loading="Loading visits..."
        errorTitle="Could not load visits"
        failed="Failed to fetch visits"
        empty="No veterinary visits found"
        isEmpty={visits.length === 0}
      >
        {wide ? (
          <PagedTable
            q={q}
            columns={['Date', 'Vaccines and medicines', { label: 'Price', ta: 'right' }, { label: 'Payment', ta: 'right' }]}
            moreLabel="Load more visits"
            clickable
          >
            {visits.map((v) => {
              const lines = [...v.details.vaccines, ...v.details.medicines];
              return (
                <Row key={v._id} onOpen={() => setOpened(v._id)} label={`Veterinary visit of ${formatDateTime(v.createdAt)}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.createdAt)}</Table.Td>
                  <Table.Td>
                    {lines.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : (
                      lines.map((l, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; an item may repeat
                        <Text key={`${l.name}-${i}`} size="sm">
                          {itemText(l)}
                        </Text>
                      ))
                    )}
                  </Table.Td>
                  <Table.Td ta="right" td={v.paymentState === 'voided' ? 'line-through' : undefined}>
                    <Money value={v.price} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={2} align="flex-end">
                      <VisitStateBadge state={v.paymentState} />
                      {v.due > 0 ? (
                        <Text size="xs" c="orange.9" style={{ whiteSpace: 'nowrap' }}>
                          {formatINR(v.due)} due
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Row>
              );
            })}
          </PagedTable>
        ) : (
          <Stack gap="sm">
            <VisitTiles visits={visits} onOpen={(v) => setOpened(v._id)} label="Veterinary visits" />
            <LoadMore q={q} label="Load more visits" />
          </Stack>
        )}
      </PanelList>
      <VisitDetailDialog visitId={opened} purpose="Veterinary" onClose={() => setOpened(null)} />
    </Stack>
  );
}
