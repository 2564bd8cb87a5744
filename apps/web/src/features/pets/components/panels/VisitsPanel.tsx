import { Table } from '@mantine/core';
import { formatDateTime, type PetDetails, type PetVisit } from '@pawdesk/shared';
import { Money } from '../../../../components/Money';
import { usePetVisits } from '../../api/get-pet-panels';
import { PagedTable, Panel, PanelList } from './Panel';

export function VisitsPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const q = usePetVisits(pet._id);
  const visits: PetVisit[] = q.data?.pages.flatMap((p) => p.List) ?? [];
  return (
    <Panel title="Visits" petName={pet.name} onBack={onBack}>
      <PanelList
        q={q}
        loading="Loading visits..."
        errorTitle="Could not load visits"
        failed="Failed to fetch visits"
        empty="No visits found"
        isEmpty={visits.length === 0}
      >
        <PagedTable q={q} columns={['Pet', 'Date', 'Purpose', { label: 'Amount', ta: 'right' }]} moreLabel="Load more visits">
          {visits.map((v) => (
            <Table.Tr key={v._id}>
              <Table.Td>{v.pet.name}</Table.Td>
              <Table.Td>{formatDateTime(v.createdAt)}</Table.Td>
              <Table.Td>{v.visitType.purpose || v.purpose}</Table.Td>
              <Table.Td ta="right">
                <Money value={v.price} />
              </Table.Td>
            </Table.Tr>
          ))}
        </PagedTable>
      </PanelList>
    </Panel>
  );
}
