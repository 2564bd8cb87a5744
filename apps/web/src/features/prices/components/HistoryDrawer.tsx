import { Button, Card, Drawer, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type AuditLogEntry,
  formatDateTime,
  formatINR,
  PRICE_AUDIT_ENTITIES,
  PRICE_FIELDS,
  type PriceAuditEntity,
} from '@pawdesk/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useHistory } from '../api/get-history';

/** Whose history the drawer shows: every visit type or plan, or one of them. */
export interface HistoryTarget {
  entity: PriceAuditEntity;
  entityId?: string;
  /** The record's name, when the drawer shows one record. */
  title?: string;
}

const ACTIONS: Record<string, string> = {
  'visit_type.update': 'Changed',
  'plan.create': 'Created',
  'plan.update': 'Changed',
  'plan.retire': 'Retired',
  'plan.restore': 'Restored',
  'package.create': 'Created',
  'package.update': 'Changed',
  'package.retire': 'Retired',
  'package.restore': 'Restored',
};

/** The recorded fields that are rupees (a plan's `price` too). */
const MONEY_FIELDS = new Set<string>(Object.keys(PRICE_FIELDS));

/** Field labels per audited entity (boarding packages too, where the history answers them). */
const LABELS: Record<string, Record<string, string>> = {
  visit_type: { ...PRICE_FIELDS, purpose: 'Purpose', active: 'Offered' },
  plan: {
    visitType: 'Visit type',
    name: 'Name',
    price: 'Price',
    duration: 'Duration (days)',
    numberOfGroomings: 'Groomings',
    validityDays: 'Validity (days)',
    active: 'Offered',
  },
  package: { name: 'Name', boardingType: 'Boarding type', days: 'Days', price: 'Price per pet', active: 'Offered' },
};

/** A recorded value as the screen shows it: rupees as ₹1,234.00, flags as Yes/No. */
function show(field: string, v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'number' && MONEY_FIELDS.has(field)) return formatINR(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

function Entry({ e, entity, names }: { e: AuditLogEntry; entity: PriceAuditEntity; names: ReadonlyMap<string, string> }) {
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const subject = e.entityId ? names.get(e.entityId) : undefined;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="history-entry">
      <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
        <div>
          <Text size="sm" fw={600}>
            {ACTIONS[e.action] ?? e.action}
            {subject ? ` · ${subject}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            by {e.user?.fullName ?? 'the system'}
          </Text>
        </div>
        <Text size="xs" c="dimmed" ta="right">
          {formatDateTime(e.createdAt)}
        </Text>
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="sm">
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f}>
              <Table.Td c="dimmed" w="40%">
                {LABELS[entity]?.[f] ?? f}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  {e.before && f in e.before ? (
                    <>
                      <Text span size="sm" td="line-through" c="dimmed">
                        {show(f, e.before[f])}
                      </Text>
                      <IconArrowRight size={12} aria-label="changed to" />
                    </>
                  ) : null}
                  <Text span size="sm" fw={500}>
                    {show(f, e.after?.[f])}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Entries({ target, names }: { target: HistoryTarget; names: ReadonlyMap<string, string> }) {
  const history = useHistory(target.entity, target.entityId, true);
  if (history.isPending) return <LoadingState label="Loading the history..." />;
  if (history.isError) {
    return <ErrorState title="Could not load the history" message={history.error.message} onRetry={() => history.refetch()} />;
  }
  const entries = history.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <EmptyState title="No changes yet" hint="Changes to prices and plans show here." />;
  return (
    <Stack gap="sm">
      {entries.map((e) => (
        <Entry key={e._id} e={e} entity={target.entity} names={target.entityId ? new Map() : names} />
      ))}
      {history.hasNextPage ? (
        <Button variant="light" onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * The change history (who, when, before → after), newest first. For the whole screen it can switch between the
 * visit types and the plans; `names` turns record ids into their names.
 */
export function HistoryDrawer({
  target,
  names,
  onChange,
  onClose,
}: {
  target: HistoryTarget | null;
  names: ReadonlyMap<string, string>;
  onChange: (t: HistoryTarget) => void;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const title = target?.title ? `History: ${target.title}` : 'Change history';
  return (
    <Drawer opened={target !== null} onClose={onClose} title={title} position="right" size={phone ? '100%' : 'md'}>
      {target ? (
        <Stack gap="md">
          {target.entityId ? null : (
            <SegmentedControl
              fullWidth
              value={target.entity}
              onChange={(v) => onChange({ entity: v as PriceAuditEntity })}
              data={[
                { value: 'visit_type', label: 'Visit prices' },
                { value: 'plan', label: 'Plans' },
                ...((PRICE_AUDIT_ENTITIES as readonly string[]).includes('package')
                  ? [{ value: 'package', label: 'Packages' }]
                  : []),
              ]}
            />
          )}
          <Entries key={`${target.entity}-${target.entityId ?? ''}`} target={target} names={names} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
