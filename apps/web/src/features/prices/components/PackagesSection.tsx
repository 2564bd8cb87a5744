import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PackageOffer } from '@pawdesk/shared';
import { IconArchive, IconArrowBackUp, IconEdit, IconHistory, IconPlus } from '@tabler/icons-react';
import { Money } from '../../../components/Money';
import { TableHead } from '../../../components/TableHead';

export interface PackageActions {
  onCreate: () => void;
  onEdit: (offer: PackageOffer) => void;
  /** Absent when the change history cannot show packages. */
  onHistory?: (offer: PackageOffer) => void;
  onRetire: (offer: PackageOffer) => void;
  onRestore: (offer: PackageOffer) => void;
  /** The package being retired or restored. */
  busy: string | null;
}

function Status({ offer }: { offer: PackageOffer }) {
  return (
    <Badge color={offer.active ? 'teal' : 'gray'} variant="light" size="sm">
      {offer.active ? 'Offered' : 'Retired'}
    </Badge>
  );
}

function Actions({ offer, a }: { offer: PackageOffer; a: PackageActions }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit package">
        <ActionIcon variant="subtle" aria-label={`Edit ${offer.name}`} onClick={() => a.onEdit(offer)}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={offer.active ? 'Retire: no longer offered' : 'Restore: offer it again'}>
        <ActionIcon
          variant="subtle"
          color={offer.active ? 'red' : 'teal'}
          aria-label={`${offer.active ? 'Retire' : 'Restore'} ${offer.name}`}
          loading={a.busy === offer._id}
          disabled={a.busy !== null}
          onClick={() => (offer.active ? a.onRetire(offer) : a.onRestore(offer))}
        >
          {offer.active ? <IconArchive size={18} /> : <IconArrowBackUp size={18} />}
        </ActionIcon>
      </Tooltip>
      {a.onHistory ? (
        <Tooltip label="Change history">
          <ActionIcon variant="subtle" color="gray" aria-label={`History of ${offer.name}`} onClick={() => a.onHistory?.(offer)}>
            <IconHistory size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * The boarding packages (the business's "15 Days Boarding Plan"): wallet-funded days of boarding per pet, not
 * subscription plans. Admins add, edit, retire and restore them.
 */
export function PackagesSection({ offers, ...a }: { offers: PackageOffer[] } & PackageActions) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Boarding package list">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          Paid from the owner's wallet, one day at a time per pet.
        </Text>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={a.onCreate}>
          Add package
        </Button>
      </Group>
      {offers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No boarding packages yet.
        </Text>
      ) : wide ? (
        <Table verticalSpacing={4} highlightOnHover layout="fixed">
          <TableHead
            columns={[
              { label: 'Boarding package', w: '30%' },
              { label: 'Boarding type' },
              { label: 'Days', ta: 'right' },
              { label: 'Price per pet', ta: 'right' },
              { label: 'Day 1 per pet', ta: 'right' },
              { label: 'Status', pl: 'lg' },
              { label: <VisuallyHidden>Actions</VisuallyHidden>, w: 110 },
            ]}
          />
          <Table.Tbody>
            {offers.map((o) => (
              <Table.Tr key={o._id} data-testid="package-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {o.name}
                  </Text>
                </Table.Td>
                <Table.Td>{o.boardingType.purpose}</Table.Td>
                <Table.Td ta="right">{o.days}</Table.Td>
                <Table.Td ta="right">
                  <Money value={o.price} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={o.dailyCharge} />
                </Table.Td>
                <Table.Td pl="lg">
                  <Status offer={o} />
                </Table.Td>
                <Table.Td>
                  <Actions offer={o} a={a} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap="xs">
          {offers.map((o) => (
            <Card key={o._id} withBorder radius="sm" padding="xs" data-testid="package-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {o.name}
                    </Text>
                    <Status offer={o} />
                  </Group>
                  <Text size="sm">
                    {o.boardingType.purpose} · {o.days} days · <Money value={o.price} /> per pet
                  </Text>
                  <Text size="xs" c="dimmed">
                    Day 1: <Money value={o.dailyCharge} /> per pet
                  </Text>
                </div>
                <Actions offer={o} a={a} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}
