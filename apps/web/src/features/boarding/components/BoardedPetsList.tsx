import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { CareWarningBadges } from '../../../components/CareWarningBadges';
import { type BoardedPetRow, DEBOARD_MESSAGES as M, formatDate, nameAndPhone } from '@pawdesk/shared';
import { IconEye, IconListDetails, IconPaw, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/LoadMore';
import { PetAvatar } from '../../../components/media/AuthImage';
import { Money } from '../../../components/Money';
import { phoneText } from '../../../components/PhoneLink';
import { TableHead } from '../../../components/TableHead';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useBoardedPets } from '../api/get-boarded-pets';
import type { BoardingCategory } from '../api/get-categories';
import { DnsListBadge } from '../../../components/donotserve';

/**
 * The entry date: the spec shows the first 10 characters of entryTime (ISO, and the UTC day); Pawdesk shows the day
 * in the business time zone in Indian order, '25 Nov 2026', as every list does (issue 18).
 */
export const entryDate = (row: { entryTime: string }) => formatDate(row.entryTime);

export function StatusBadge({ boarded }: { boarded: boolean }) {
  return (
    <Badge color={boarded ? 'teal' : 'gray'} variant="light" miw="max-content">
      {boarded ? 'Boarded' : 'Not Boarded'}
    </Badge>
  );
}

function DetailsButton({
  row,
  onOpen,
  focus,
}: {
  row: BoardedPetRow;
  onOpen: (row: BoardedPetRow) => void;
  /** Take the focus (when set, and again when the row moves and the button is made anew). */
  focus: boolean;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {/* The stay's printable run card (issue 20; a finished stay's card is its history). */}
      <Button
        size="xs"
        variant="default"
        component={Link}
        to={`/staff/care/runcard/${row._id}`}
        leftSection={<IconPrinter size={14} aria-hidden />}
        aria-label={`Run card of ${row.petId.name}`}
      >
        Run card
      </Button>
      <Button
        ref={ref}
        size="xs"
        variant="light"
        leftSection={<IconEye size={14} aria-hidden />}
        onClick={() => onOpen(row)}
        aria-label={`Show Details of ${row.petId.name}`}
      >
        Show Details
      </Button>
    </Group>
  );
}

/** What the stay's bill owes (the server's, as of now): red while due, 'Nothing due' otherwise. */
export function DueText({ due, label = false }: { due: number | undefined; label?: boolean }) {
  if (due === undefined) return <Text c="dimmed">—</Text>;
  return due > 0 ? (
    <Text span c="red.8" fw={600} size="sm">
      {label ? 'Due ' : null}
      <span data-testid="row-due">
        <Money value={due} />
      </span>
    </Text>
  ) : (
    <Text span c="dimmed" size="sm" data-testid="row-due">
      Nothing due
    </Text>
  );
}

