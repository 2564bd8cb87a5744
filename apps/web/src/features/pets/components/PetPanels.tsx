import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import {
  CUSTOMER_TYPE_LABEL,
  formatDate,
  formatDateTime,
  type PetDetails,
  type PetSubscription,
  type PetVisit,
  type Prescription,
  type Vaccination,
} from '@pawdesk/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Money } from '../../../components/Money';
import { TableHead } from '../../../components/TableHead';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverAnswered, serverMessage } from '../../../lib/api-client';
import { usePetPrescriptions, usePetSubscriptions, usePetVisits } from '../api/get-pet-panels';
import { InfoGrid } from './InfoGrid';
import classes from './pets.module.css';

/** A full-view panel of the details column with a way back. */
function Panel({
  title,
  petName,
  onBack,
  children,
}: {
  title: string;
  petName: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {petName}
          </Text>
        </div>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} autoFocus>
          Back to pet details
        </Button>
      </Group>
      {children}
    </Card>
  );
}

/** A clickable row of a panel list that opens its details modal. */
function Row({ onOpen, label, children }: { onOpen: () => void; label: string; children: ReactNode }) {
  return (
    <Table.Tr
      className={classes.clickable}
      tabIndex={0}
      aria-label={label}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
    >
      {children}
    </Table.Tr>
  );
}

const apiMessage = (err: unknown, answered: string, thrown: string) =>
  serverAnswered(err) ? serverMessage(err, answered) : thrown;

/**
 * A panel's list from its query: the loading text, the error with Try again
 * (the server's message, else `failed`; `unreachable` when it did not answer),
 * the empty text, or the list (`children`).
 */
function PanelList({
  q,
  loading,
  errorTitle,
  failed,
  unreachable = failed,
  empty,
  isEmpty,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  errorTitle: string;
  failed: string;
  unreachable?: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (q.isPending) return <LoadingState label={loading} />;
  if (q.isError)
    return <ErrorState title={errorTitle} message={apiMessage(q.error, failed, unreachable)} onRetry={() => void q.refetch()} />;
  if (isEmpty) return <EmptyState title={empty} />;
  return children;
}

/** The button that loads a paged list's next page, while there is one. */
function LoadMore({
  q,
  label,
}: {
  q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  return q.hasNextPage ? (
    <Button variant="light" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
      {label}
    </Button>
  ) : null;
}

// ------------------------------------------------------------------ vaccinations

export function VaccinationsPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const [open, setOpen] = useState<Vaccination | null>(null);
  return (
    <Panel title="Vaccinations" petName={pet.name} onBack={onBack}>
      {pet.vaccinations.length === 0 ? (
        <EmptyState title="No vaccinations recorded" />
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="sm" highlightOnHover>
            <TableHead columns={['Vaccine', 'Doses', 'Given on', 'Next due']} />
            <Table.Tbody>
              {pet.vaccinations.map((v) => (
                <Row key={v._id} onOpen={() => setOpen(v)} label={`Vaccination ${v.name}`}>
                  <Table.Td fw={600}>{v.name}</Table.Td>
                  <Table.Td>{v.numberOfDose ?? '—'}</Table.Td>
                  <Table.Td>{v.givenOn ? formatDate(v.givenOn) : '—'}</Table.Td>
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
              ['Next due', open.nextDue ? formatDate(open.nextDue) : 'Not recorded'],
            ]}
          />
        ) : null}
      </Modal>
    </Panel>
  );
}

// ------------------------------------------------------------------ subscriptions

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

// ------------------------------------------------------------------ visits

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
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={460}>
            <Table verticalSpacing="sm" striped>
              <TableHead columns={['Pet', 'Date', 'Purpose', { label: 'Amount', ta: 'right' }]} />
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore q={q} label="Load more visits" />
        </Stack>
      </PanelList>
    </Panel>
  );
}

// ------------------------------------------------------------------ vet history (prescriptions)

const SECTIONS: [keyof Pick<Prescription, 'items' | 'tablets' | 'mg' | 'ml'>, string][] = [
  ['items', 'Items'],
  ['tablets', 'Tablets'],
  ['mg', 'Mg Items'],
  ['ml', 'Ml Items'],
];

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
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={460}>
            <Table verticalSpacing="sm" highlightOnHover>
              <TableHead columns={['Date', 'Diagnosis', 'Customer type', { label: 'Total', ta: 'right' }]} />
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore q={q} label="Load more prescriptions" />
        </Stack>
      </PanelList>
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
