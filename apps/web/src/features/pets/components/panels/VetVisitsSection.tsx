import { Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@pawdesk/shared';
import { useState } from 'react';
import { Money } from '../../../../components/Money';
import { VisitDetailDialog } from '../../../../components/visit-details/VisitDetailDialog';
import { usePetVisits } from '../../api/get-pet-panels';
import { PagedTable, PanelList, Row } from './Panel';

const isVet = (v: { purpose: string; visitType: { purpose: string } }) =>
  (v.visitType.purpose || v.purpose).trim().toLowerCase() === 'veterinary';

/**
 * The pet's veterinary visits in View Vet History (the prescriptions are listed above): a click opens the visit
 * detail dialog. The visits come from the pet's visit list a page at a time.
 */
export function VetVisitsSection({ petId }: { petId: string }) {
  const q = usePetVisits(petId);
  const [opened, setOpened] = useState<string | null>(null);
  const visits = (q.data?.pages.flatMap((p) => p.List) ?? []).filter(isVet);
  return (
    <Stack gap="xs" component="section" aria-label="Veterinary visits" mt="lg">
      <Text fw={600}>Veterinary visits</Text>
      <PanelList
        q={q}
        loading="Loading visits..."
        errorTitle="Could not load visits"
        failed="Failed to fetch visits"
        empty="No veterinary visits found"
        isEmpty={visits.length === 0 && !q.hasNextPage}
      >
        <PagedTable q={q} columns={['Date', { label: 'Price', ta: 'right' }]} moreLabel="Load more visits" clickable>
          {visits.map((v) => (
            <Row key={v._id} onOpen={() => setOpened(v._id)} label={`Veterinary visit of ${formatDateTime(v.createdAt)}`}>
              <Table.Td>{formatDateTime(v.createdAt)}</Table.Td>
              <Table.Td ta="right">
                <Money value={v.price} />
              </Table.Td>
            </Row>
          ))}
        </PagedTable>
      </PanelList>
      <VisitDetailDialog visitId={opened} purpose="Veterinary" onClose={() => setOpened(null)} />
    </Stack>
  );
}