function RowsTable({
  rows,
  onOpen,
  focusRow,
}: {
  rows: BoardedPetRow[];
  onOpen: (row: BoardedPetRow) => void;
  focusRow?: string | null;
}) {
  return (
    <Card withBorder radius="lg" padding={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <TableHead
          columns={['Pet', 'Owner', 'Phone', 'Status', 'Entry date', 'Due', { label: <VisuallyHidden>Actions</VisuallyHidden> }]}
        />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r._id} data-testid="boarded-row">
              <Table.Td fw={600}>
                <Group gap="sm" wrap="nowrap">
                  <PetAvatar photo={r.petId.photo} name={r.petId.name} size={36} radius="xl" variant="light" />
                  {r.petId.name}
                  <DnsListBadge petId={r.petId._id} ownerId={r.petId.owner._id} />
                  <CareWarningBadges warnings={r.petId.careWarnings} compact />
                </Group>
              </Table.Td>
              <Table.Td>{r.petId.owner.name}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{phoneText(r.petId.owner.phone)}</Table.Td>
              <Table.Td>
                <StatusBadge boarded={r.isBoarded} />
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{entryDate(r)}</Table.Td>
              <Table.Td>
                <DueText due={r.due} />
              </Table.Td>
              <Table.Td ta="right">
                <DetailsButton row={r} onOpen={onOpen} focus={focusRow === r._id} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function RowCards({
  rows,
  onOpen,
  focusRow,
}: {
  rows: BoardedPetRow[];
  onOpen: (row: BoardedPetRow) => void;
  focusRow?: string | null;
}) {
  return (
    <Stack gap="sm">
      {rows.map((r) => (
        <Card key={r._id} withBorder radius="lg" padding="sm" data-testid="boarded-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <PetAvatar photo={r.petId.photo} name={r.petId.name} size={44} radius="xl" variant="light" />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {r.petId.name}
              </Text>
              <DnsListBadge petId={r.petId._id} ownerId={r.petId.owner._id} />
              <CareWarningBadges warnings={r.petId.careWarnings} compact />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {nameAndPhone(r.petId.owner.name, r.petId.owner.phone, ' · ')}
              </Text>
              <Text size="xs" c="dimmed">
                Entry {entryDate(r)}
              </Text>
              <DueText due={r.due} label />
            </div>
            <div style={{ flexShrink: 0 }}>
              <StatusBadge boarded={r.isBoarded} />
            </div>
          </Group>
          <Group justify="flex-end" mt="xs">
            <DetailsButton row={r} onOpen={onOpen} focus={focusRow === r._id} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * One category's boardings (spec 001 §2): pet, owner, phone, Boarded / Not Boarded, the entry date and what the stay's
 * bill is due, with Show Details; the pets in house first and the finished stays apart (issue 18); a table on a wide
 * screen, cards on a phone; "Load more" pages on.
 */
export function BoardedPetsList({
  category,
  onOpen,
  compact,
  focusRow = null,
}: {
  category: BoardingCategory | null;
  onOpen: (row: BoardedPetRow) => void;
  compact: boolean;
  /**
   * The boarding whose Show Details gets the focus: the one whose details just closed (issue 22). A pet deboarded
   * moves to Finished stays, a new button: Mantine's own focus return aimed at the one that went, and left the focus
   * on the page's body.
   */
  focusRow?: string | null;
}) {
  const list = useBoardedPets(category?._id ?? null);
  if (!category) return <EmptyState title={M.selectCategory} icon={<IconListDetails size={26} />} />;
  if (list.isPending) return <LoadingState label={`Loading ${category.purpose} pets...`} />;
  if (!list.data) {
    return (
      <ErrorState
        title={`Could not load the ${category.purpose} pets`}
        message={list.error?.message ?? ''}
        onRetry={() => list.refetch()}
      />
    );
  }
  const rows = list.data.pages.flatMap((p) => p.boardedPetList);
  if (rows.length === 0) return <EmptyState title={M.noPets} icon={<IconPaw size={26} />} />;
  const inHouse = rows.filter((r) => r.isBoarded);
  const finished = rows.filter((r) => !r.isBoarded);
  const group = (title: string, part: BoardedPetRow[], id: string) => (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Group gap="xs">
        <Text id={id} fw={700} size="sm">
          {title}
        </Text>
        <Badge variant="light" color="gray" size="sm">
          {part.length}
        </Badge>
      </Group>
      {part.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {category.purpose} pets in house now.
        </Text>
      ) : compact ? (
        <RowCards rows={part} onOpen={onOpen} focusRow={focusRow} />
      ) : (
        <RowsTable rows={part} onOpen={onOpen} focusRow={focusRow} />
      )}
    </Stack>
  );
  return (
    <Stack gap="md" aria-label={`${category.purpose} pets`} role="region">
      {group('In house', inHouse, 'deboard-in-house')}
      {finished.length > 0 ? group('Finished stays', finished, 'deboard-finished') : null}
      <LoadMore q={list} />
    </Stack>
  );
}
