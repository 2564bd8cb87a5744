import { Modal, Table } from '@mantine/core';
import { formatDate, type PetDetails, type Vaccination } from '@pawdesk/shared';
import { useState } from 'react';
import { TableHead } from '../../../../components/TableHead';
import { EmptyState } from '../../../../components/states';
import { InfoGrid } from '../InfoGrid';
import { Panel, Row } from './Panel';

export function VaccinationsPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const [open, setOpen] = useState<Vaccination | null>(null);
  return (
    <Panel title="Vaccinations" petName={pet.name} onBack={onBack}>
      {pet.vaccinations.length === 0 ? (
        <EmptyState title="No vaccinations recorded" />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <TableHead columns={['Vaccine', 'Doses', 'Given on', 'Batch / serial no.', 'Next due']} />
            <Table.Tbody>
              {pet.vaccinations.map((v) => (
                <Row key={v._id} onOpen={() => setOpen(v)} label={`Vaccination ${v.name}`}>
                  <Table.Td fw={600}>{v.name}</Table.Td>
                  <Table.Td>{v.numberOfDose ?? '—'}</Table.Td>
                  <Table.Td>{v.givenOn ? formatDate(v.givenOn) : '—'}</Table.Td>
                  <Table.Td>{v.serialNo ?? '—'}</Table.Td>
                  <Table.Td>{v.nextDue ? formatDate(v.nextDue) : '—'}</Table.Td>
                </Row>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Vaccination details" centered>
        {open ? (
          <InfoGrid
            items={[
              ['Vaccine', open.name],
              ['Number of doses', open.numberOfDose ?? 'Not recorded'],
              ['Given on', open.givenOn ? formatDate(open.givenOn) : 'Not recorded'],
              ['Batch / serial no.', open.serialNo ?? 'Not recorded'],
              ['Next due', open.nextDue ? formatDate(open.nextDue) : 'Not recorded'],
            ]}
          />
        ) : null}
      </Modal>
    </Panel>
  );
}
