import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminVisitType, VISIT_TYPE_CODE } from '@pawdesk/shared';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import { gstSummaryText } from '../../../components/gst/gst-rules';
import { Money } from '../../../components/Money';
import { TableHead } from '../../../components/TableHead';

/** The consultation prices, shown for the visit type whose visits are priced by customer type. */
const CONSULTATIONS = [
  ['consultationPricePvt', 'Private'],
  ['consultationPricePvtEmergency', 'Private emergency'],
  ['consultationPriceNgo', 'NGO'],
  ['consultationPriceNgoEmergency', 'NGO emergency'],
] as const;

export const hasConsultations = (t: AdminVisitType) => t.code === VISIT_TYPE_CODE.Veterinary;

function Consultations({ t }: { t: AdminVisitType }) {
  if (!hasConsultations(t)) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {CONSULTATIONS.map(([field, label]) => (
        <Text size="xs" key={field}>
          <Text span c="dimmed" size="xs">
            {label}:
          </Text>{' '}
          <Money value={t[field]} />
        </Text>
      ))}
    </Stack>
  );
}

/** A boarding type's places ('20 places', 'No limit'); '—' for types that do not board. */
export const capacityText = (t: AdminVisitType) => {
  if (!t.isBoarding) return '—';
  if (t.capacity === null) return 'No limit';
  return `${t.capacity} ${t.capacity === 1 ? 'place' : 'places'}`;
};

/** The GST of a visit type: its summary and SAC code. */
function Gst({ t }: { t: AdminVisitType }) {
  return (
    <Text size="sm" data-testid="visit-type-gst" style={{ whiteSpace: 'nowrap' }}>
      {gstSummaryText(t)}
      {t.sacCode ? (
        <Text span size="xs" c="dimmed" ml={6}>
          SAC {t.sacCode}
        </Text>
      ) : null}
    </Text>
  );
}

function Purpose({ t }: { t: AdminVisitType }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600}>
        {t.purpose}
      </Text>
      {t.active ? null : (
        <Badge size="xs" color="gray" variant="light">
          Not offered
        </Badge>
      )}
    </Group>
  );
}

interface Props {
  types: AdminVisitType[];
  onEdit: (t: AdminVisitType) => void;
  onHistory: (t: AdminVisitType) => void;
}

function Actions({ t, onEdit, onHistory }: { t: AdminVisitType } & Omit<Props, 'types'>) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit prices">
        <ActionIcon variant="subtle" aria-label={`Edit ${t.purpose}`} onClick={() => onEdit(t)}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Change history">
        <ActionIcon variant="subtle" color="gray" aria-label={`History of ${t.purpose}`} onClick={() => onHistory(t)}>
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The visit types with their prices: a dense table, or cards on a phone. */
export function VisitTypesTable({ types, onEdit, onHistory }: Props) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  if (!wide) {
    return (
      <Stack gap="xs" aria-label="Visit types">
        {types.map((t) => (
          <Card key={t._id} withBorder radius="md" padding="xs" px="sm" data-testid="visit-type-row">
            <Group justify="space-between" wrap="nowrap" mb={2}>
              <Purpose t={t} />
              <Actions t={t} onEdit={onEdit} onHistory={onHistory} />
            </Group>
            <Text size="sm">
              <Text span size="xs" c="dimmed">
                Base
              </Text>{' '}
              <Money value={t.price} />
              <Text span size="xs" c="dimmed" ml="sm">
                Half day
              </Text>{' '}
              <Money value={t.halfdayPrice} />
              {t.isBoarding ? (
                <Text span size="sm" ml="sm" style={{ whiteSpace: 'nowrap' }}>
                  <Text span size="xs" c="dimmed">
                    Capacity
                  </Text>{' '}
                  <span data-testid="visit-type-capacity">{capacityText(t)}</span>
                </Text>
              ) : null}
            </Text>
            <Group gap={6} mt={2}>
              <Text span size="xs" c="dimmed">
                GST
              </Text>
              <Gst t={t} />
            </Group>
            {hasConsultations(t) ? (
              <div style={{ marginTop: 4 }}>
                <Consultations t={t} />
              </div>
            ) : null}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover verticalSpacing={6} aria-label="Visit types">
      <TableHead
        columns={[
          'Purpose',
          { label: 'Base price', ta: 'right' },
          { label: 'Half day', ta: 'right' },
          { label: 'Capacity', ta: 'right' },
          'GST',
          'Consultation',
          { label: <VisuallyHidden>Actions</VisuallyHidden>, w: 90 },
        ]}
      />
      <Table.Tbody>
        {types.map((t) => (
          <Table.Tr key={t._id} data-testid="visit-type-row">
            <Table.Td>
              <Purpose t={t} />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={t.price} />
            </Table.Td>
            <Table.Td ta="right">
              <Money value={t.halfdayPrice} />
            </Table.Td>
            <Table.Td ta="right" c={t.isBoarding ? undefined : 'dimmed'} data-testid="visit-type-capacity">
              {capacityText(t)}
            </Table.Td>
            <Table.Td>
              <Gst t={t} />
            </Table.Td>
            <Table.Td>
              <Consultations t={t} />
            </Table.Td>
            <Table.Td>
              <Actions t={t} onEdit={onEdit} onHistory={onHistory} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
