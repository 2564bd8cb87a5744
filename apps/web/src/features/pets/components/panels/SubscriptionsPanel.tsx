import { Badge, Group, Modal, Stack, Table } from '@mantine/core';
import { formatDate, type PetDetails, type PetSubscription } from '@pawdesk/shared';
import { useState } from 'react';
import { Money } from '../../../../components/Money';
import { TableHead } from '../../../../components/TableHead';
import { usePetSubscriptions } from '../../api/get-pet-panels';
import { InfoGrid } from '../InfoGrid';
import { Panel, PanelList, Row } from './Panel';

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

export function SubscriptionsPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const q = usePetSubscriptions(pet._id);
  const [open, setOpen] = useState<PetSubscription | null>(null);
  const subscriptions: PetSubscription[] = q.data ?? [];
  return (
    <Panel title="Subscriptions" petName={pet.name} onBack={onBack}>
      <PanelList
        q={q}
        loading="Loading subscriptions..."
        errorTitle="Error Loading Subscriptions"
        failed="Failed to fetch subscriptions"
        unreachable="Failed to load subscription details"
        empty="No active subscriptions"
        isEmpty={subscriptions.length === 0}
      >
        <Table.ScrollContainer minWidth={460}>
          <Table verticalSpacing="sm" highlightOnHover>
            <TableHead columns={['Plan', 'Status', 'Days left', 'Price']} />
            <Table.Tbody>
              {subscriptions.map((s) => (
                <Row key={s._id} onOpen={() => setOpen(s)} label={`Subscription ${s.planId.subscriptionType.purpose}`}>
                  <Table.Td fw={600}>{s.planId.subscriptionType.purpose}</Table.Td>
                  <Table.Td>
                    <ActiveBadge active={s.active} />
                  </Table.Td>
                  <Table.Td>{s.daysLeft}</Table.Td>
                  <Table.Td>
                    <Money value={s.planId.price} />
                  </Table.Td>
                </Row>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PanelList>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Subscription details" centered>
        {open ? (
          <Stack>
            <Group>
              <ActiveBadge active={open.active} />
            </Group>
            <InfoGrid
              items={[
                ['Plan', `${open.planId.subscriptionType.purpose} — ${open.planId.name}`],
                ['Days left', open.daysLeft],
                ['Plan price', <Money key="p" value={open.planId.price} />],
                ['Duration', `${open.planId.duration} days`],
                ['Groomings left', `${open.numberOfGroomings} of ${open.planId.numberOfGroomings}`],
                ['First payment', formatDate(open.firstPaymentDate)],
                ['Last payment', formatDate(open.lastPaymentDate)],
              ]}
            />
          </Stack>
        ) : null}
      </Modal>
    </Panel>
  );
}
