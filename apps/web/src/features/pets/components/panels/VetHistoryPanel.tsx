import { Group, Modal, Stack, Table, Text } from '@mantine/core';
import { CUSTOMER_TYPE_LABEL, formatDate, formatDateTime, formatINR, type PetDetails, type Prescription } from '@pawdesk/shared';
import { useState } from 'react';
import { Money } from '../../../../components/Money';
import { usePetPrescriptions } from '../../api/get-pet-panels';
import { InfoGrid } from '../InfoGrid';
import { PagedTable, Panel, PanelList, Row } from './Panel';
import { VetVisitsSection } from './VetVisitsSection';

const SECTIONS: [keyof Pick<Prescription, 'items' | 'tablets' | 'mg' | 'ml'>, string][] = [
  ['items', 'Items'],
  ['tablets', 'Tablets'],
  ['mg', 'Mg Items'],
  ['ml', 'Ml Items'],
];

/** How a prescription's payment reads: the method's label ('Method not recorded' when the client sent none), amount, status. */
function paymentLabel(p: Prescription['payment']): string {
  if (!p) return 'Nothing to pay';
  return `${p.methodLabel} · ${formatINR(p.amount)} ${p.status}${p.receiptNo ? ` · Receipt ${p.receiptNo}` : ''}`;
}

export function VetHistoryPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const q = usePetPrescriptions(pet._id);
  const [open, setOpen] = useState<Prescription | null>(null);
  const list: Prescription[] = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Panel title="Vet History" petName={pet.name} onBack={onBack}>
      <PanelList
        q={q}
        loading="Loading prescriptions..."
        errorTitle="Error Loading Prescription"
        failed="Failed to fetch prescriptions"
        empty="No prescriptions found"
        isEmpty={list.length === 0}
      >
        <PagedTable
          q={q}
          columns={['Date', 'Diagnosis', 'Customer type', { label: 'Total', ta: 'right' }]}
          moreLabel="Load more prescriptions"
          clickable
        >
          {list.map((p) => (
            <Row key={p._id} onOpen={() => setOpen(p)} label={`Prescription of ${formatDate(p.createdAt)}`}>
              <Table.Td>{formatDate(p.createdAt)}</Table.Td>
              <Table.Td>{p.diagnosis || '—'}</Table.Td>
              <Table.Td>{CUSTOMER_TYPE_LABEL[p.customerType]}</Table.Td>
              <Table.Td ta="right">
                <Money value={p.totalPrice} />
              </Table.Td>
            </Row>
          ))}
        </PagedTable>
      </PanelList>
      <VetVisitsSection petId={pet._id} />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Prescription details" centered size="lg">
        {open ? (
          <Stack>
            <InfoGrid
              items={[
                ['Date', formatDateTime(open.createdAt)],
                ['Customer type', CUSTOMER_TYPE_LABEL[open.customerType]],
                ['Diagnosis', open.diagnosis || '—'],
                [
                  'Follow-up',
                  open.nextFollowUp
                    ? `${formatDate(open.nextFollowUp)}${open.followUpTime ? ` at ${open.followUpTime}` : ''}${
                        open.followUpPurpose ? ` — ${open.followUpPurpose}` : ''
                      }`
                    : 'None',
                ],
                ['Payment', paymentLabel(open.payment)],
              ]}
            />
            {SECTIONS.filter(([k]) => open[k].length > 0).map(([k, label]) => (
              <Stack key={k} gap={4}>
                <Text fw={600} size="sm">
                  {label}
                </Text>
                {open[k].map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; an item may repeat
                  <Group key={`${line.id._id}-${i}`} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {line.id.itemName} × {line.quantity}
                    </Text>
                    <Money value={line.price} />
                  </Group>
                ))}
              </Stack>
            ))}
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>
                <Money value={open.totalPrice} />
              </Text>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Panel>
  );
}
