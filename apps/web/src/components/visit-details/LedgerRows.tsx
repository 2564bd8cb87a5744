import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { type DocumentSummary, ledgerMethodLabel, type VisitLedgerRow } from '@pawdesk/shared';
import { Link } from 'react-router';
import { serverMessage } from '../../lib/api-client';
import { Money } from '../Money';
import { dialogDate, Section } from './dialog-parts';
import { documentsOfLedger, type LedgerDocuments } from './ledger-documents';

const KIND_LABEL: Record<string, string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit: 'Credit',
  refund: 'Refund',
  allocation: 'Balance moved',
};
const STATUS_LABEL: Record<string, string> = { pending: 'Pending', completed: 'Completed', failed: 'Failed', void: 'Void' };
const STATUS_COLOR: Record<string, string> = { pending: 'yellow', completed: 'teal', failed: 'red', void: 'gray' };

/** Links to documents (tax invoice, bill of supply, credit note, receipt) on the staff's printable page. */
function DocumentLinks({ docs }: { docs: readonly DocumentSummary[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {docs.map((d) => (
        <Anchor key={d._id} component={Link} to={`/staff/documents/${d._id}`} size="xs" fw={500}>
          {d.title} {d.number}
        </Anchor>
      ))}
    </Group>
  );
}

/** What the visit's documents are while they load: the matched documents, or why there are none to link. */
export type LedgerDocumentsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | ({ status: 'ready' } & LedgerDocuments);

/**
 * The visit's ledger rows: charges, payments, credits, refunds (a list that wraps on a phone), each with a link to its
 * document (the charge's tax invoice / bill of supply, the credit's credit note, the payment's receipt); documents no
 * row claims follow the list.
 */
export function LedgerRows({ rows, documents }: { rows: readonly VisitLedgerRow[]; documents?: LedgerDocumentsState }) {
  const ready = documents?.status === 'ready' ? documents : null;
  return (
    <Section title="Ledger">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ledger entries
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((r) => {
            const moved = r.kind === 'payment' || r.kind === 'refund';
            const docs = ready?.byRow.get(r._id) ?? [];
            return (
              <Group
                component="li"
                key={r._id}
                justify="space-between"
                align="flex-start"
                wrap="nowrap"
                gap="sm"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {KIND_LABEL[r.kind] ?? r.kind}
                    {moved ? ` · ${ledgerMethodLabel(r.method)}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dialogDate(r.at, true)}
                    {r.receiptNo ? ` · Receipt ${r.receiptNo}` : ''}
                  </Text>
                  {docs.length > 0 ? <DocumentLinks docs={docs} /> : null}
                </div>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" fw={600}>
                    <Money value={r.amount} />
                  </Text>
                  <Badge size="xs" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
                    {STATUS_LABEL[r.status] ?? r.status}
                  </Badge>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {ready && ready.others.length > 0 ? (
        <Stack gap={2} aria-label="Other documents">
          <Text size="xs" c="dimmed">
            Documents
          </Text>
          <DocumentLinks docs={ready.others} />
        </Stack>
      ) : null}
      {documents?.status === 'error' ? (
        <Text size="xs" c="dimmed" role="status">
          Documents could not be loaded: {documents.message}
        </Text>
      ) : null}
    </Section>
  );
}

/** The visit's documents query as the ledger shows it: matched to its rows once loaded. */
export function ledgerDocuments(
  rows: readonly VisitLedgerRow[],
  q: { data?: readonly DocumentSummary[]; error: unknown },
): LedgerDocumentsState {
  if (q.data) return { status: 'ready', ...documentsOfLedger(rows, q.data) };
  if (q.error) return { status: 'error', message: serverMessage(q.error, 'no answer from the server') };
  return { status: 'loading' };
}
