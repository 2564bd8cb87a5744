import { Badge, Card, Divider, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatDate,
  formatDateTime,
  formatINR,
  ledgerMethodLabel,
  type Reservation,
  type ReservationAction,
  type ReservationDetailResponse,
} from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CopyLinkField } from '../../../components/CopyLinkField';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { detailQuery } from '../api/reservations';
import { dayMonthOf, weekdayOf } from './dates';
import { petNames } from './DayLists';
import { type ActionTarget, ReservationActions } from './ReservationActions';
import { StatusBadge } from './StatusBadge';
import { DnsListBadge } from '../../../components/donotserve';

const ACTION_LABEL: Record<ReservationAction, string> = {
  created: 'Made',
  confirmed: 'Confirmed',
  waitlisted: 'Put on the waitlist',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  cancelled: 'Cancelled',
  no_show: 'Marked as a no-show',
  waived: 'No-show deposit refunded',
};

const LEDGER_STATUS: Record<string, string> = {
  pending: 'Awaiting payment',
  completed: 'Completed',
  failed: 'Failed',
  void: 'Void',
};

const KIND_LABEL = { payment: 'Deposit', refund: 'Refund', allocation: 'Applied to the stay' } as const;

export function reservationTarget(r: Reservation): ActionTarget {
  return {
    reservationId: r._id,
    status: r.status,
    boardingId: r.pets.find((p) => p.boardingId && !p.deboarded)?.boardingId ?? null,
    visitTypeId: r.visitType._id,
    firstDay: r.firstDay,
    label: `${petNames(r.pets)} of ${r.owner.name} (${r.visitType.purpose}, ${r.label})`,
    due: r.due,
    depositHeld: r.depositHeld,
  };
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function DetailBody({ data, today }: { data: ReservationDetailResponse; today: string | undefined }) {
  const r = data.reservation;
  const links = data.ledger.filter((l) => l.linkUrl && l.status === 'pending');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={3} fz="lg">
            {petNames(r.pets)}
          </Title>
          <Text size="sm">
            {r.owner.name}
            {r.owner.phone ? ` · ${r.owner.phone}` : ''}
            {r.owner.email ? ` · ${r.owner.email}` : ''}
          </Text>
          <DnsListBadge petId={r.pets.map((p) => p._id)} ownerId={r.owner._id} compact={false} />
        </div>
        <StatusBadge status={r.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Type" value={r.visitType.purpose} />
        <Figure label="Stay" value={r.label} testId="detail-label" />
        <Figure label="Check-in" value={formatDateTime(r.checkIn)} />
        <Figure label="Check-out" value={formatDateTime(r.checkOut)} />
        <Figure label="Price" value={formatINR(r.price)} />
        <Figure label="Deposit held" value={formatINR(r.depositHeld)} testId="detail-deposit" />
        <Figure label="Still owed" value={formatINR(r.due)} testId="detail-due" />
        {r.depositPending > 0 ? <Figure label="Deposit awaited" value={formatINR(r.depositPending)} /> : null}
        {r.depositRefunded > 0 ? <Figure label="Refunded" value={formatINR(r.depositRefunded)} /> : null}
        {r.depositApplied > 0 ? <Figure label="Applied to stays" value={formatINR(r.depositApplied)} /> : null}
      </SimpleGrid>
      {r.notes ? (
        <Card withBorder radius="md" padding="xs">
          <Text size="xs" c="dimmed">
            Notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {r.notes}
          </Text>
        </Card>
      ) : null}
      {r.cancelReason ? (
        <Text size="sm">
          <b>Reason for cancelling:</b> {r.cancelReason}
        </Text>
      ) : null}
      <ReservationActions
        target={reservationTarget(r)}
        arrival={r.status === 'confirmed'}
        departure={r.status === 'checked_in'}
        today={today}
      />
      {links.map((l) => (
        <CopyLinkField
          key={l._id}
          label={`Deposit link for ${formatINR(l.amount)} (awaiting payment)`}
          url={l.linkUrl as string}
        />
      ))}
      <Divider />
      <Stack gap={4} component="section" aria-label="Pets">
        <Text fw={600}>Pets</Text>
        {r.pets.map((p) => (
          <Group key={p._id} gap="xs">
            <Text size="sm" fw={500}>
              {p.name}
            </Text>
            {p.breed ? (
              <Text size="xs" c="dimmed">
                {p.breed}
              </Text>
            ) : null}
            {p.boardingId ? (
              <Badge size="xs" variant="light" color={p.deboarded ? 'gray' : 'grape'}>
                {p.deboarded ? 'Deboarded' : 'Boarded'}
              </Badge>
            ) : null}
          </Group>
        ))}
      </Stack>
      {data.days.length > 0 && ['requested', 'waitlisted', 'confirmed'].includes(r.status) ? (
        <Stack gap={4} component="section" aria-label="Places on each day">
          <Text fw={600}>Places on each day</Text>
          <Group gap={6}>
            {data.days.map((d) => (
              <Badge key={d.date} variant="light" color={d.fits ? 'teal' : 'red'} tt="none" radius="sm">
                {weekdayOf(d.date)} {dayMonthOf(d.date)}: {d.free === null ? 'no limit' : d.fits ? `${d.free} free` : 'full'}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : null}
      <Stack gap={4} component="section" aria-label="Deposit ledger">
        <Text fw={600}>Deposit ledger</Text>
        {data.ledger.length === 0 ? (
          <Text size="sm" c="dimmed">
            No deposit taken.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withRowBorders={false} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.ledger.map((l) => (
                  <Table.Tr key={l._id} data-testid="ledger-row">
                    <Table.Td>{formatDateTime(l.at)}</Table.Td>
                    <Table.Td>
                      {KIND_LABEL[l.kind]}
                      {l.method ? ` · ${ledgerMethodLabel(l.method)}` : ''}
                      {l.receiptNo ? ` · Receipt ${l.receiptNo}` : ''}
                      {l.description ? (
                        <Text size="xs" c="dimmed">
                          {l.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{LEDGER_STATUS[l.status] ?? l.status}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatINR(l.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap={4} component="section" aria-label="History">
        <Text fw={600}>History</Text>
        <Stack component="ol" gap={2} m={0} pl="md">
          {r.transitions.map((t) => (
            <Text component="li" key={`${t.action}-${t.at}`} size="sm">
              {ACTION_LABEL[t.action]} · {formatDateTime(t.at)}
              {t.by ? ` · ${t.by}` : ''}
            </Text>
          ))}
        </Stack>
        {r.reminderSentOn ? (
          <Text size="xs" c="dimmed">
            Reminder sent on {formatDate(r.reminderSentOn)}.
          </Text>
        ) : null}
        {today && r.firstDay > today && r.status === 'confirmed' ? (
          <Text size="xs" c="dimmed">
            Checks in {formatDate(r.firstDay)}.
          </Text>
        ) : null}
      </Stack>
      <Text size="xs" c="dimmed">
        Made {formatDateTime(r.createdAt)}
      </Text>
    </Stack>
  );
}

/** A reservation: its pets, dates, status history, deposit held and ledger rows, and its actions. */
export function DetailModal({ id, today, onClose }: { id: string | null; today: string | undefined; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const q = useQuery(detailQuery(id));
  let body: ReactNode;
  if (!id) body = null;
  else if (q.data) body = <DetailBody data={q.data} today={today} />;
  else if (q.isError)
    body = (
      <ErrorState
        message={serverMessage(q.error, 'Failed to load the reservation')}
        onRetry={q.error instanceof ApiError && q.error.status === 404 ? undefined : () => void q.refetch()}
      />
    );
  else body = <LoadingState label="Loading the reservation..." />;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close the reservation' }}
      title="Reservation"
      size="xl"
      fullScreen={phone}
    >
      {body}
    </Modal>
  );
}
