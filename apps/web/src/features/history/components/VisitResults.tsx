import { Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime, formatINR, nameAndPhone, type VisitListRow } from '@pawdesk/shared';
import { Money } from '../../../components/Money';
import { phoneText } from '../../../components/PhoneLink';
import { TableHead } from '../../../components/TableHead';
import { VisitStateBadge as StateBadge } from '../../../components/VisitStateBadge';
import classes from './history.module.css';

const purposeOf = (r: VisitListRow) => r.visitType.purpose || r.purpose;

/** How a row is named to a screen reader and in tests: 'Shop visit of Bella on 22 Nov 2026, 3:05 pm'. */
export const rowLabel = (r: VisitListRow) => `${purposeOf(r)} visit of ${r.pet.name} on ${formatDateTime(r.createdAt)}`;

/** What is still owed under the badge: '₹200.00 due' (nothing when nothing is owed). */
function Due({ r }: { r: VisitListRow }) {
  if (r.due <= 0) return null;
  return (
    <Text size="xs" c="orange.9" style={{ whiteSpace: 'nowrap' }}>
      {formatINR(r.due)} due
    </Text>
  );
}

/**
 * The search's rows: a table (pet name, date, owner name, contact, purpose, price, payment) on a wide screen, a list
 * of cards on a phone. A click, or Enter on a focused row, opens the visit. `perPet` (one pet's visits, named above
 * the list) leaves out the pet and owner.
 */
export function VisitResults({
  rows,
  onOpen,
  perPet = false,
}: {
  rows: readonly VisitListRow[];
  onOpen: (r: VisitListRow) => void;
  perPet?: boolean;
}) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!wide)
    return (
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Visits" style={{ listStyle: 'none' }}>
        {rows.map((r) => (
          <li key={r._id}>
            <UnstyledButton className={classes.card} onClick={() => onOpen(r)} aria-label={rowLabel(r)}>
              <Card withBorder radius="md" padding="sm" className={classes.cardInner}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    {perPet ? (
                      <Text fw={600}>{purposeOf(r)}</Text>
                    ) : (
                      <>
                        <Text fw={600} truncate>
                          {r.pet.name}
                        </Text>
                        <Text size="sm">{purposeOf(r)}</Text>
                      </>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.createdAt)}
                    </Text>
                    {perPet ? null : (
                      <Text size="xs" c="dimmed" truncate>
                        {nameAndPhone(r.pet.owner.name, r.pet.owner.phone, ' · ')}
                      </Text>
                    )}
                  </div>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text fw={600} td={r.paymentState === 'voided' ? 'line-through' : undefined}>
                      <Money value={r.price} />
                    </Text>
                    <StateBadge state={r.paymentState} />
                    <Due r={r} />
                  </Stack>
                </Group>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={perPet ? 480 : 860}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Visits">
        <TableHead
          columns={[
            !perPet && 'Pet name',
            'Date',
            !perPet && 'Owner name',
            !perPet && 'Contact',
            'Purpose',
            { label: 'Price', ta: 'right' },
            { label: 'Payment', ta: 'right' },
          ]}
        />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r._id}
              className={classes.row}
              tabIndex={0}
              aria-label={rowLabel(r)}
              data-visit-id={r._id}
              onClick={() => onOpen(r)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(r);
                }
              }}
            >
              {perPet ? null : <Table.Td fw={600}>{r.pet.name}</Table.Td>}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Table.Td>
              {perPet ? null : <Table.Td>{r.pet.owner.name}</Table.Td>}
              {perPet ? null : <Table.Td style={{ whiteSpace: 'nowrap' }}>{phoneText(r.pet.owner.phone)}</Table.Td>}
              <Table.Td>{purposeOf(r)}</Table.Td>
              <Table.Td ta="right" td={r.paymentState === 'voided' ? 'line-through' : undefined}>
                <Money value={r.price} />
              </Table.Td>
              <Table.Td ta="right">
                <Stack gap={2} align="flex-end">
                  <StateBadge state={r.paymentState} />
                  <Due r={r} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
